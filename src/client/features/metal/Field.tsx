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
