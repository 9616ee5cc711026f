import type { ExpressionBuilder, Insertable, Selectable, Transaction, Updateable } from 'kysely';
import { placeOfLine, samePlace, type StayPlace } from '../../../shared/flow';
import type { Database, LineStaysTable, OrderLinesTable } from '../../db/schema';
import { countStaysLast } from './stay-counts';

/*
 * The dwell table (line_stays): one row per piece per stay, written by the line writer whenever a
 * piece's place (shared/flow.ts `placeOf`) changes, and by the demo seed along its walks; each
 * writer keeps the report's counts (stay-counts.ts) in the same transaction.
 */

/** The columns whose change may move a piece to another place. */
const PLACE_COLUMNS = ['order_line_status_id', 'current_order_line_process', 'workshop_id', 'packing_status_id', 'canceled_at'] as const;

/** True when writing `set` may move a piece: other changes (a gram, an approval) leave its stay as it is. */
export const movesPieces = (set: Updateable<OrderLinesTable>) => PLACE_COLUMNS.some((column) => set[column] !== undefined);

/** What a line's stays are worked out from: where it stands, and when it was made. */
export const STAY_COLUMNS = ['id', 'workshop_id', 'order_line_status_id', 'current_order_line_process', 'packing_status_id', 'canceled_at', 'created_at'] as const;
export type StayLine = Pick<Selectable<OrderLinesTable>, (typeof STAY_COLUMNS)[number]>;

/** A line's open stay as the update moving it returns it (`openStayOf`); all null when it has none. */
export interface OpenStayColumns {
  stay_id: number | null;
  stay_workshop_id: number | null;
  stay_phase: StayPlace['phase'] | null;
  stay_step_id: number | null;
  stay_entered_at: string | null;
}
export type MovedLine = StayLine & OpenStayColumns;

/**
 * What an update of order_lines returns of each line's open stay, as it was before the update (the
 * newest, were there ever two), so its writer need not read the stays it may close apart.
 */
export function openStayOf(eb: ExpressionBuilder<Database, 'order_lines'>) {
  const open = () => eb.selectFrom('line_stays as s').whereRef('s.order_line_id', '=', 'order_lines.id').where('s.left_at', 'is', null).orderBy('s.id', 'desc').limit(1);
  return [
    open().select('s.id').as('stay_id'),
    open().select('s.workshop_id').as('stay_workshop_id'),
    open().select('s.phase').as('stay_phase'),
    open().select('s.step_id').as('stay_step_id'),
    open().select('s.entered_at').as('stay_entered_at'),
  ];
}

const openStay = (line: MovedLine) =>
  line.stay_id === null || line.stay_phase === null || line.stay_entered_at === null
    ? null
    : { id: line.stay_id, workshop_id: line.stay_workshop_id, phase: line.stay_phase, step_id: line.stay_step_id, entered_at: line.stay_entered_at };

/**
 * Brings the stays of lines (at most a statement's worth), as their writer just stored them, up to
 * where they stand now: a line whose place changed leaves its open stay at `at` and enters its new
 * place then (a closed line none). `at` null: the lines were just made, with no stay yet, and stay
 * since they were. Answers, per line, when it came to the production step it now stands at (null
 * at none), as the forecast reads it.
 */
export async function recordStays(trx: Transaction<Database>, lines: readonly StayLine[], at: null): Promise<Map<number, string | null>>;
export async function recordStays(trx: Transaction<Database>, lines: readonly MovedLine[], at: string): Promise<Map<number, string | null>>;
export async function recordStays(trx: Transaction<Database>, lines: readonly (StayLine | MovedLine)[], at: string | null): Promise<Map<number, string | null>> {
  const stepSince = new Map<number, string | null>();
  if (lines.length === 0) return stepSince;
  const leaving: number[] = [];
  const entering: Array<Insertable<LineStaysTable>> = [];
  const opened: StayPlace[] = [];
  for (const line of lines) {
    const place = placeOfLine(line);
    const stay = at === null ? null : openStay(line as MovedLine);
    if (samePlace(stay, place)) {
      stepSince.set(line.id, stay?.phase === 'step' ? stay.entered_at : null);
      continue;
    }
    if (stay) leaving.push(stay.id);
    stepSince.set(line.id, place?.phase === 'step' ? (at ?? line.created_at) : null);
    if (place) {
      entering.push({ order_line_id: line.id, ...place, entered_at: at ?? line.created_at, left_at: null });
      opened.push(place);
    }
  }
  const left =
    leaving.length > 0 && at !== null
      ? await trx.updateTable('line_stays').set({ left_at: at }).where('id', 'in', leaving).returning(['workshop_id', 'phase', 'step_id', 'bucket', 'left_at']).execute()
      : [];
  if (entering.length > 0) await trx.insertInto('line_stays').values(entering).execute();
  await countStaysLast(trx, { opened, closed: left, left });
  return stepSince;
}

/** The stays of a piece that stood at each place from its time on (in time order; null: closed), the last one open. */
export function staysAlong(lineId: number, places: ReadonlyArray<{ at: string; place: StayPlace | null }>): Array<Insertable<LineStaysTable>> {
  const stays: Array<Insertable<LineStaysTable>> = [];
  let last: StayPlace | null | undefined;
  for (const { at, place } of places) {
    if (last !== undefined && samePlace(last, place)) continue;
    const open = stays.at(-1);
    if (open && open.left_at === null) open.left_at = at;
    if (place) stays.push({ order_line_id: lineId, ...place, entered_at: at, left_at: null });
    last = place;
  }
  return stays;
}
