interface Props {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * An on/off switch (a button with role="switch"). It gives its focus back after a tap: the next
 * scan's keys then reach no control at all (the scanner's Enter is taken from the page anyway).
 */
export function ScanSwitch({ label, checked, onChange }: Props) {
  return (
    <button
      type="button"
      role="switch"
      className={checked ? 'switch on' : 'switch'}
      aria-checked={checked}
      onClick={(event) => {
        onChange(!checked);
        event.currentTarget.blur();
      }}
    >
      {label}
    </button>
  );
}
