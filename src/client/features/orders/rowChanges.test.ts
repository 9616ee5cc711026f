import type { OrderLineDto } from '../../../shared/api';
import type { LineTable } from '../order-lines';
import { rowChanges } from './rowChanges';

const line = (id: number, status = 1) => ({ id, order_line_status_id: status }) as OrderLineDto;
const table = (...lines: OrderLineDto[]): LineTable => ({ ids: lines.map((l) => l.id), entities: Object.fromEntries(lines.map((l) => [l.id, l])) });

test('the grid takes what changed by object: new lines on top, changed ones updated, missing ones removed', () => {
  const [one, two, three] = [line(1), line(2), line(3)];
  const before = table(one, two, three);
  const changedTwo = line(2, 4);
  expect(rowChanges(before, table(one, changedTwo, line(7)))).toEqual([{ add: [line(7)], addIndex: 0, update: [changedTwo], remove: [three] }]);
  // The same objects in a new table: nothing for the grid to do.
  expect(rowChanges(before, table(one, two, three))).toEqual([]);
  expect(rowChanges(before, before)).toEqual([]);
});

test('the next batch of a list on its way (older lines) goes below, in its order; a new order during it still goes on top', () => {
  const held = [line(100), line(99), line(98)];
  const first = table(...held);
  expect(rowChanges(first, table(...held, line(97), line(96)))).toEqual([{ add: [line(97), line(96)] }]);
  expect(rowChanges(first, table(...held, line(97), line(101)))).toEqual([{ add: [line(101)], addIndex: 0, update: [], remove: [] }, { add: [line(97)] }]);
});
