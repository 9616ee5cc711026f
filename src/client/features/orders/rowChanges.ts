import type { RowDataTransaction } from 'ag-grid-community';
import type { OrderLineDto } from '../../../shared/api';
import type { LineTable } from '../order-lines';

/**
 * What the grid must do to go from the lines it shows to the store's lines now: none, one or two
 * transactions. The store replaces a changed line's object and keeps an unchanged one, so a
 * reference comparison finds the changes: changed lines are updated, lines no longer in the store
 * removed, and new lines added. A line newer than every line shown (a new order) goes on top; the
 * lines older than all of them are the rest of a list still on its way (the server sends newest
 * first) and go below, in the order they came.
 */
export function rowChanges(before: LineTable, after: LineTable): RowDataTransaction<OrderLineDto>[] {
  if (before.ids === after.ids && before.entities === after.entities) return [];
  let oldest = Infinity;
  for (const id of before.ids) if (id < oldest) oldest = id;
  const top: OrderLineDto[] = [];
  const below: OrderLineDto[] = [];
  const update: OrderLineDto[] = [];
  const remove: OrderLineDto[] = [];
  for (const id of after.ids) {
    const was = before.entities[id];
    const now = after.entities[id];
    if (!was) (id < oldest ? below : top).push(now);
    else if (was !== now) update.push(now);
  }
  if (before.ids.length + below.length + top.length - after.ids.length !== 0) {
    // Some line left: every line of `after` was either held or added, so the count tells.
    for (const id of before.ids) if (!after.entities[id]) remove.push(before.entities[id]);
  }
  const changes: RowDataTransaction<OrderLineDto>[] = [];
  if (top.length + update.length + remove.length > 0) changes.push({ add: top, addIndex: 0, update, remove });
  if (below.length > 0) changes.push({ add: below });
  return changes;
}
