import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AMOUNT, readNumber } from '../../../shared/decimal';
import type { NormDto } from '../../../shared/metal-api';
import { type NormInput, normSchema } from '../../../shared/schemas/metal';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListStatus } from '../../components/ListStatus';
import { TableHead } from '../../components/TableHead';
import { type Sentence, sentenceText } from '../../components/NoticeView';
import { NumberField, useTypedNumbers } from '../../components/numberFields';
import { firstError } from '../../components/validate';
import { stepsRequested } from '../production-steps';
import { Field, FormEnd } from '../../components/Field';
import { StepOptions, WorkshopOptions } from './options';
import { useMetalFormat } from './format';
import { useLedgerNames } from './names';
import { normAddRequested, normsRequested, puritiesRequested, selectMetal, selectNorms, selectPurities } from './slice';
import { useBlankAfterWrite } from './blankAfterWrite';

interface Values {
  workshop_id: string;
  step_id: string;
  milyem: string;
  per_mille: string;
  valid_from: string;
  valid_to: string;
}

const blank: Values = { workshop_id: '', step_id: '', milyem: '', per_mille: '', valid_from: '', valid_to: '' };

/** The typed rate, read as the reader writes rates. */
const NUMBERS = { per_mille: AMOUNT } as const;

/** The norm as the server takes it: empty choices left out (every workshop, every step, no bound), the rate exactly as typed (its decimal string). */
function normInput(values: Values, language: string): NormInput {
  const rate = readNumber(values.per_mille, NUMBERS.per_mille, language);
  return {
    ...(values.workshop_id ? { workshop_id: Number(values.workshop_id) } : {}),
    ...(values.step_id ? { step_id: Number(values.step_id) } : {}),
    milyem: values.milyem ? Number(values.milyem) : Number.NaN,
    per_mille: rate.status === 'read' ? rate.decimal : '',
    ...(values.valid_from ? { valid_from: values.valid_from } : {}),
    ...(values.valid_to ? { valid_to: values.valid_to } : {}),
  };
}

/** The admin's form for a new norm; the most specific norm valid on a day applies, so a norm is added, never edited. */
function NormForm() {
  const { t, i18n } = useTranslation('metal');
  const fmt = useMetalFormat();
  const { refusal } = useTypedNumbers();
  const dispatch = useAppDispatch();
  const purities = useAppSelector(selectPurities).data;
  const { busy } = useAppSelector(selectMetal);
  const { register, control, handleSubmit, reset } = useForm<Values>({ defaultValues: blank });
  const [error, setError] = useState<Sentence | null>(null);
  useBlankAfterWrite('norm', () => reset(blank));
  const submit = (values: Values) => {
    const refused = refusal(values, NUMBERS);
    const body = normInput(values, i18n.language);
    const invalid = refused ?? firstError(normSchema, body);
    setError(typeof invalid === 'string' ? { key: invalid } : invalid);
    if (!invalid) dispatch(normAddRequested(body));
  };
  return (
    <form noValidate className="card" aria-labelledby="norm-form-title" onSubmit={handleSubmit(submit)}>
      <h3 id="norm-form-title">{t('norms.add')}</h3>
      <div className="metal-line-fields">
        <Field label={t('norms.workshop')}>
          {(id) => (
            <select id={id} {...register('workshop_id')}>
              <option value="">{t('norms.allWorkshops')}</option>
              <WorkshopOptions />
            </select>
          )}
        </Field>
        <Field label={t('norms.step')}>
          {(id) => (
            <select id={id} {...register('step_id')}>
              <option value="">{t('norms.allSteps')}</option>
              <StepOptions />
            </select>
          )}
        </Field>
        <Field label={t('norms.purity')}>
          {(id) => (
            <select id={id} {...register('milyem')}>
              <option value="">{t('norms.pickPurity')}</option>
              {purities.map((p) => (
                <option key={p.id} value={p.milyem}>
                  {fmt.purity(p.metal, p.ayar, p.milyem)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <NumberField control={control} name="per_mille" rule={NUMBERS.per_mille} label={t('norms.perMille')} preview={(_, decimal) => fmt.perMille(decimal)} />
        <Field label={t('norms.validFrom')}>{(id) => <input id={id} type="date" {...register('valid_from')} />}</Field>
        <Field label={t('norms.validTo')}>{(id) => <input id={id} type="date" {...register('valid_to')} />}</Field>
      </div>
      <FormEnd error={error && sentenceText(t, error)} busy={busy} submit={t('norms.save')} />
    </form>
  );
}

/** The days a norm holds, either end open. */
function Validity({ norm }: { norm: NormDto }) {
  const { t } = useTranslation('metal');
  const fmt = useMetalFormat();
  if (!norm.valid_from && !norm.valid_to) return <>{t('norms.always')}</>;
  return <>{t('norms.between', { from: norm.valid_from ? fmt.day(norm.valid_from) : '…', to: norm.valid_to ? fmt.day(norm.valid_to) : '…' })}</>;
}

/**
 * The allowed loss per mille by workshop, step and purity, each for its days. The admin adds norms;
 * the office reads them.
 */
export function NormsPanel({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('metal');
  const fmt = useMetalFormat();
  const dispatch = useAppDispatch();
  const names = useLedgerNames();
  const { status, notice, data } = useAppSelector(selectNorms);
  useEffect(() => {
    dispatch(puritiesRequested());
    dispatch(stepsRequested());
    dispatch(normsRequested());
  }, [dispatch]);
  return (
    <section aria-labelledby="norms-title" className="norms">
      <h2 id="norms-title">{t('norms.title')}</h2>
      <p className="hint">{t('norms.hint')}</p>
      <ListStatus status={status} notice={notice} count={data.length} empty={t('norms.empty')} />
      {data.length > 0 && (
        <div className="table-scroll">
          <table aria-label={t('norms.title')}>
            <TableHead labels={[t('norms.workshop'), t('norms.step'), t('norms.purity'), t('norms.perMille'), t('norms.validity')]} />
            <tbody>
              {data.map((norm) => (
                <tr key={norm.id}>
                  <td>{norm.workshop_id === null ? t('norms.allWorkshops') : names.workshop(norm.workshop_id)}</td>
                  <td>{norm.step_id === null ? t('norms.allSteps') : names.step(norm.step_id)}</td>
                  <td>{names.purity(norm.milyem)}</td>
                  <td>{fmt.perMille(norm.per_mille)}</td>
                  <td>
                    <Validity norm={norm} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!readOnly && <NormForm />}
    </section>
  );
}
