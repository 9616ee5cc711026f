import { cardsOf, cardSums, type FigureLine } from './figures';

const workshopCards = (lines: FigureLine[], now: number) => cardsOf(cardSums(lines, now));

const NOW = Date.parse('2026-11-23T12:00:00Z');
const line = (status: number, created: string, expected: string | null, delivered: string | null = null, canceled: string | null = null) => ({
  order_line_status_id: status,
  created_at: created,
  production_expected_date: expected,
  delivery_to_office: delivered,
  canceled_at: canceled,
});

test('the five workshop cards', () => {
  const cards = workshopCards(
    [
      line(1, '2026-11-20T12:00:00Z', '2026-11-25T12:00:00Z'),
      line(1, '2026-11-10T12:00:00Z', '2026-11-15T12:00:00Z'),
      line(2, '2026-11-10T12:00:00Z', '2026-11-22T12:00:00Z'),
      line(3, '2026-11-01T12:00:00Z', '2026-11-05T12:00:00Z', '2026-11-04T12:00:00Z'),
      line(5, '2026-11-01T12:00:00Z', '2026-11-05T12:00:00Z', '2026-11-07T00:00:00Z'),
      line(5, '2026-11-09T12:00:00Z', '2026-11-05T12:00:00Z', '2026-11-08T12:00:00Z'),
    ],
    NOW,
  );
  expect(cards).toEqual({ total: 6, in_process: 1, waiting: 2, late: 2, average_production_days: 4.3 });
});

test('no delivered line: no average', () => {
  expect(workshopCards([], NOW)).toEqual({ total: 0, in_process: 0, waiting: 0, late: 0, average_production_days: null });
});

test('a canceled line is counted in the total, but neither waiting, in production nor late (it shows as canceled)', () => {
  const cards = workshopCards(
    [line(1, '2026-11-10T12:00:00Z', '2026-11-15T12:00:00Z', null, '2026-11-16T12:00:00Z'), line(2, '2026-11-10T12:00:00Z', '2026-11-15T12:00:00Z', null, '2026-11-16T12:00:00Z')],
    NOW,
  );
  expect(cards).toMatchObject({ total: 2, waiting: 0, in_process: 0, late: 0 });
});
