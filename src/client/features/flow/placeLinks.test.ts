import { placeFromSearch, placeSearch } from './placeLinks';

const read = (query: string) => placeFromSearch(new URLSearchParams(query));

test('a place written into a link reads back as the same filter', () => {
  expect(read(placeSearch({ workshop_id: 7, phase: 'step', step_id: 12 }))).toEqual({ workshop: 7, phase: 'step', step: 12 });
  expect(read(placeSearch({ workshop_id: null, phase: 'unassigned', step_id: null }))).toEqual({ workshop: null, phase: 'unassigned' });
});

test('what a link cannot name is left out: an unknown phase, a step outside the step phase, a malformed id', () => {
  expect(read('view=late')).toBeNull();
  expect(read('workshop=abc&phase=nowhere')).toBeNull();
  expect(read('step=5')).toEqual({ phase: 'step', step: 5 });
  expect(read('phase=packing&step=5')).toEqual({ phase: 'packing' });
  expect(read('workshop=3&phase=bogus')).toEqual({ workshop: 3 });
});
