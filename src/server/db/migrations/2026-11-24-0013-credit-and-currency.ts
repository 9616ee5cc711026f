import { type Kysely, sql } from 'kysely';

/*
 * Money keeps the currency it was recorded in: a product's price and a customer's credit name
 * theirs (orders already do), so a later change of the settings currency relabels nothing. Rows
 * stored before this take the settings currency of today, the one they were shown in. A customer
 * keeps a city beside its postcode, both prefilling its manual orders; one without a postcode
 * takes those of its latest order that has them. An order placed above the customer's available
 * credit, as the customer confirmed, is flagged for the office.
 */
const CURRENCIES = ['TRY', 'USD', 'EUR'];

async function settingsCurrency(db: Kysely<any>): Promise<string> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'general').executeTakeFirst();
  try {
    const currency = row ? (JSON.parse(row.value) as { currency?: unknown }).currency : undefined;
    return typeof currency === 'string' && CURRENCIES.includes(currency) ? currency : 'TRY';
  } catch {
    return 'TRY';
  }
}

/** The latest value of `column` among the customer's orders that have one. */
const latestOrder = (column: 'zip_code' | 'city') =>
  sql`(select o.${sql.ref(column)} from orders o where o.customer_id = customers.id and coalesce(o.${sql.ref(column)}, '') <> '' order by o.id desc limit 1)`;

export async function up(db: Kysely<any>): Promise<void> {
  const currency = await settingsCurrency(db);
  await db.schema.alterTable('products').addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('TRY')).execute();
  await db.updateTable('products').set({ currency }).execute();
  await db.schema.alterTable('customers').addColumn('credit_currency', 'varchar(3)', (c) => c.notNull().defaultTo('TRY')).execute();
  await db.updateTable('customers').set({ credit_currency: currency }).execute();

  await db.schema.alterTable('customers').addColumn('city', 'varchar(100)', (c) => c.notNull().defaultTo('')).execute();
  for (const column of ['zip_code', 'city'] as const) {
    await db
      .updateTable('customers')
      .set({ [column]: latestOrder(column) })
      .where(column, '=', '')
      .where(sql<boolean>`exists ${latestOrder(column)}`)
      .execute();
  }

  await db.schema.alterTable('orders').addColumn('credit_exceeded', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('credit_exceeded').execute();
  for (const column of ['city', 'credit_currency']) await db.schema.alterTable('customers').dropColumn(column).execute();
  await db.schema.alterTable('products').dropColumn('currency').execute();
}
