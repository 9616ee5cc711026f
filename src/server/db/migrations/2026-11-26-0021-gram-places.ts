import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../ddl';

/*
 * A gram is a scale's reading to the milligram (3 decimals, as the gram entry takes it), but
 * PostgreSQL kept grams in the money column type of two decimals and rounded 12.345 g to 12.35
 * without a word. SQLite's real keeps them as typed and needs nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table order_lines alter column product_gram type numeric(14, 3)`.execute(db);
  await sql`alter table products alter column expected_weight type numeric(14, 3)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table order_lines alter column product_gram type numeric(14, 2)`.execute(db);
  await sql`alter table products alter column expected_weight type numeric(14, 2)`.execute(db);
}
