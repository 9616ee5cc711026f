import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../ddl';
import { ADD_TO_COUNTS, ADD_TO_SUMS, anyCounted, countsOf, countsTable, fillFigureSums, lineTriggerBodies, sumsTable } from './2026-11-27-0038-figure-sums';

/*
 * On PostgreSQL a write of lines no longer updates the figure sums and order counts (migration
 * 0038) in place: it appends its part to `line_figure_deltas` and `line_figure_count_deltas`, so
 * two writers of the same workshop's or customer's lines never wait on each other for a row of
 * them until one commits (under load the wait was most of a tap's and an order's time). The
 * figures read the rows kept plus the parts, and `foldFigureDeltas` adds the parts to the rows
 * kept in one statement from time to time. SQLite has one writer at a time: its triggers still add
 * to the rows kept, and its parts stay empty.
 */

const SUMS = 'line_figure_deltas';
const COUNTS = 'line_figure_count_deltas';
const LINES_FUNCTION = 'order_lines_figure_sums';
const COUNTS_FUNCTION = 'line_figure_orders_counts_add(line_figure_orders, integer)';
const MOVED = anyCounted('x', 'y', 'is distinct from');

/** The triggers' functions, appending to the parts (`appended`) or adding to the rows kept. */
async function replaceBodies(db: Kysely<any>, appended: boolean) {
  for (const [event, body] of Object.entries(lineTriggerBodies(db, MOVED, appended ? SUMS : undefined))) {
    await sql.raw(`create or replace function ${LINES_FUNCTION}_${event}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`).execute(db);
  }
  const counts = countsOf('(select ($1).*) r', '$2', false, appended ? COUNTS : undefined).join(';\n');
  await sql.raw(`create or replace function ${COUNTS_FUNCTION} returns void language sql as $$ ${counts} $$`).execute(db);
}

/** Adds the parts there are to the rows kept and deletes them, a statement per table (PostgreSQL; SQLite keeps none). */
export async function foldFigureDeltas(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql
    .raw(
      `with folded as (delete from ${SUMS} returning *)
      insert into line_figure_sums (kind, owner_id, currency, status_id, canceled, lines, price, cost, delivered, production_ms)
      select kind, owner_id, currency, status_id, canceled, sum(lines), sum(price), sum(cost), sum(delivered), sum(production_ms)
      from folded group by kind, owner_id, currency, status_id, canceled order by 1, 2, 3, 4, 5
      ${ADD_TO_SUMS}`,
    )
    .execute(db);
  await sql
    .raw(
      `with folded as (delete from ${COUNTS} returning *)
      insert into line_figure_order_counts (kind, owner_id, currency, orders, canceled_orders)
      select kind, owner_id, currency, sum(orders), sum(canceled_orders) from folded group by kind, owner_id, currency order by 1, 2, 3
      ${ADD_TO_COUNTS}`,
    )
    .execute(db);
}

/** The sums counted again from every line, as a load that bypasses the triggers leaves them, with no part left to fold. */
export async function refillFigureSums(db: Kysely<any>): Promise<void> {
  for (const table of [SUMS, COUNTS]) await db.deleteFrom(table).execute();
  await fillFigureSums(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await sumsTable(db, SUMS).execute();
  await countsTable(db, COUNTS).execute();
  for (const table of [SUMS, COUNTS]) await db.schema.createIndex(`${table}_owner_idx`).on(table).columns(['kind', 'owner_id']).execute();
  if (isPostgres(db)) await replaceBodies(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await replaceBodies(db, false);
    await foldFigureDeltas(db);
  }
  for (const table of [SUMS, COUNTS]) await db.schema.dropTable(table).execute();
}
