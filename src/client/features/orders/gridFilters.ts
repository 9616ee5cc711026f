import type { IDateFilterParams, INumberFilterParams, ITextFilterParams } from 'ag-grid-community';
import type { OrderLineDto } from '../../../shared/api';
import { type NumberRule, readNumber } from '../../../shared/decimal';
import { dayOf, type OrderColumn } from './columns';
import { fold } from './fold';

/* A power user types fast: AG Grid's default 500 ms filter debounce is too long. */
export const DEBOUNCE_MS = 150;

/** The last text typed into a filter, folded once for every row it is compared with. */
function foldedInput() {
  let raw: string | null = null;
  let folded = '';
  return (text: string) => {
    if (text !== raw) {
      raw = text;
      folded = fold(text);
    }
    return folded;
  };
}

/**
 * A text column's filter: contains, with Turkish case folding (dotted and dotless i alike).
 * The matcher reads the cell's text from the line itself and keeps it folded per line object, so
 * typing folds only the typed text again; `caseSensitive` keeps the grid from lower-casing (wrongly,
 * for Turkish) on every comparison. `prepare` folds a line's text ahead (the first keystroke would fold all of them at once).
 */
export function textFilter(column: OrderColumn): { params: ITextFilterParams; prepare: (row: OrderLineDto) => void } {
  const folded = new WeakMap<OrderLineDto, string>();
  const cell = (row: OrderLineDto) => {
    let text = folded.get(row);
    if (text === undefined) {
      text = fold(column.text(row));
      folded.set(row, text);
    }
    return text;
  };
  const typed = foldedInput();
  return {
    params: {
      filterOptions: ['contains', 'blank'],
      maxNumConditions: 1,
      debounceMs: DEBOUNCE_MS,
      caseSensitive: true,
      textMatcher: ({ data, filterText }: { data: OrderLineDto; filterText: string | null }) =>
        filterText === null || filterText === '' || cell(data).includes(typed(filterText)),
    },
    prepare: (row) => void cell(row),
  };
}

/*
 * A number column's filter: a text input (not a spin box), read as the reader types numbers
 * (shared/decimal.ts): grams as a scale's reading, ids and amounts as amounts ('1.234' is 1234 in
 * Turkish). A refused text filters nothing, as the grid does with any text it cannot read.
 */
export function numberFilter(rule: NumberRule, language: string): INumberFilterParams {
  return {
    debounceMs: DEBOUNCE_MS,
    maxNumConditions: 1,
    allowedCharPattern: '\\d\\-\\,\\.',
    numberParser: (text) => {
      const typed = readNumber(text ?? '', rule, language);
      return typed.status === 'read' ? typed.value : null;
    },
  };
}

/** A date column's filter: the cell's day in the office's time zone against the day picked. */
export function dateFilter(timeZone: string | undefined): IDateFilterParams {
  // Made on the first comparison: a date formatter costs several milliseconds to build.
  let day: ReturnType<typeof dayOf> | null = null;
  return {
    debounceMs: DEBOUNCE_MS,
    maxNumConditions: 1,
    comparator: (picked: Date, cell: string | null) => {
      day ??= dayOf(timeZone);
      const cellDay = day(cell);
      if (cellDay === null) return -1;
      const pickedDay = picked.getFullYear() * 10_000 + (picked.getMonth() + 1) * 100 + picked.getDate();
      return cellDay < pickedDay ? -1 : cellDay > pickedDay ? 1 : 0;
    },
  };
}
