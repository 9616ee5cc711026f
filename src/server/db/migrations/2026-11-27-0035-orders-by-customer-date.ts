import type { Kysely } from 'kysely';

/*
 * A customer's orders by the day they were placed: the order and credit summary reads one period
 * of them as one index range. The index on customer_id alone is its prefix, so it goes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_customer_created_idx').on('orders').columns(['customer_id', 'created_at']).execute();
  await db.schema.dropIndex('orders_customer_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_customer_idx').on('orders').column('customer_id').execute();
  await db.schema.dropIndex('orders_customer_created_idx').execute();
}
