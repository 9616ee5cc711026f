import { type ReactNode, useId } from 'react';

/**
 * A label beside its control, tied by id: a label wrapped around a select or a date would also
 * name the control by the value it shows.
 */
export function Field({ label, className, children }: { label: string; className?: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

/** A form's end: its refusal in words, if any, then its buttons, the submit button last. */
export function FormEnd({ error, busy, submit, children }: { error: string | null; busy: boolean; submit: string; children?: ReactNode }) {
  return (
    <>
      {error && (
        <div className="alert error" role="alert">
          {error}
        </div>
      )}
      <div className="toolbar">
        {children}
        <button type="submit" disabled={busy}>
          {submit}
        </button>
      </div>
    </>
  );
}
