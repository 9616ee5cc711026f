import type { Kysely } from 'kysely';
import { foldCase } from '../../../shared/text';

/*
 * A production step's name and a product's own code are unique as Turkish folds case: 'İnce Ayar'
 * and 'ince ayar' are one name. Neither database folds Turkish case in an index (SQLite's lower()
 * knows only ASCII, PostgreSQL's follows its collation), so each row keeps its folded name in a
 * column of its own under a unique index. Of names already repeated, the first row (by id) keeps
 * its folded name and the others stay without one (an index allows many nulls) until renamed.
 */
const FOLDED = [
  { table: 'production_steps', column: 'step_name', folded: 'step_name_folded', length: 100 },
  { table: 'products', column: 'our_product_id', folded: 'our_product_id_folded', length: 100 },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const { table, column, folded, length } of FOLDED) {
    await db.schema.alterTable(table).addColumn(folded, `varchar(${length})`).execute();
    const rows: Array<{ id: number; name: string }> = await db
      .selectFrom(table)
      .select(['id', `${column} as name`])
      .where(column, 'is not', null)
      .orderBy('id')
      .execute();
    const seen = new Set<string>();
    for (const row of rows) {
      const key = foldCase(row.name);
      if (seen.has(key)) continue;
      seen.add(key);
      await db.updateTable(table).set({ [folded]: key }).where('id', '=', row.id).execute();
    }
    await db.schema.createIndex(`${folded}_unique`).on(table).column(folded).unique().execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table, folded } of FOLDED) {
    await db.schema.dropIndex(`${folded}_unique`).execute();
    await db.schema.alterTable(table).dropColumn(folded).execute();
  }
}
