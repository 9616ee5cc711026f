import { CANCELED, LineStatus, NOT_STARTED, shownStatus, shownStepName, stepLabel } from './statuses';

test('a step reads as its name, the not-started sentence, or its id when the name is unknown', () => {
  const names = new Map([[11, 'Kesim']]);
  const name = (id: number) => names.get(id);
  expect(stepLabel(NOT_STARTED, name, 'Daha başlamadı')).toBe('Daha başlamadı');
  expect(stepLabel(11, name, 'Daha başlamadı')).toBe('Kesim');
  expect(stepLabel(99, name, 'Daha başlamadı')).toBe('99');
});

test('a canceled line shows canceled, whatever state it stopped in; any other line its status', () => {
  expect([1, 2, 3, 4, 5].map((status) => shownStatus({ order_line_status_id: status, canceled_at: null }))).toEqual([1, 2, 3, 4, 5]);
  expect(shownStatus({ order_line_status_id: LineStatus.Packing, canceled_at: '2026-11-20T09:00:00.000Z' })).toBe(CANCELED);
});

test('a built-in step under its product-language name reads in the reader\'s language; renamed, or the office\'s own, as named', () => {
  const english = (key: string) => ({ cutting: 'Cutting', polishing: 'Polishing' })[key] ?? key;
  expect(shownStepName({ step_name: 'Kesim', built_in: 'cutting' }, english)).toBe('Cutting');
  expect(shownStepName({ step_name: 'Parlatma', built_in: 'polishing' }, english)).toBe('Parlatma');
  expect(shownStepName({ step_name: 'Kesim', built_in: null }, english)).toBe('Kesim');
});
