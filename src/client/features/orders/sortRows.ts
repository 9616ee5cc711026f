/** One column of a sort: how a row's value is read, and the direction. */
export interface SortKey<T> {
  value: (row: T) => string | number | null | undefined;
  descending: boolean;
  /**
   * Ranks kept from an earlier sort by the same column, by the object `identity` gives for a row
   * (a line object never changes: a changed line is a new object). A sort of fewer rows (a filter
   * typed) then reads no value; a row not kept there (a new or changed line) ranks all again.
   */
  kept?: { identity: (row: T) => object; ranks: RankCache };
}

/** Runs a piece of work in moments the page has (components/whenIdle.ts); returns how to stop it. */
export type Later = (work: (hasTime: () => boolean) => boolean) => () => void;

/** A column's ranks of its rows, from the last sort that ranked them. */
export interface RankCache {
  byRow: WeakMap<object, number>;
  count: number;
  /** Fills `byRow` after the sort, in the page's free moments (absent: at once); a hundred thousand entries would lengthen the click's block. */
  later?: Later;
  /** Stops the filling under way. */
  stop?: () => void;
}

export const rankCache = (later?: Later): RankCache => ({ byRow: new WeakMap(), count: 0, later });

/** The grid's order of two values: empty first, then by `<` (numbers as numbers, ISO dates and texts by code point). */
const compare = (a: string | number, b: string | number) => (a > b ? 1 : a < b ? -1 : 0);

type Value = string | number | null | undefined;

/** How many times the values may turn against their direction, in the rows' order, for them to be sorted as runs. */
const FEW_RUNS = 64;

/**
 * Each row's place among the column's distinct values (0 for an empty value, then in order). Every
 * row's value is read once. Values that mostly come in order already, either way (a creation date,
 * an order number: the rows lie in the order the lines were made, newest first) are sorted as the
 * runs they form; others by their distinct values.
 */
function rank<T>(rows: readonly T[], read: SortKey<T>['value']): { rank: Uint32Array; count: number } {
  const values = new Array<Value>(rows.length);
  let last: string | number | null = null;
  let descents = 0;
  let ascents = 0;
  for (let i = 0; i < rows.length; i++) {
    const value = read(rows[i]);
    values[i] = value;
    if (value === null || value === undefined) continue;
    if (last !== null) {
      if (value < last) descents++;
      else if (value > last) ascents++;
    }
    last = value;
  }
  if (descents <= FEW_RUNS) return rankInRuns(values, false);
  if (ascents <= FEW_RUNS) return rankInRuns(values, true);
  return rankByDistinct(values);
}

/**
 * The rows' order sorted by value, runs and all (the engine's sort merges runs in a pass or so each;
 * values mostly falling are taken from the last row up), then ranked along it: no value is hashed.
 * Ties take one rank whatever their order here.
 */
function rankInRuns(values: Value[], falling: boolean): { rank: Uint32Array; count: number } {
  const order = Array.from(values.keys());
  if (falling) order.reverse();
  order.sort((a, b) => {
    const x = values[a];
    const y = values[b];
    if (x === null || x === undefined) return y === null || y === undefined ? 0 : -1;
    return y === null || y === undefined ? 1 : compare(x, y);
  });
  const ranks = new Uint32Array(values.length);
  let count = 0;
  let before: Value = null;
  for (const row of order) {
    const value = values[row];
    if (value === null || value === undefined) continue;
    if (value !== before) count++;
    ranks[row] = count;
    before = value;
  }
  return { rank: ranks, count: count + 1 };
}

/**
 * Values repeat across lines (names, steps, dates of an order), so only the distinct ones are
 * compared with each other. A value that repeats the row before's (the lines of one order lie
 * together) takes its rank without a lookup: hashing a text the first time is most of this cost.
 */
function rankByDistinct(values: Value[]): { rank: Uint32Array; count: number } {
  const distinct = new Map<string | number, number>();
  let before: Value = null;
  for (const value of values) {
    if (value !== before && value !== null && value !== undefined) distinct.set(value, 0);
    before = value;
  }
  const ordered = [...distinct.keys()].sort(compare);
  for (let i = 0; i < ordered.length; i++) distinct.set(ordered[i], i + 1);
  const ranks = new Uint32Array(values.length);
  before = null;
  let beforeRank = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value !== before) beforeRank = value === null || value === undefined ? 0 : distinct.get(value)!;
    ranks[i] = beforeRank;
    before = value;
  }
  return { rank: ranks, count: ordered.length + 1 };
}

/** The ranks kept for every row, or null when one is missing. */
function keptRanks<T>(rows: readonly T[], { identity, ranks }: NonNullable<SortKey<T>['kept']>): { rank: Uint32Array; count: number } | null {
  const found = new Uint32Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const value = ranks.byRow.get(identity(rows[i]));
    if (value === undefined) return null;
    found[i] = value;
  }
  return { rank: found, count: ranks.count };
}

function ranksOf<T>(rows: readonly T[], key: SortKey<T>): { rank: Uint32Array; count: number } {
  const kept = key.kept ? keptRanks(rows, key.kept) : null;
  if (kept) return kept;
  const fresh = rank(rows, key.value);
  if (key.kept) keep(key.kept, rows, fresh);
  return fresh;
}

/** Keeps a ranking's ranks by row: until all are in, a row missing makes the next sort rank again. */
function keep<T>({ identity, ranks }: NonNullable<SortKey<T>['kept']>, rows: readonly T[], fresh: { rank: Uint32Array; count: number }) {
  ranks.stop?.();
  // Ranks of one ranking only: mixed with older ones they would not order the rows.
  const byRow = new WeakMap<object, number>();
  ranks.byRow = byRow;
  ranks.count = fresh.count;
  // The rows are sorted in place next: which row had which rank is taken now.
  const identities = rows.map(identity);
  let next = 0;
  const fill = (hasTime: () => boolean) => {
    for (let done = 0; next < identities.length && (done < 1000 || hasTime()); next++, done++) byRow.set(identities[next], fresh.rank[next]);
    return next >= identities.length;
  };
  if (ranks.later) ranks.stop = ranks.later(fill);
  else fill(() => true);
}

/**
 * Sorts `rows` in place by `keys` (the first decides, the next breaks its ties), in the order the
 * grid's own sort gives, and stable like it: rows that tie keep their order. The grid compares two
 * rows' values about 1.7 million times for 100,000 rows, reading each value through its column
 * every time; here each row's value is read once and turned into its rank, and the rows are
 * placed by rank (a counting sort, from the last key to the first), so a sort costs a few reads per
 * row and one sort of the distinct values.
 */
export function sortRows<T>(rows: T[], keys: readonly SortKey<T>[]): void {
  if (keys.length === 0 || rows.length < 2) return;
  let order = Uint32Array.from(rows.keys());
  let next = new Uint32Array(rows.length);
  for (let k = keys.length - 1; k >= 0; k--) {
    const { rank, count } = ranksOf(rows, keys[k]);
    const descending = keys[k].descending;
    // Where each rank's rows start: descending puts the highest rank first, and ties stay in order.
    const start = new Uint32Array(count + 1);
    for (let i = 0; i < rank.length; i++) start[(descending ? count - 1 - rank[i] : rank[i]) + 1]++;
    for (let r = 1; r <= count; r++) start[r] += start[r - 1];
    for (let i = 0; i < order.length; i++) {
      const row = order[i];
      next[start[descending ? count - 1 - rank[row] : rank[row]]++] = row;
    }
    [order, next] = [next, order];
  }
  const before = rows.slice();
  for (let i = 0; i < order.length; i++) rows[i] = before[order[i]];
}
