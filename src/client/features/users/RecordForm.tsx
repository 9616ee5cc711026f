import { yupResolver } from '@hookform/resolvers/yup';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AnyObject, ObjectSchema } from 'yup';
import { Modal } from '../../components/Modal';
import { NoticeView } from '../../components/NoticeView';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { TextField } from '../../components/fields';
import { type AddFormName, addFormClosed, addFormSubmitted, selectAdding } from './slice';

export interface FormField {
  name: string;
  /** Label key under users:forms.fields when it differs from the name. */
  label?: string;
  type?: 'text' | 'number' | 'email' | 'password';
  /** A select of these choices instead of an input. */
  choices?: Array<{ value: number; label: string }>;
  placeholder?: string;
}

/**
 * An add form in a modal, checked with the shared schema before anything is sent; the server's
 * sentence (or the form's fallback) is shown when it refuses.
 */
export function RecordForm({ form, schema, fields, onClose }: { form: AddFormName; schema: ObjectSchema<AnyObject>; fields: FormField[]; onClose: () => void }) {
  const { t } = useTranslation('users');
  const dispatch = useAppDispatch();
  const adding = useAppSelector(selectAdding);
  const save = adding?.form === form ? adding : null;
  const { register, handleSubmit, formState } = useForm({ resolver: yupResolver(schema) });
  useEffect(() => {
    if (save?.status === 'added') onClose();
  }, [save?.status, onClose]);
  useEffect(
    () => () => {
      dispatch(addFormClosed());
    },
    [dispatch],
  );
  const errors = formState.errors as Record<string, { message?: string } | undefined>;
  return (
    <Modal title={t(`forms.${form}.title`)} onClose={onClose}>
      <NoticeView notice={save?.status === 'failed' ? save.notice : null} />
      <form noValidate onSubmit={handleSubmit((values) => dispatch(addFormSubmitted({ form, values })))}>
        {fields.map((field) => {
          const label = t(`forms.fields.${field.label ?? field.name}`);
          const numeric = field.type === 'number' || field.choices !== undefined;
          const registered = register(field.name, numeric ? { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) } : {});
          if (field.choices) {
            return (
              <div key={field.name}>
                <label htmlFor={`${form}-${field.name}`}>{label}</label>
                <select id={`${form}-${field.name}`} {...registered}>
                  <option value="">{field.placeholder}</option>
                  {field.choices.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </select>
                {errors[field.name]?.message && <div className="field-error">{t(errors[field.name]!.message!)}</div>}
              </div>
            );
          }
          return (
            <TextField
              key={field.name}
              label={label}
              type={field.type ?? 'text'}
              step={field.type === 'number' ? '0.01' : undefined}
              min={field.type === 'number' ? 0 : undefined}
              error={errors[field.name]?.message}
              {...registered}
            />
          );
        })}
        <div className="toolbar">
          <button type="submit" disabled={save?.status === 'busy'}>
            {t('forms.save')}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            {t('forms.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
