import { type Kysely, sql } from 'kysely';
import { timestampType, withId } from '../ddl';

/*
 * Where pieces wait (issue 28): one row per piece per stay, in a workshop (or none), a phase and
 * for the step phase its step, from when it came until it left (null while it stays). The line
 * writer writes them from now on; here they are derived from the history, a stay from each row
 * that changed where the piece was until the next such row.
 *
 * The phases as shared/flow.ts `placeOf` reads when this was written (a migration keeps its own
 * copy so it means the same later): a closed line (canceled or shipped) waits nowhere; quality
 * control (3), packing (4) and completed (5) by the status; else no workshop, not started (-1), a
 * step. A history row older than its workshop columns (0022: both null) is taken to be in the
 * line's workshop of today.
 */
const STAYS = sql`
  with h as (
    select order_line_id as line, created_at as at, from_status, from_step, from_workshop_id, to_status, to_step, to_workshop_id,
      from_workshop_id is null and to_workshop_id is null as unknown_workshop,
      row_number() over (partition by order_line_id order by created_at, id) as seq,
      max(case when action in ('cancel', 'ship') then 1 else 0 end) over (partition by order_line_id order by created_at, id rows between unbounded preceding and current row) as closed
    from order_line_history
  ),
  positions as (
    select l.id as line, 0 as seq, l.created_at as at,
      coalesce(h.from_status, l.order_line_status_id) as status,
      coalesce(h.from_step, l.current_order_line_process) as step,
      case when h.line is null or h.unknown_workshop then l.workshop_id else h.from_workshop_id end as workshop,
      case when h.line is null and l.closed_at is not null then 1 else 0 end as closed
    from order_lines l left join h on h.line = l.id and h.seq = 1
    union all
    select h.line, h.seq, h.at, coalesce(h.to_status, l.order_line_status_id), coalesce(h.to_step, l.current_order_line_process),
      case when h.unknown_workshop then l.workshop_id else h.to_workshop_id end, h.closed
    from h inner join order_lines l on l.id = h.line
  ),
  places as (
    select line, seq, at,
      case when closed = 1 then null
        when status = 3 then 'quality_control' when status = 4 then 'packing' when status >= 5 then 'carrier'
        when workshop is null then 'unassigned' when step = -1 then 'waiting' else 'step' end as phase,
      case when closed = 0 and status < 3 and workshop is not null and step <> -1 then step end as step_id,
      case when closed = 0 then workshop end as workshop_id
    from positions
  ),
  changes as (
    select line, seq, at, phase, step_id, workshop_id,
      lag(seq) over w as prev_seq, lag(phase) over w as prev_phase, lag(step_id) over w as prev_step, lag(workshop_id) over w as prev_workshop
    from places window w as (partition by line order by seq)
  ),
  starts as (
    select line, at, phase, step_id, workshop_id, lead(at) over (partition by line order by seq) as left_at
    from changes
    where prev_seq is null or coalesce(phase, '') <> coalesce(prev_phase, '') or coalesce(step_id, -2) <> coalesce(prev_step, -2) or coalesce(workshop_id, -2) <> coalesce(prev_workshop, -2)
  )
  insert into line_stays (order_line_id, workshop_id, phase, step_id, entered_at, left_at)
  select line, workshop_id, phase, step_id, at, left_at from starts where phase is not null`;

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('line_stays'))
    .addColumn('order_line_id', 'integer', (c) => c.notNull().references('order_lines.id'))
    .addColumn('workshop_id', 'integer', (c) => c.references('workshops.id'))
    .addColumn('phase', 'text', (c) => c.notNull())
    .addColumn('step_id', 'integer')
    .addColumn('entered_at', timestampType(db), (c) => c.notNull())
    .addColumn('left_at', timestampType(db))
    .execute();
  await STAYS.execute(db);
  // The line writer finds a line's open stay; the flow report reads stays by when they ended (or
  // the open ones), of every workshop or of one, from the index alone.
  await db.schema.createIndex('line_stays_line_idx').on('line_stays').columns(['order_line_id', 'left_at']).execute();
  await db.schema.createIndex('line_stays_left_idx').on('line_stays').columns(['left_at', 'workshop_id', 'phase', 'step_id', 'entered_at']).execute();
  await db.schema.createIndex('line_stays_workshop_left_idx').on('line_stays').columns(['workshop_id', 'left_at', 'phase', 'step_id', 'entered_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('line_stays').execute();
}
