import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { type Notice, notify } from '../notifications/notify';
import { isUrgent } from '../../../shared/urgent';

/*
 * Who is told of what the line writer writes, in its transaction: a workshop of the lines given to
 * it (one notice per order, urgent when any of its pieces is) and of the lines that left it, and
 * of a piece quality control sent back; a customer of its pieces shipped (one notice per order,
 * with the tracking number) and of its canceled ones (with the reason). The one who acted is
 * never told.
 */

/** A line as the writer knows it when it tells. */
interface Told {
  id: number;
  order_id: number;
  workshop_id: number | null;
  customer_id: number | null;
}

/** Groups by a key, in the order first met. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return [...groups.values()];
}

async function orderNumbers(trx: Transaction<Database>, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await trx.selectFrom('orders').select(['id', 'order_number']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, row.order_number]));
}

/** Tells each workshop of the lines now given to it, one notice per order. */
async function assigned(trx: Transaction<Database>, lines: readonly (Told & { urgent: boolean })[], numbers: Map<number, string>, actorId: number | null) {
  for (const group of groupBy(lines.filter((line) => line.workshop_id !== null), (line) => `${line.workshop_id}:${line.order_id}`)) {
    const [first] = group;
    const urgent = group.filter((line) => line.urgent).length;
    const notice: Notice = { kind: 'lines_assigned', values: { order: numbers.get(first.order_id) ?? '', count: group.length, urgent }, target: { line: first.id }, urgent: urgent > 0 };
    await notify(trx, { workshopId: first.workshop_id, actorId }, [notice]);
  }
}

/** Lines just made (createLines) of the order `orderNumber`: their workshops are told they have them. */
export async function tellCreated(trx: Transaction<Database>, orderNumber: string, lines: readonly (Told & { row: object })[], actorId: number | null) {
  const numbers = new Map(lines.map((line) => [line.order_id, orderNumber]));
  await assigned(trx, lines.map((line) => ({ ...line, urgent: isUrgent(line.row) })), numbers, actorId);
}

/** What a change of lines (changeLines) tells, by its history action; `before` is where each line stood. */
export async function tellChanged(
  trx: Transaction<Database>,
  lines: readonly Told[],
  change: { action: string; detail?: string | null; userId: number | null; workshopId?: number | null },
) {
  const tells = ['quality_reject', 'cancel', 'ship', 'workshop_move'];
  if (!tells.includes(change.action)) return;
  const numbers = await orderNumbers(trx, lines.map((line) => line.order_id));
  const actorId = change.userId;
  const order = (line: Told) => numbers.get(line.order_id) ?? '';
  if (change.action === 'quality_reject') {
    for (const line of lines) await notify(trx, { workshopId: line.workshop_id, actorId }, [{ kind: 'qc_rejected', values: { order: order(line), line: line.id }, target: { line: line.id } }]);
    return;
  }
  if (change.action === 'workshop_move') {
    for (const group of groupBy(lines, (line) => `${line.workshop_id}:${line.order_id}`)) {
      const [first] = group;
      await notify(trx, { workshopId: first.workshop_id, actorId }, [{ kind: 'lines_moved_away', values: { order: order(first), count: group.length }, target: null }]);
    }
    const to = change.workshopId ?? null;
    await assigned(trx, lines.map((line) => ({ ...line, workshop_id: to, urgent: false })), numbers, actorId);
    return;
  }
  for (const group of groupBy(lines, (line) => String(line.order_id))) {
    const [first] = group;
    const values = { order: order(first), count: group.length, ...(change.action === 'ship' ? { tracking: change.detail ?? '' } : { reason: change.detail ?? '' }) };
    const kind = change.action === 'ship' ? 'line_shipped' : 'order_canceled';
    await notify(trx, { customerId: first.customer_id, actorId }, [{ kind, values, target: { line: first.id } }]);
  }
}
