import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AnyObject, ObjectSchema } from 'yup';
import type { NumberRule } from '../../../shared/decimal';
import { Modal } from '../../components/Modal';
import { NoticeView } from '../../components/NoticeView';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { TextField } from '../../components/fields';
import { NumberField, type Preview, typedResolver, useTypedNumbers } from '../../components/numberFields';
import { type AddFormName, addFormClosed, addFormSubmitted, selectAdding } from './slice';

export interface FormField {
  name: string;
  /** Label key under users:forms.fields when it differs from the name. */
  label?: string;
  type?: 'text' | 'email' | 'password';
  /** A number typed by this rule, and the value it will save as the reader sees it. */
  number?: { rule: NumberRule; preview: Preview };
  /** A select of these choices instead of an input. */
  choices?: Array<{ value: number; label: string }>;
  placeholder?: string;
  /** A sentence under the input, while it shows no error. */
  hint?: string;
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
  const { numbers } = useTypedNumbers();
  const typed = Object.fromEntries(fields.flatMap((field) => (field.number ? [[field.name, field.number.rule]] : [])));
  const { register, handleSubmit, formState, control } = useForm<Record<string, unknown>>({ resolver: typedResolver(schema, (values) => numbers(values, typed)) });
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
          if (field.number) {
            return <NumberField key={field.name} control={control} name={field.name} rule={field.number.rule} label={label} preview={field.number.preview} />;
          }
          const registered = register(field.name, field.choices ? { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) } : {});
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
              hint={field.hint}
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
