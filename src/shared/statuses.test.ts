import { NOT_STARTED, stepLabel } from './statuses';

test('a step reads as its name, the not-started sentence, or its id when the name is unknown', () => {
  const names = new Map([[11, 'Kesim']]);
  const name = (id: number) => names.get(id);
  expect(stepLabel(NOT_STARTED, name, 'Daha başlamadı')).toBe('Daha başlamadı');
  expect(stepLabel(11, name, 'Daha başlamadı')).toBe('Kesim');
  expect(stepLabel(99, name, 'Daha başlamadı')).toBe('99');
});
