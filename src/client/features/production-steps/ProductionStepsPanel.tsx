import { yupResolver } from '@hookform/resolvers/yup';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ProductionStepDto } from '../../../shared/api';
import { productionStepSchema } from '../../../shared/schemas/production-steps';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useFormatters } from '../lookups';
import { TextField } from '../../components/fields';
import { ListStatus } from '../../components/ListStatus';
import { useStepNames } from './names';
import { selectSteps, selectStepsState, stepCreateRequested, stepDeleteRequested, stepsRequested, stepUpdateRequested } from './slice';
import { TableHead } from '../../components/TableHead';

type Values = { step_name: string; description?: string };

function StepForm({ initial, onSubmit, onCancel, submitLabel, labels }: {
  initial: Values;
  onSubmit: (values: { step_name: string; description: string }) => void;
  onCancel?: () => void;
  submitLabel: string;
  labels: { name: string; description: string };
}) {
  const { t } = useTranslation('steps');
  const { busy, saved } = useAppSelector(selectStepsState);
  const { register, handleSubmit, formState, reset } = useForm<Values>({ resolver: yupResolver(productionStepSchema), defaultValues: initial });
  useEffect(() => {
    if (!onCancel && saved !== null) reset({ step_name: '', description: '' });
  }, [saved, onCancel, reset]);
  return (
    <form
      noValidate
      className="step-form"
      onSubmit={handleSubmit((values) => onSubmit({ step_name: values.step_name.trim(), description: (values.description ?? '').trim() }))}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onCancel) onCancel();
      }}
    >
      <TextField label={labels.name} error={formState.errors.step_name?.message} {...register('step_name')} />
      <TextField label={labels.description} error={formState.errors.description?.message} {...register('description')} />
      <div className="toolbar">
        <button type="submit" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="secondary" onClick={onCancel}>
            {t('cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

/** A step's row; `name` is the step's name as the reader sees it (a built-in step in their language), the form edits the stored one. */
function StepRow({ step, name }: { step: ProductionStepDto; name: string }) {
  const fmt = useFormatters();
  const { t } = useTranslation('steps');
  const dispatch = useAppDispatch();
  const { busy, saved } = useAppSelector(selectStepsState);
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm'>('view');
  useEffect(() => {
    if (saved !== null) setMode('view');
  }, [saved]);

  if (mode === 'edit') {
    return (
      <tr>
        <td colSpan={5} aria-label={t('editing', { name })}>
          <StepForm
            initial={{ step_name: step.step_name, description: step.description }}
            labels={{ name: t('stepNameFor', { name }), description: t('descriptionFor', { name }) }}
            submitLabel={t('save')}
            onCancel={() => setMode('view')}
            onSubmit={(values) => dispatch(stepUpdateRequested({ id: step.id, ...values }))}
          />
        </td>
      </tr>
    );
  }
  return (
    <tr>
      <td>{step.id}</td>
      <td>{name}</td>
      <td>{step.description || '-'}</td>
      <td>{fmt.date(step.created_at)}</td>
      <td>
        {mode === 'confirm' ? (
          <div className="toolbar" role="group" aria-label={t('confirmDelete', { name })}>
            <span>{t('confirmDelete', { name })}</span>
            <button type="button" disabled={busy} onClick={() => dispatch(stepDeleteRequested({ id: step.id }))}>
              {t('confirmYes')}
            </button>
            <button type="button" className="secondary" autoFocus onClick={() => setMode('view')}>
              {t('cancel')}
            </button>
          </div>
        ) : (
          <div className="toolbar">
            <button type="button" className="secondary" aria-label={`${t('edit')}: ${name}`} onClick={() => setMode('edit')}>
              {t('edit')}
            </button>
            <button type="button" className="secondary" aria-label={`${t('delete')}: ${name}`} onClick={() => setMode('confirm')}>
              {t('delete')}
            </button>
          </div>
        )}
      </td>
    </tr>
  );
}

/** The admin's production steps: list, add, edit in place, delete after confirmation. */
export function ProductionStepsPanel() {
  const { t } = useTranslation('steps');
  const dispatch = useAppDispatch();
  const steps = useAppSelector(selectSteps);
  const names = useStepNames();
  const { status, notice } = useAppSelector(selectStepsState);
  useEffect(() => {
    dispatch(stepsRequested());
  }, [dispatch]);

  return (
    <section aria-labelledby="steps-title">
      <h2 id="steps-title">{t('title')}</h2>
      <div className="card narrow">
        <StepForm
          initial={{ step_name: '', description: '' }}
          labels={{ name: t('stepName'), description: t('description') }}
          submitLabel={t('add')}
          onSubmit={(values) => dispatch(stepCreateRequested(values))}
        />
      </div>
      <ListStatus status={status} notice={notice} count={steps.length} empty={t('empty')} />
      {steps.length > 0 && (
        <table>
          <TableHead labels={['#', t('stepName'), t('description'), t('createdAt'), t('actions')]} />
          <tbody>
            {steps.map((step) => (
              <StepRow key={step.id} step={step} name={names.get(step.id) ?? step.step_name} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
