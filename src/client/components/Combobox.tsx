import { type KeyboardEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { foldCase } from '../../shared/text';

/** A choice of a combobox: `search` is the text typed words are found in (title, code ...). */
export interface ComboOption {
  id: number;
  label: string;
  search: string;
  /** Shown beside the label in the list (a price, a company). */
  detail?: ReactNode;
  image?: string | null;
}

interface Props {
  /** The accessible name of the text box. */
  label: string;
  options: readonly ComboOption[];
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  onBlur?: () => void;
  placeholder?: string;
  /** Said in the list when no option has every typed word. */
  noMatches: string;
  invalid?: boolean;
  /** The options are still on their way: a choice typed meanwhile would find nothing, and Enter would be lost. */
  disabled?: boolean;
}

/** The options whose search text holds every typed word, in Turkish and English case alike (a dotless or dotted i found by its own capital). */
export function matchingOptions(options: readonly ComboOption[], query: string): readonly ComboOption[] {
  const words = foldCase(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return options;
  return options.filter((option) => {
    const text = foldCase(option.search);
    return words.every((word) => text.includes(word));
  });
}

/**
 * A text box that filters a list of choices as one types (the ARIA combobox pattern with a
 * listbox): arrow keys move through the matches, Enter takes the one marked, Escape closes the
 * list and shows the choice again; a click takes an option too. Leaving the box with typed text
 * that chose nothing keeps the last choice.
 */
export function Combobox({ label, options, value, onChange, onBlur, placeholder, noMatches, invalid, disabled = false }: Props) {
  const listId = useId();
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  const chosen = options.find((option) => option.id === value);
  const matches = useMemo(() => matchingOptions(options, query ?? ''), [options, query]);
  const marked = open ? matches[Math.min(active, matches.length - 1)] : undefined;

  const mark = (index: number) => {
    setActive(index);
    list.current?.children[index]?.scrollIntoView?.({ block: 'nearest' });
  };
  const take = (option: ComboOption) => {
    onChange(option.id);
    setQuery(null);
    setOpen(false);
  };
  const close = () => {
    setQuery(null);
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        mark(0);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      mark(Math.max(0, Math.min(matches.length - 1, Math.min(active, matches.length - 1) + step)));
    } else if (event.key === 'Enter' && open) {
      // Enter takes the marked option; it never sends the form around the box meanwhile.
      event.preventDefault();
      if (marked) take(marked);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  return (
    <div className="combobox">
      <input
        type="text"
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={marked ? `${listId}-${marked.id}` : undefined}
        aria-invalid={invalid || undefined}
        autoComplete="off"
        disabled={disabled}
        placeholder={placeholder}
        value={query ?? chosen?.label ?? ''}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          mark(0);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close();
          onBlur?.();
        }}
      />
      <ul id={listId} role="listbox" aria-label={label} ref={list} hidden={!open}>
        {open &&
          matches.map((option, index) => (
            <li
              key={option.id}
              id={`${listId}-${option.id}`}
              role="option"
              aria-selected={option === marked}
              // Taken before the box loses its focus, which would close the list first.
              onMouseDown={(event) => {
                event.preventDefault();
                take(option);
              }}
              onMouseMove={() => index !== active && setActive(index)}
            >
              {option.image ? <img src={option.image} alt="" loading="lazy" /> : <span className="combobox-no-image" />}
              <span className="combobox-label">{option.label}</span>
              {option.detail !== undefined && <span className="combobox-detail">{option.detail}</span>}
            </li>
          ))}
      </ul>
      {open && matches.length === 0 && (
        <p role="status" className="combobox-empty">
          {noMatches}
        </p>
      )}
    </div>
  );
}
