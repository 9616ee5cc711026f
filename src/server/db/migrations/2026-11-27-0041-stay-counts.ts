import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../ddl';

/*
 * The flow report at size (issue 28) reads how many stays of each place ended in a period, by how
 * long they lasted, from counts kept as stays leave, not from every stay of the period:
 * - each stay's duration bucket (line_stays.bucket, computed by the database from its two times:
 *   128 buckets to each e-fold of minutes, 0 under a minute, null while it stays), ordered as its
 *   hours are, so a percentile's rank falls in one bucket and is finished over that bucket's stays
 *   (line_stays_bucket_idx);
 * - per place (workshop or 0, phase, step or 0): the pieces staying there now (stay_cells), the
 *   stays that ended up to the end of each UTC day by bucket (stay_days, cumulative), and those that
 *   ended within each UTC hour (stay_hours), as JSON objects {bucket: stays}.
 * A place's row of stay_cells is taken (locked) by each writer before its counts. `fillStayCounts`
 * counts them again from the stays, for the stays there are here and for a load written around the
 * counting (the benchmarks' seeds).
 */

const HOUR_S = 3600;
const DAY_S = 86_400;

/** The bucket of a stay from its two times, ordered as its hours are on each database. */
function bucketColumn(db: Kysely<any>) {
  return isPostgres(db)
    ? sql`integer generated always as (case when left_at is null then null
        when date_part('epoch', left_at - entered_at) < 60 then 0
        else 1 + floor(ln(date_part('epoch', left_at - entered_at) / 60) * 128)::integer end) stored`
    : sql`integer generated always as (case when left_at is null then null
        when (julianday(left_at) - julianday(entered_at)) * 1440 < 1 then 0
        else 1 + cast(ln((julianday(left_at) - julianday(entered_at)) * 1440) * 128 as integer) end) virtual`;
}

/** Whole units of `seconds` since the epoch at the instant a stay left. */
const unitOf = (db: Kysely<any>, seconds: number) =>
  isPostgres(db) ? sql<number>`floor(extract(epoch from left_at) / ${sql.lit(seconds)})::integer` : sql<number>`cast(strftime('%s', left_at) as integer) / ${sql.lit(seconds)}`;

const place = sql`coalesce(workshop_id, 0) as workshop_key, phase, coalesce(step_id, 0) as step_key`;
const placeKeys = sql`coalesce(workshop_id, 0), phase, coalesce(step_id, 0)`;

export async function fillStayCounts(db: Kysely<any>): Promise<void> {
  for (const table of ['stay_cells', 'stay_days', 'stay_hours']) await db.deleteFrom(table).execute();
  await sql`
    insert into stay_cells (workshop_key, phase, step_key, waiting)
    select ${place}, sum(case when left_at is null then 1 else 0 end) from line_stays group by ${placeKeys}`.execute(db);
  const object = isPostgres(db) ? sql`jsonb_object_agg(bucket::text, stays)::text` : sql`json_group_object(bucket, stays)`;
  await sql`
    insert into stay_hours (workshop_key, phase, step_key, hour, counts)
    select workshop_key, phase, step_key, hour, ${object}
    from (select ${place}, ${unitOf(db, HOUR_S)} as hour, bucket, count(*) as stays from line_stays where left_at is not null group by ${placeKeys}, 4, bucket) as hours
    group by workshop_key, phase, step_key, hour`.execute(db);
  // Each day's running counts, place by place: every bucket seen up to that day.
  const { rows } = await sql<{ workshop_key: number; phase: string; step_key: number; day: number; bucket: number; stays: number | string }>`
    select ${place}, ${unitOf(db, DAY_S)} as day, bucket, count(*) as stays
    from line_stays where left_at is not null
    group by ${placeKeys}, 4, bucket
    order by 1, 2, 3, 4`.execute(db);
  const days: Array<{ workshop_key: number; phase: string; step_key: number; day: number; counts: string }> = [];
  let running = new Map<number, number>();
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const previous = rows[i - 1];
    if (!previous || previous.workshop_key !== row.workshop_key || previous.phase !== row.phase || previous.step_key !== row.step_key) running = new Map();
    running.set(row.bucket, (running.get(row.bucket) ?? 0) + Number(row.stays));
    const next = rows[i + 1];
    if (!next || next.workshop_key !== row.workshop_key || next.phase !== row.phase || next.step_key !== row.step_key || next.day !== row.day) {
      days.push({ workshop_key: row.workshop_key, phase: row.phase, step_key: row.step_key, day: row.day, counts: JSON.stringify(Object.fromEntries(running)) });
    }
  }
  for (let i = 0; i < days.length; i += 1000) await db.insertInto('stay_days').values(days.slice(i, i + 1000)).execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table line_stays add column bucket ${bucketColumn(db)}`.execute(db);
  // A place's stays of one bucket that ended in a period, with their two times: a percentile's
  // finish. The bucket first, so a read of a workshop's stays by phase keeps to its own indexes.
  await db.schema.createIndex('line_stays_bucket_idx').on('line_stays').columns(['bucket', 'workshop_id', 'phase', 'step_id', 'left_at', 'entered_at']).execute();
  const placeColumns = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('workshop_key', 'integer', (c) => c.notNull())
      .addColumn('phase', 'text', (c) => c.notNull())
      .addColumn('step_key', 'integer', (c) => c.notNull());
  await placeColumns('stay_cells').addColumn('waiting', 'integer', (c) => c.notNull()).addPrimaryKeyConstraint('stay_cells_pk', ['workshop_key', 'phase', 'step_key']).execute();
  await placeColumns('stay_days')
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('counts', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('stay_days_pk', ['workshop_key', 'phase', 'step_key', 'day'])
    .execute();
  await placeColumns('stay_hours')
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('counts', 'text', (c) => c.notNull())
    // Hour first: the report reads the hours before a period's two ends, of every place at once.
    .addPrimaryKeyConstraint('stay_hours_pk', ['hour', 'workshop_key', 'phase', 'step_key'])
    .execute();
  await fillStayCounts(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['stay_hours', 'stay_days', 'stay_cells']) await db.schema.dropTable(table).execute();
  await db.schema.dropIndex('line_stays_bucket_idx').execute();
  await sql`alter table line_stays drop column bucket`.execute(db);
}
