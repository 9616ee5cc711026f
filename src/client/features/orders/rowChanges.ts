import type { RowDataTransaction } from 'ag-grid-community';
import type { OrderLineDto } from '../../../shared/api';
import type { LineTable } from '../order-lines';

/**
 * What the grid must do to go from the lines it shows to the store's lines now, or null when
 * nothing changed. The store replaces a changed line's object and keeps an unchanged one, so a
 * reference comparison finds the changes: new lines go on top, changed ones are updated, lines no
 * longer in the store are removed.
 */
export function rowChanges(before: LineTable, after: LineTable): RowDataTransaction<OrderLineDto> | null {
  if (before.ids === after.ids && before.entities === after.entities) return null;
  const add: OrderLineDto[] = [];
  const update: OrderLineDto[] = [];
  const remove: OrderLineDto[] = [];
  for (const id of after.ids) {
    const was = before.entities[id];
    const now = after.entities[id];
    if (!was) add.push(now);
    else if (was !== now) update.push(now);
  }
  for (const id of before.ids) if (!after.entities[id]) remove.push(before.entities[id]);
  if (add.length + update.length + remove.length === 0) return null;
  return { add, addIndex: 0, update, remove };
}
