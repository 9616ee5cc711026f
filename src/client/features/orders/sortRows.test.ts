import { rankCache, type SortKey, sortRows } from './sortRows';

interface Row {
  id: number;
  name: string | null;
  gram: number | null;
  day: string | null;
}

/** The grid's own comparison (empty first, then `<`), reversed for descending, in a stable sort. */
function gridOrder(rows: Row[], keys: SortKey<Row>[]): Row[] {
  const one = (a: unknown, b: unknown) => (a == null ? (b == null ? 0 : -1) : b == null ? 1 : (a as number) > (b as number) ? 1 : (a as number) < (b as number) ? -1 : 0);
  return rows.slice().sort((a, b) => {
    for (const key of keys) {
      const result = one(key.value(a), key.value(b));
      if (result) return key.descending ? -result : result;
    }
    return 0;
  });
}

/** A small deterministic generator, so a failing case can be run again. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

const NAMES = ['Yılmaz', 'Şahin', 'Çelik', 'Öztürk', 'Aydın', 'ışık', 'Işık', 'İnce', '', 'yilmaz'];

function rows(count: number, seed: number): Row[] {
  const pick = random(seed);
  return Array.from({ length: count }, (_, id) => ({
    id,
    name: pick(8) === 0 ? null : NAMES[pick(NAMES.length)],
    gram: pick(6) === 0 ? null : pick(40) / 4 - 3,
    day: pick(5) === 0 ? null : `2026-0${1 + pick(9)}-1${pick(10)}T0${pick(10)}:00:00.000Z`,
  }));
}

const name: SortKey<Row>['value'] = (row) => row.name;
const gram: SortKey<Row>['value'] = (row) => row.gram;
const day: SortKey<Row>['value'] = (row) => row.day;

test.each([
  ['a text, ascending', [{ value: name, descending: false }]],
  ['a text, descending (empty values last)', [{ value: name, descending: true }]],
  ['a number with negatives and fractions', [{ value: gram, descending: false }]],
  ['a date, descending', [{ value: day, descending: true }]],
  [
    'three columns, mixed directions',
    [
      { value: name, descending: false },
      { value: gram, descending: true },
      { value: day, descending: false },
    ],
  ],
])('sorts as the grid does, ties in their first order: %s', (_, keys) => {
  for (const seed of [1, 7, 42]) {
    const sorted = rows(500, seed);
    const expected = gridOrder(sorted, keys);
    sortRows(sorted, keys);
    expect(sorted.map((row) => row.id)).toEqual(expected.map((row) => row.id));
  }
});

test('values in runs (the lines of one order lie together), empty ones too, sort as the grid does', () => {
  const runs = rows(120, 5).flatMap((row) => Array.from({ length: 1 + (row.id % 4) }, () => ({ ...row })));
  runs.forEach((row, id) => (row.id = id));
  for (const keys of [[{ value: name, descending: false }], [{ value: gram, descending: true }, { value: day, descending: false }]]) {
    const sorted = runs.slice();
    const expected = gridOrder(sorted, keys);
    sortRows(sorted, keys);
    expect(sorted.map((row) => row.id)).toEqual(expected.map((row) => row.id));
  }
  // The last value read is the first row's too: each row still takes its own value's rank.
  const ends = ['Şahin', 'Aydın', 'Şahin'].map((value, id) => ({ id, name: value, gram: null, day: null }));
  sortRows(ends, [{ value: name, descending: false }]);
  expect(ends.map((row) => row.id)).toEqual([1, 0, 2]);
});

test('values that mostly come in order either way (a creation date: rows lie in the order lines were made), with ties, empty ones and a few runs, sort as the grid does', () => {
  const pick = random(9);
  const inOrder = (count: number, start: number) =>
    Array.from({ length: count }, (_, i) => (pick(10) === 0 ? null : `2026-11-${String(10 + Math.floor((start + i) / 40)).padStart(2, '0')}T${String(Math.floor((start + i) / 4) % 10).padStart(2, '0')}:00:00.000Z`));
  // One run; three runs (lines added later, a second block of a seed); and more runs than are taken as runs.
  const runs = [...inOrder(200, 100), ...inOrder(150, 0), ...inOrder(100, 50)];
  // Newest first, as the lists come, too.
  for (const days of [inOrder(400, 0), runs, runs.slice().reverse(), Array.from({ length: 90 }, (_, i) => inOrder(5, (i * 37) % 400)).flat()]) {
    const some = days.map((value, id) => ({ id, name: null, gram: id % 3, day: value }));
    for (const keys of [[{ value: day, descending: false }], [{ value: day, descending: true }], [{ value: gram, descending: false }, { value: day, descending: true }]]) {
      const sorted = some.slice();
      const expected = gridOrder(sorted, keys);
      sortRows(sorted, keys);
      expect(sorted.map((row) => row.id)).toEqual(expected.map((row) => row.id));
    }
  }
});

test('no key or a single row leaves the rows as they are', () => {
  const some = rows(20, 3);
  const before = some.map((row) => row.id);
  sortRows(some, []);
  expect(some.map((row) => row.id)).toEqual(before);
  const one = rows(1, 3);
  sortRows(one, [{ value: name, descending: true }]);
  expect(one).toHaveLength(1);
});

test('kept ranks order a part of the rows without reading a value, and a new row ranks them all again', () => {
  const all = rows(300, 11);
  const ranks = rankCache();
  let reads = 0;
  const key = (): SortKey<Row> => ({
    value: (row) => {
      reads++;
      return row.name;
    },
    descending: false,
    kept: { identity: (row) => row, ranks },
  });
  const first = all.slice();
  sortRows(first, [key()]);
  expect(reads).toBe(300);

  // A filter leaves every third row: sorted from the kept ranks, as the grid would sort them.
  const some = all.filter((_, i) => i % 3 === 0);
  reads = 0;
  const sorted = some.slice();
  sortRows(sorted, [key()]);
  expect(reads).toBe(0);
  expect(sorted.map((row) => row.id)).toEqual(gridOrder(some, [{ value: name, descending: false }]).map((row) => row.id));

  // A changed line is a new object with a value the ranks never saw.
  const changed = [...some.slice(1), { ...some[0], name: 'Aaa' }];
  const expected = gridOrder(changed, [{ value: name, descending: false }]).map((row) => row.id);
  reads = 0;
  sortRows(changed, [key()]);
  expect(reads).toBe(changed.length);
  expect(changed.map((row) => row.id)).toEqual(expected);
  expect(changed.find((row) => row.name !== null)?.name).toBe('Aaa');
});

test('ranks kept in free moments: until they are all in, a sort reads the values again; then none', () => {
  const all = rows(2500, 13);
  const pending: Array<(hasTime: () => boolean) => boolean> = [];
  const ranks = rankCache((work) => {
    pending.push(work);
    return () => pending.splice(pending.indexOf(work), 1);
  });
  let reads = 0;
  const key: SortKey<Row> = {
    value: (row) => {
      reads++;
      return row.day;
    },
    descending: true,
    kept: { identity: (row) => row, ranks },
  };
  sortRows(all.slice(), [key]);
  expect(pending).toHaveLength(1);
  // A sort before the ranks are kept ranks again, and stops the filling it replaces.
  reads = 0;
  const again = all.slice();
  sortRows(again, [key]);
  expect(reads).toBe(2500);
  expect(pending).toHaveLength(1);
  // A moment with little time keeps some (at least a slice); then the rest.
  expect(pending[0](() => false)).toBe(false);
  expect(pending[0](() => true)).toBe(true);
  reads = 0;
  const some = all.filter((_, i) => i % 2 === 0);
  const sorted = some.slice();
  sortRows(sorted, [key]);
  expect(reads).toBe(0);
  expect(sorted.map((row) => row.id)).toEqual(gridOrder(some, [{ value: day, descending: true }]).map((row) => row.id));
});
