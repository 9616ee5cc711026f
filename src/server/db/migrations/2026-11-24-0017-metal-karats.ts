import type { Kysely } from 'kysely';
import { timestampType } from '../ddl';

/*
 * Which purity a product's karat option value stands for, when the office says so; without a row,
 * the value's name ('14 ayar', '18K') says it (shared/metal.ts ayarOf).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('metal_karats')
    .addColumn('option_value_id', 'integer', (c) => c.primaryKey().references('product_option_values.id'))
    // Null: this value is no purity of the ledger.
    .addColumn('purity_id', 'integer', (c) => c.references('metal_purities.id'))
    .addColumn('updated_at', timestampType(db), (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('metal_karats').execute();
}
