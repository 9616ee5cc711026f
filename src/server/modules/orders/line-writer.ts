import { type Expression, type ExpressionBuilder, type SqlBool, sql, type Transaction, type Updateable } from 'kysely';
import type { LineVersionsBody, OrderLineDto } from '../../../shared/api';
import { isClosedLine } from '../../../shared/lifecycle';
import type { LineEventType } from '../../../shared/live';
import type { Db } from '../../db';
import type { Database, OrderLinesTable } from '../../db/schema';
import type { StepMedians } from '../../../shared/forecast';
import { isPostgres } from '../../db/ddl';
import { FORECAST_LINE_COLUMNS, type ForecastRow, forecastsOf, currentMedians, forecastsOfLines, type Known, type Reforecast } from '../flow/forecast';
import { type MovedLine, movesPieces, type OpenStayColumns, openStayOf, recordStays, STAY_COLUMNS, type StayLine } from '../flow/stays';
import type { RecordChanges } from '../live/bus';
import type { Actor } from '../order-lines/actor';
import { closedSql } from '../order-lines/figures';
import { linesByIds } from '../order-lines/queries';
import { takeBarcodes } from './barcodes';
import { tellChanged, tellCreated } from './line-notices';
import type { NewLine } from './units';

/*
 * The one writer of order lines: every line made (the units of a manual or a shop order) and
 * every change of one (a move or correction of the life cycle, a metal receipt taking the piece
 * or giving it back, its product moving to another workshop) is written here, in the caller's
 * transaction, with its history row, its stays (flow/stays.ts), its forecast (flow/forecast.ts),
 * its change for the live channel (live/bus.ts) and the notifications it causes (line-notices.ts).
 * A changed line comes back with the version of its change, so an action
 * answers the line as it is now and the client that acted skips the event of its own change. Only the migrations, the demo seed
 * and the bench write lines otherwise (line-writes.test.ts).
 */

/** Rows per statement: a statement's parameters are bounded. */
const CHUNK = 500;

/** A line as read before it is changed: where it stands and who hears of it. */
export interface LineBefore {
  id: number;
  order_id: number;
  workshop_id: number | null;
  customer_id: number | null;
  order_line_status_id: number;
  current_order_line_process: number;
}

/** A line written, with the version of its change (the id of its row in the change log). */
export interface Written {
  id: number;
  version: number;
}

/** One change of lines, as its history row and its live event describe it. */
export interface LineWrite {
  /** Who made it; null for the shop. */
  userId: number | null;
  at: string;
  /** The columns written; whatever a screen should see as a change sets `updated_at` too. */
  set: Updateable<OrderLinesTable>;
  /** Only a line still so is written: it may have changed since it was read. */
  still?: (eb: ExpressionBuilder<Database, 'order_lines'>) => Expression<SqlBool>;
  /** The history row's action name and what it keeps beside the move (a gram, a reason, a number). */
  action: string;
  detail?: string | null;
  event: LineEventType;
  /** Routings by product the caller has read in this transaction: the forecast does not read them again. */
  routings?: Known['routings'];
}

/** Besides a move, what a forecast reads of a line (shared/forecast.ts). */
const FORECAST_COLUMNS = ['production_expected_date', 'delivery_to_office', 'product_id'] as const;

const chunks = <T>(items: readonly T[]) => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** Stores forecasts that changed (at most a statement's worth), in one statement. */
async function storeForecasts(trx: Transaction<Database>, lines: readonly Reforecast[]) {
  if (lines.length === 0) return;
  const each = <T>(value: (line: Reforecast) => T) => sql.join(lines.map((line) => sql`when ${line.id} then ${value(line)}`), sql` `);
  const timestamp = isPostgres(trx) ? sql`timestamptz` : sql`text`;
  await trx
    .updateTable('order_lines')
    .set({
      forecast_date: sql<string | null>`cast(case id ${each((line) => line.forecast_date)} end as ${timestamp})`,
      late_risk: sql<number | null>`cast(case id ${each((line) => line.late_risk)} end as integer)`,
      late_risk_since: sql<string | null>`cast(case id ${each((line) => line.late_risk_since)} end as ${timestamp})`,
    })
    .where('id', 'in', lines.map((line) => line.id))
    .execute();
}

/** What a write returns of each line: its stays' and its forecast's columns. */
const WRITTEN_COLUMNS = [...new Set([...STAY_COLUMNS, ...FORECAST_LINE_COLUMNS])] as Array<(typeof STAY_COLUMNS)[number] | (typeof FORECAST_LINE_COLUMNS)[number]>;
type WrittenLine = StayLine & ForecastRow;

/** Forecasts lines as just written at `at`, over the medians read once for the whole write. */
async function forecast(trx: Transaction<Database>, lines: readonly ForecastRow[], at: string, known: Known) {
  if (lines.length === 0) return;
  const now = new Date(at);
  const medians = await currentMedians(trx, now);
  for (const chunk of chunks(lines)) await storeForecasts(trx, await forecastsOfLines(trx, chunk, medians, now, known));
}

/** Records the stays of lines as just written by `record` (recordStays), a statement's worth at a time; answers when each came to its step. */
async function staysOf<T>(lines: readonly T[], record: (chunk: T[]) => Promise<Map<number, string | null>>) {
  const stepSince = new Map<number, string | null>();
  for (const chunk of chunks(lines)) for (const [id, since] of await record(chunk)) stepSince.set(id, since);
  return stepSince;
}

/**
 * The daily forecast of lines (at most a statement's worth) at `now`: each changed forecast is
 * stored, and only a line whose late risk changed is told, as an update. Answers those lines' ids.
 */
export async function reforecastLines(trx: Transaction<Database>, record: RecordChanges, ids: readonly number[], medians: StepMedians, now: Date): Promise<number[]> {
  const changed = await forecastsOf(trx, ids, medians, now);
  await storeForecasts(trx, changed);
  const risky = changed.filter((line) => line.riskChanged);
  if (risky.length > 0) await record(risky.map((line) => ({ type: 'order_update', line_id: line.id, order_id: line.order_id, workshop_id: line.workshop_id, customer_id: line.customer_id })));
  return risky.map((line) => line.id);
}

/**
 * Makes lines (an order's units, built by units.ts `unitLines`) of one customer's order `orderNumber`, each with
 * a barcode of its own (barcodes.ts); each is told as a new line, and its workshop of new work
 * (unless `actorId`, who made them, is that workshop's user). A line's history begins with its
 * first move, so none is written here. Answers the lines in the order of their ids.
 */
export async function createLines(trx: Transaction<Database>, record: RecordChanges, orderNumber: string, lines: readonly NewLine[], customerId: number | null, actorId: number | null) {
  const barcodes = await takeBarcodes(trx, lines.length);
  const rows = lines.map((line, index) => ({ ...line, customer_id: customerId, barcode: barcodes[index] }));
  const stored: WrittenLine[] = [];
  for (const chunk of chunks(rows)) stored.push(...(await trx.insertInto('order_lines').values(chunk).returning(WRITTEN_COLUMNS).execute()));
  stored.sort((a, b) => a.id - b.id);
  const stepSince = await staysOf(stored, (chunk) => recordStays(trx, chunk, null));
  // Made together, they were made at once.
  if (lines.length > 0) await forecast(trx, stored, lines[0].created_at, { stepSince });
  await record(stored.map((line) => ({ type: 'new_order', line_id: line.id, order_id: line.order_id, workshop_id: line.workshop_id, customer_id: customerId })));
  await tellCreated(trx, orderNumber, stored.map((line, index) => ({ ...line, customer_id: customerId, row: rows[index] })), actorId);
  return stored;
}

/**
 * Writes a change to lines read before, to those `still` holds for: each written line gets its
 * history row, from where it stood to where `set` puts it (status, step and workshop), and its
 * live event. Answers the lines written, in the order given.
 */
export async function changeLines(trx: Transaction<Database>, record: RecordChanges, lines: readonly LineBefore[], change: LineWrite): Promise<Written[]> {
  const { set, still } = change;
  // Each line written as it now stands, for its stays and its forecast; a move with the stay it may leave.
  const moving = movesPieces(set);
  const written = new Map<number, WrittenLine & Partial<OpenStayColumns>>();
  for (const chunk of chunks(lines)) {
    let update = trx.updateTable('order_lines').set(set).where('id', 'in', chunk.map((line) => line.id));
    if (still) update = update.where(still);
    const rows = moving ? await update.returning(WRITTEN_COLUMNS).returning(openStayOf).execute() : await update.returning(WRITTEN_COLUMNS).execute();
    for (const row of rows) written.set(row.id, row);
  }
  const changed = lines.filter((line) => written.has(line.id));
  if (changed.length === 0) return [];
  // A change that cancels or ships records when the line closed, once: the everyday lists keep a
  // closed line for a window of days after it, and the archive finds it by it. Only those two
  // columns close a line, so a change writing neither to a closing value (a tap) closes none.
  if (isClosedLine({ canceled_at: set.canceled_at ?? null, packing_status_id: set.packing_status_id ?? null })) {
    for (const chunk of chunks(changed)) {
      await trx
        .updateTable('order_lines')
        .set({ closed_at: change.at })
        .where('id', 'in', chunk.map((line) => line.id))
        .where('closed_at', 'is', null)
        .where(closedSql('order_lines'))
        .execute();
    }
  }
  const moves = set.workshop_id !== undefined;
  const after = (line: LineBefore) => ({
    status: set.order_line_status_id ?? line.order_line_status_id,
    step: set.current_order_line_process ?? line.current_order_line_process,
    workshop: moves ? (set.workshop_id ?? null) : line.workshop_id,
  });
  for (const chunk of chunks(changed)) {
    await trx
      .insertInto('order_line_history')
      .values(
        chunk.map((line) => ({
          order_line_id: line.id,
          user_id: change.userId,
          action: change.action,
          from_status: line.order_line_status_id,
          to_status: after(line).status,
          from_step: line.current_order_line_process,
          to_step: after(line).step,
          from_workshop_id: line.workshop_id,
          to_workshop_id: after(line).workshop,
          detail: change.detail ?? null,
          created_at: change.at,
        })),
      )
      .execute();
  }
  const rows = changed.map((line) => written.get(line.id)!);
  // A change that moves no piece leaves the stays as they are: the forecast reads when each came to its step.
  const stepSince = moving ? await staysOf(rows as MovedLine[], (chunk) => recordStays(trx, chunk, change.at)) : undefined;
  if (moving || FORECAST_COLUMNS.some((column) => set[column] !== undefined)) await forecast(trx, rows, change.at, { stepSince, routings: change.routings });
  const versions = await record(
    changed.map((line) => ({
      type: change.event,
      line_id: line.id,
      order_id: line.order_id,
      workshop_id: after(line).workshop,
      // A workshop hears of a line that has just left it, so its screen drops the line.
      ...(moves ? { previous_workshop_id: line.workshop_id } : {}),
      customer_id: line.customer_id,
    })),
  );
  await tellChanged(trx, changed, { action: change.action, detail: change.detail, userId: change.userId, workshopId: moves ? (set.workshop_id ?? null) : undefined });
  return changed.map((line, index) => ({ id: line.id, version: versions[index] }));
}

/** Lines by id as changeLines reads them before a change. */
async function linesBefore(trx: Transaction<Database>, ids: readonly number[]): Promise<LineBefore[]> {
  const lines: LineBefore[] = [];
  for (const chunk of chunks(ids)) {
    lines.push(
      ...(await trx
        .selectFrom('order_lines as l')
        .innerJoin('orders as o', 'o.id', 'l.order_id')
        .select(['l.id', 'l.order_id', 'l.workshop_id', 'o.customer_id', 'l.order_line_status_id', 'l.current_order_line_process'])
        .where('l.id', 'in', chunk)
        .orderBy('l.id')
        .execute()),
    );
  }
  return lines;
}

/**
 * A confirmed metal receipt takes its weighed pieces into the ledger (their gram is final from
 * then on), or its reversal gives them back: the history names the voucher, the screens showing
 * the line hear of it. A piece already taken is not taken again; answers the pieces written.
 */
export async function markReceived(trx: Transaction<Database>, record: RecordChanges, ids: readonly number[], how: { received: boolean; userId: number; at: string; voucher: string | null }) {
  return changeLines(trx, record, await linesBefore(trx, ids), {
    userId: how.userId,
    at: how.at,
    set: { metal_received_at: how.received ? how.at : null },
    still: how.received ? (eb) => eb('metal_received_at', 'is', null) : undefined,
    action: how.received ? 'metal_received' : 'metal_returned',
    detail: how.voucher,
    event: 'order_update',
  });
}

/**
 * Lines follow their product to another workshop (or to none): each move is a history row naming
 * both workshops, heard by both.
 */
export async function moveLines(trx: Transaction<Database>, record: RecordChanges, lines: readonly LineBefore[], workshopId: number | null, userId: number, at: string) {
  return changeLines(trx, record, lines, { userId, at, set: { workshop_id: workshopId, updated_at: at }, action: 'workshop_move', event: 'order_assigned' });
}

/**
 * What an action answers: lines as its actor reads them (order-lines/queries.ts), and the version
 * of each change it wrote, so the client that acted reads none of them again.
 */
export async function answerOf(db: Db, actor: Actor, ids: readonly number[], written: readonly Written[]): Promise<{ orders: OrderLineDto[] } & LineVersionsBody> {
  const { orders } = await linesByIds(db, actor, ids);
  return { orders, versions: Object.fromEntries(written.map((line) => [line.id, line.version])) };
}
