import type { Kysely } from 'kysely';
import { timestampType, withId } from '../ddl';

/*
 * Loss (fire) in the metal ledger. Norms are allowed loss per mille, in hundredths (1.5 per mille
 * is 150), for a workshop or every workshop, a production step or every step, and a milyem, within
 * optional validity days. A receipt may settle an issue (the job it closes): what the net
 * weight lacks after its receipts is its loss, stored on the receipt as it is written, with the
 * norm it was held against.
 */

/** Melting and casting defaults: 22 ayar 1.5, 18 ayar 2.0, 14 ayar 2.5 per mille; the office sets the rest. */
const NORMS = [
  { milyem: 916, per_mille: 150 },
  { milyem: 750, per_mille: 200 },
  { milyem: 585, per_mille: 250 },
];

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('metal_loss_norms'))
    .addColumn('workshop_id', 'integer', (c) => c.references('workshops.id'))
    .addColumn('step_id', 'integer', (c) => c.references('production_steps.id'))
    .addColumn('milyem', 'integer', (c) => c.notNull())
    .addColumn('per_mille', 'integer', (c) => c.notNull())
    .addColumn('valid_from', 'varchar(10)')
    .addColumn('valid_to', 'varchar(10)')
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .execute();
  const at = new Date().toISOString();
  await db.insertInto('metal_loss_norms').values(NORMS.map((norm) => ({ ...norm, created_at: at }))).execute();

  await db.schema.alterTable('metal_vouchers').addColumn('settles_id', 'integer', (c) => c.references('metal_vouchers.id')).execute();
  await db.schema.alterTable('metal_vouchers').addColumn('loss_mg', 'integer').execute();
  await db.schema.alterTable('metal_vouchers').addColumn('loss_per_mille', 'integer').execute();
  await db.schema.alterTable('metal_vouchers').addColumn('norm_per_mille', 'integer').execute();
  await db.schema.alterTable('metal_vouchers').addColumn('above_norm', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['above_norm', 'norm_per_mille', 'loss_per_mille', 'loss_mg', 'settles_id']) await db.schema.alterTable('metal_vouchers').dropColumn(column).execute();
  await db.schema.dropTable('metal_loss_norms').execute();
}
