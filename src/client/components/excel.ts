import type { Cell, CellType, SheetLayout } from './xlsx';

export type { Cell, CellType } from './xlsx';

/**
 * A column of an exported sheet: its header, how Excel should hold it and how to read a row's
 * value. A date column takes an ISO string, a Date or epoch milliseconds and shows the office's
 * wall clock; a number column keeps numbers as numbers; without a type numbers stay numbers and
 * anything else is text.
 */
export interface SheetColumn<T> {
  header: string;
  type?: CellType;
  value: (row: T) => string | number | Date | null | undefined;
}

/** The most rows of data a sheet holds: Excel's 1,048,576 rows, less the header. */
export const SHEET_ROWS_MAX = 1_048_575;

/** The next rows of a sheet read as it is written (a server's pages), or null after the last. */
export type NextRows<T> = () => Promise<readonly T[] | null>;

/**
 * A screen's sheet as it hands it over: its columns, and its rows (all at hand), or where the next
 * rows come from (read while the sheet is written, so they never stand in memory together); rows
 * are made into cells only while exported.
 */
export type SheetSource<T = never> = { columns: readonly SheetColumn<T>[] } & ({ rows: readonly T[] } | { next: NextRows<T> });

/** Which sheet an export writes: a name for the source waiting in this module, and its size (null while unknown: read as written). */
export interface SheetRef {
  id: number;
  rows: number | null;
}

/*
 * Sources wait here between the click and the export saga, so the action that asks for the file
 * stays small and serializable: a hundred thousand rows and the columns' functions never pass
 * through the store. The saga takes its source at once; a few at most wait where no saga runs.
 */
const waiting = new Map<number, SheetSource<unknown>>();
const MAX_WAITING = 8;
let lastId = 0;

/**
 * Hands a sheet of `rows` under `columns` to the export that follows: the screen spreads the
 * answer into its `exportRequested`. No cell is made here; the export makes them a slice at a time.
 */
export function sheetCells<T>(columns: readonly SheetColumn<T>[], rows: readonly T[]): { sheet: SheetRef } {
  return { sheet: { id: waitFor({ columns, rows }), rows: rows.length } };
}

/** Hands a sheet whose rows `next` reads as the export writes them (its size unknown ahead). */
export function sheetPages<T>(columns: readonly SheetColumn<T>[], next: NextRows<T>): { sheet: SheetRef } {
  return { sheet: { id: waitFor({ columns, next }), rows: null } };
}

function waitFor<T>(source: SheetSource<T>): number {
  lastId += 1;
  waiting.set(lastId, source as SheetSource<unknown>);
  if (waiting.size > MAX_WAITING) waiting.delete(waiting.keys().next().value as number);
  return lastId;
}

/** The source a sheet's export writes, once: null when it was already taken or dropped. */
export function takeSheet(ref: SheetRef): SheetSource<unknown> | null {
  const source = waiting.get(ref.id) ?? null;
  waiting.delete(ref.id);
  return source;
}

/** What the writer needs before the first row: the sheet's name, headers and column types. */
export function sheetLayout(sheetName: string, columns: readonly SheetColumn<never>[], timeZone?: string): SheetLayout {
  return { sheetName, columns: columns.map((c) => ({ header: c.header, type: c.type ?? 'auto' })), timeZone };
}

type ToCell = (value: ReturnType<SheetColumn<never>['value']>) => Cell;

const finite = (n: number): Cell => (Number.isFinite(n) ? n : null);
const CELL_OF: Record<CellType, ToCell> = {
  text: (v) => (v === null || v === undefined || v === '' ? null : v instanceof Date ? v.toISOString() : String(v)),
  // A value that is no number is kept as text rather than lost.
  number: (v) => (typeof v === 'number' ? finite(v) : CELL_OF.text(v)),
  date: (v) => {
    if (v === null || v === undefined || v === '') return null;
    const ms = typeof v === 'number' ? v : v instanceof Date ? v.getTime() : Date.parse(v);
    return Number.isFinite(ms) ? ms : String(v);
  },
  auto: (v) => (typeof v === 'number' ? finite(v) : CELL_OF.text(v)),
};

/**
 * The typed cells of rows `from` to `to` (not included): the one place where a screen's columns
 * and rows become what the writer takes. Dates travel as epoch milliseconds in date columns.
 */
export function sheetRows<T>(columns: readonly SheetColumn<T>[], rows: readonly T[], from: number, to: number): Cell[][] {
  const convert = columns.map((c) => CELL_OF[c.type ?? 'auto']);
  const cells: Cell[][] = [];
  for (let r = from; r < to && r < rows.length; r++) {
    const row = rows[r];
    const line = new Array<Cell>(columns.length);
    for (let c = 0; c < columns.length; c++) line[c] = convert[c](columns[c].value(row));
    cells.push(line);
  }
  return cells;
}

/**
 * How long a file handed to the browser stays readable at its address: a sheet of tens of megabytes
 * on a busy machine may still be read after a second, and a download cut off there is a broken file.
 */
export const SAVED_FILE_KEPT_MS = 60_000;

/** Hands a finished file to the browser under its name. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), SAVED_FILE_KEPT_MS);
}
