import { type Kysely, sql } from 'kysely';

/*
 * A list's version (order-lines/list-versions.ts) is a few index lookups, never a read of lines:
 * - the newest change a workshop or a customer hears of, and the changes just before it, by the
 *   change log's owner columns with their time (the office's by the time index of 0009);
 * - the newest change of the rows a line's answer joins (a product's title and picture, a
 *   workshop's and a customer's name, an order's fields), which change without a change of a line.
 *   An order is counted once it changed after it was made: its new lines are changes of their own.
 */
const OWNERS = ['workshop_id', 'previous_workshop_id', 'customer_id'];
const JOINED = ['products', 'workshops', 'customers'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const owner of OWNERS) await db.schema.createIndex(`order_line_changes_${owner}_idx`).on('order_line_changes').columns([owner, 'created_at']).execute();
  for (const table of JOINED) await db.schema.createIndex(`${table}_updated_idx`).on(table).column('updated_at').execute();
  await db.schema.createIndex('orders_updated_idx').on('orders').column('updated_at').where(sql.ref('updated_at'), '>', sql.ref('created_at')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const owner of OWNERS) await db.schema.dropIndex(`order_line_changes_${owner}_idx`).execute();
  for (const table of [...JOINED, 'orders']) await db.schema.dropIndex(`${table}_updated_idx`).execute();
}
