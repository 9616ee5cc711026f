import type { OrderLineDto } from '../../../shared/api';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db';
import { notFound } from '../../errors';
import type { Actor } from './actor';

/*
 * Reading order lines, for every module that shows them (orders, workshops, customers); it
 * imports none of them, so they all may depend on it.
 */

/** Every field of an order line (SPEC section 3), with the spellings the spec also uses. */
function lineQuery(db: Db) {
  return db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('workshops as w', 'w.id', 'l.workshop_id')
    .leftJoin('customers as c', 'c.id', 'o.customer_id')
    .select([
      'l.id',
      'l.order_id',
      'o.order_number',
      'l.product_id',
      'p.title as product_title',
      'p.picture_url as product_picture_url',
      'o.first_name',
      'o.last_name',
      'o.address',
      'o.city',
      'o.province',
      'o.country',
      'o.zip_code',
      'o.email',
      'o.phone',
      'l.created_at',
      'l.updated_at',
      'l.order_line_status_id',
      'l.packing_status_id',
      'l.customer_approval_status_id',
      'l.quality_control_id',
      'l.fulfilment_style',
      'l.material_id',
      'l.chain_length_id',
      'l.color_id',
      'l.size_id',
      'l.karat_id',
      'l.customization_option',
      'l.font',
      'l.gift_note',
      'l.customer_note',
      'l.product_gram',
      'l.gram_flagged',
      'l.product_cost',
      'o.canceled_at',
      'o.cancel_reason',
      'l.total_price',
      'o.currency',
      'l.shipment_tracking_number',
      'l.location',
      'l.workshop_id',
      'w.name as workshop_name',
      'o.customer_id',
      'c.name as customer_name',
      'c.company_name as b2b_customer_name',
      'o.source',
      'l.production_expected_date',
      'l.current_order_line_process',
      'l.workshop_started_process_id',
      'l.delivery_to_office',
      'l.barcode',
      'l.item_index',
      'l.item_count',
    ]);
}

type LineRow = Awaited<ReturnType<ReturnType<typeof lineQuery>['execute']>>[number];

/**
 * The API's promise (OrderLineDto) is checked here, where rows become answers, and here alone a
 * line is shaped for its reader: a customer never receives what the workshop is paid for the piece
 * (`product_cost`, the price times the hidden workmanship rate); every other field of its own
 * orders it keeps.
 */
function answerFor(actor: Actor) {
  return (row: LineRow): OrderLineDto => {
    const line = toDto(row);
    if (actor.isCustomer) delete line.product_cost;
    return line;
  };
}

function toDto(row: LineRow): OrderLineDto {
  return {
    ...row,
    order_product_id: row.id,
    photo_url: row.product_picture_url,
    fulfillment_style: row.fulfilment_style,
    note_customer: row.customer_note,
    production_expected_days: row.production_expected_date,
    gram_flagged: row.gram_flagged === 1,
  };
}

/**
 * The one ownership rule of order lines, for any query naming lines `l` and orders `o`: the office
 * sees every line, a workshop its own, a customer its own.
 */
export function visibleTo(actor: Actor) {
  return (eb: ExpressionBuilder<any, any>) =>
    eb.and([
      ...(actor.workshopId !== undefined ? [eb('l.workshop_id', '=', actor.workshopId)] : []),
      ...(actor.customerId !== undefined ? [eb('o.customer_id', '=', actor.customerId)] : []),
    ]);
}

/** Lines the actor may read, newest first. */
export async function listLines(db: Db, actor: Actor): Promise<OrderLineDto[]> {
  return (await lineQuery(db).where(visibleTo(actor)).orderBy('l.id', 'desc').execute()).map(answerFor(actor));
}

/**
 * The same lines as listLines (from `offset` on, at most `limit`), handed on a page (an array of
 * up to `pageSize` lines) at a time: a list of tens of thousands of lines starts flowing to the
 * client at once, and no array of every line is ever built. Each page is its own short query (the
 * next one continues below the last id), never a cursor held open while the client reads: a slow
 * reader keeps neither SQLite's one connection nor a pooled one, and PostgreSQL's statement timeout
 * applies to each page, not to the whole download.
 */
export async function* streamLines(
  db: Db,
  actor: Actor,
  { offset = 0, limit = null }: { offset?: number; limit?: number | null } = {},
  pageSize = 1000,
): AsyncGenerator<OrderLineDto[]> {
  const answer = answerFor(actor);
  let left = limit ?? Infinity;
  let skip = offset;
  let below: number | undefined;
  while (left > 0) {
    const size = Math.min(pageSize, left);
    let query = lineQuery(db).where(visibleTo(actor));
    if (below !== undefined) query = query.where('l.id', '<', below);
    const rows = await query.orderBy('l.id', 'desc').limit(size).offset(skip).execute();
    yield rows.map(answer);
    if (rows.length < size) return;
    left -= rows.length;
    skip = 0;
    below = rows[rows.length - 1].id;
  }
}

/** One line as every order route answers it; another workshop's or customer's line is "not found". */
export async function getLine(db: Db, lineId: number, actor: Actor): Promise<OrderLineDto> {
  const row = await lineQuery(db).where('l.id', '=', lineId).where(visibleTo(actor)).executeTakeFirst();
  if (!row) throw notFound();
  return answerFor(actor)(row);
}

/**
 * What the life cycle reads of a line before moving it: its stored state (`lineState` of
 * src/shared/lifecycle.ts), its product and the product's expected weight; "not found" like getLine.
 */
export async function ownedLine(db: Db, lineId: number, actor: Actor) {
  const line = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select([
      'l.id',
      'l.product_id',
      'l.order_line_status_id',
      'l.current_order_line_process',
      'l.workshop_started_process_id',
      'l.quality_control_id',
      'l.product_gram',
      'l.packing_status_id',
      'l.customer_approval_status_id',
      'p.expected_weight',
    ])
    .where('l.id', '=', lineId)
    .where(visibleTo(actor))
    .executeTakeFirst();
  if (!line) throw notFound();
  return line;
}
