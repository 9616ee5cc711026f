import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { notify } from '../notifications/notify';

/*
 * Who is told of an order received, in its transaction: the customer, when the office placed it
 * for them or their shop sent it (a customer's own order tells nobody but the office, and only
 * when it is above its credit); the office of an order placed above the customer's available
 * credit ('Kredi aşımı').
 */

export interface PlacedOrder {
  id: number;
  order_number: string;
  lines: number;
  /** The line its notice opens; null when none was made (a shop order whose items all wait for products). */
  first_line_id: number | null;
  credit_exceeded: boolean;
}

/** The customer hears of an order made for it by someone else (the office, its shop: `actorId` null). */
export async function tellOrderReceived(trx: Transaction<Database>, order: PlacedOrder, customerId: number, actorId: number | null) {
  await notify(trx, { customerId, actorId }, [{ kind: 'order_received', values: { order: order.order_number, count: order.lines }, target: order.first_line_id === null ? null : { line: order.first_line_id } }]);
}

/** A manual order of `customer` (its row as the order holds it): `placedBy` the office user who placed it for the customer, null for the customer's own. */
export async function tellOrderPlaced(trx: Transaction<Database>, order: PlacedOrder, customer: { id: number; name: string }, placedBy: number | null) {
  if (placedBy !== null) await tellOrderReceived(trx, order, customer.id, placedBy);
  if (!order.credit_exceeded) return;
  await notify(trx, { actorId: placedBy }, [{ kind: 'credit_exceeded', values: { order: order.order_number, customer: customer.name }, target: { customer: customer.id } }]);
}
