interface Props {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * An on/off switch (a button with role="switch"), toggled by a tap or Space, never by Enter: the
 * Enter that ends a scanner's code must not turn it off while it has the focus. It gives its focus
 * back after a tap, so the next scan's keys reach no control at all.
 */
export function ScanSwitch({ label, checked, onChange }: Props) {
  return (
    <button
      type="button"
      role="switch"
      className={checked ? 'switch on' : 'switch'}
      aria-checked={checked}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault();
      }}
      onClick={(event) => {
        onChange(!checked);
        event.currentTarget.blur();
      }}
    >
      {label}
    </button>
  );
}
