import { type Kysely, sql } from 'kysely';
import { timestampType } from '../ddl';

/*
 * A forecast for every open line (issue 28): when it will likely leave its workshop and whether
 * that passes its expected date, stored on the line; and the median hours of each production step,
 * at each workshop and over every workshop (null), which the forecast reads. The daily forecast job
 * fills the medians from the dwell table and forecasts every open line again, first when the server
 * starts. Until then an open line has what the rule gives without history (as it reads when this
 * was written; a migration keeps its own copy): its expected date, not at risk; a line past
 * production (quality control, packing, completed: status 3 and above) the day it reached the
 * office. A closed line (canceled or handed to the carrier) has none.
 */
const QUALITY_CONTROL = 3;
const HANDED_TO_CARRIER = 3;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_lines').addColumn('forecast_date', timestampType(db)).execute();
  await db.schema.alterTable('order_lines').addColumn('late_risk', 'integer').execute();
  await sql`
    update order_lines set
      forecast_date = case when order_line_status_id >= ${QUALITY_CONTROL} then delivery_to_office else production_expected_date end,
      late_risk = 0
    where canceled_at is null and (packing_status_id is null or packing_status_id <> ${HANDED_TO_CARRIER})`.execute(db);
  await db.schema
    .createTable('step_medians')
    .addColumn('workshop_id', 'integer', (c) => c.references('workshops.id'))
    .addColumn('step_id', 'integer', (c) => c.notNull().references('production_steps.id'))
    .addColumn('median_hours', 'real', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('step_medians').execute();
  await db.schema.alterTable('order_lines').dropColumn('late_risk').execute();
  await db.schema.alterTable('order_lines').dropColumn('forecast_date').execute();
}
