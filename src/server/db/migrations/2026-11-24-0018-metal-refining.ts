import type { Kysely } from 'kysely';
import { timestampType, withId } from '../ddl';

/*
 * Refining lots (ramat): the dust sent to the refiner, its assayed milyem and the fine gold
 * recovered, shared back to the workshops in proportion to the net weight they were issued over
 * the lot's period. Units as in the ledger: milligrams, fine in tenths of a milligram.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await withId(db, db.schema.createTable('metal_refining_lots'))
    .addColumn('number', 'varchar(20)')
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('period_from', 'varchar(10)', (c) => c.notNull())
    .addColumn('period_to', 'varchar(10)', (c) => c.notNull())
    .addColumn('dust_mg', 'integer', (c) => c.notNull())
    .addColumn('assayed_milyem', 'integer', (c) => c.notNull())
    .addColumn('recovered_fine', 'integer', (c) => c.notNull())
    .addColumn('note', 'varchar(500)')
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('metal_refining_shares'))
    .addColumn('lot_id', 'integer', (c) => c.notNull().references('metal_refining_lots.id'))
    .addColumn('workshop_id', 'integer', (c) => c.notNull().references('workshops.id'))
    .addColumn('handled_mg', 'integer', (c) => c.notNull())
    .addColumn('fine', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('metal_refining_shares_lot_idx').on('metal_refining_shares').column('lot_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('metal_refining_shares').execute();
  await db.schema.dropTable('metal_refining_lots').execute();
}
