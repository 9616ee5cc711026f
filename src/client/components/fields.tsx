import { forwardRef, type InputHTMLAttributes, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** A catalogue key (the shared schemas' messages are keys). */
  error?: string;
  hint?: string;
}

/** A labelled input with its validation message; registered with react-hook-form through the ref. */
export const TextField = forwardRef<HTMLInputElement, FieldProps>(function TextField({ label, error, hint, ...input }, ref) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <input id={id} ref={ref} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      {hint && !error && <div className="hint">{hint}</div>}
      {error && (
        <div id={`${id}-error`} className="field-error" role="alert">
          {t(error)}
        </div>
      )}
    </div>
  );
});

/** A password input with a show/hide toggle. */
export const PasswordField = forwardRef<HTMLInputElement, FieldProps>(function PasswordField({ label, error, hint, ...input }, ref) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  const id = useId();
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <div className="password-row">
        <input id={id} ref={ref} type={visible ? 'text' : 'password'} aria-invalid={error ? true : undefined} {...input} />
        <button type="button" className="secondary" aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
          {visible ? t('hidePassword') : t('showPassword')}
        </button>
      </div>
      {hint && !error && <div className="hint">{hint}</div>}
      {error && (
        <div className="field-error" role="alert">
          {t(error)}
        </div>
      )}
    </div>
  );
});
