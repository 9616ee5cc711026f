import type { Db } from '../../db';
import { badRequest, notFound } from '../../errors';
import { TICKETS_MAX, type TicketDto } from '../../../shared/api/tickets';
import type { OrderLineDto } from '../../../shared/api';
import { isId } from '../../../shared/schemas/fields';
import { isUrgent } from '../../../shared/urgent';
import type { Actor } from './actor';
import { lineQuery, readLines, visibleTo } from './queries';

/*
 * Job tickets: the lines a reader may read, cut down to what travels with the piece. The whole line
 * is read as every route reads it (so ownership and the urgent rule are the ones every screen
 * uses), and the ticket is built field by field: the buyer and every price or cost never leave here.
 */

/** What a ticket page asks for: lines by id (in the order asked), or every line of an order. */
export type TicketQuery = { lines: number[] } | { order: number };

/** `?lines=1,2,3` (at most TICKETS_MAX ids) or `?order=<id>`, exactly one of them; anything else is a 400. */
export function parseTicketQuery(query: unknown): TicketQuery {
  const { lines, order, ...rest } = (query ?? {}) as Record<string, unknown>;
  const invalid = () => badRequest('validation:ticketsInvalid', 'VALIDATION');
  if (Object.keys(rest).length > 0 || (lines === undefined) === (order === undefined)) throw invalid();
  if (order !== undefined) {
    const id = typeof order === 'string' && /^\d{1,10}$/.test(order) ? Number(order) : NaN;
    if (!isId(id)) throw invalid();
    return { order: id };
  }
  if (typeof lines !== 'string' || !/^\d{1,10}(,\d{1,10})*$/.test(lines)) throw invalid();
  const ids = [...new Set(lines.split(',').map(Number))];
  if (ids.length > TICKETS_MAX) throw badRequest('validation:ticketsTooMany', 'TOO_MANY_TICKETS', { max: TICKETS_MAX });
  if (!ids.every(isId)) throw invalid();
  return { lines: ids };
}

function ticketOf(whole: OrderLineDto): TicketDto {
  return {
    id: whole.id,
    barcode: whole.barcode,
    order_id: whole.order_id,
    order_number: whole.order_number,
    product_id: whole.product_id,
    product_title: whole.product_title,
    material_id: whole.material_id,
    color_id: whole.color_id,
    size_id: whole.size_id,
    chain_length_id: whole.chain_length_id,
    karat_id: whole.karat_id,
    customization_option: whole.customization_option,
    font: whole.font,
    customer_note: whole.customer_note,
    production_expected_date: whole.production_expected_date,
    urgent: isUrgent(whole),
    workshop_id: whole.workshop_id,
    workshop_name: whole.workshop_name,
    item_index: whole.item_index,
    item_count: whole.item_count,
  };
}

/**
 * The tickets asked for, as the actor may print them. A line the actor may not read is refused as
 * one that does not exist (404, the ids named), so a workshop learns nothing of another's lines;
 * an order none of whose lines the actor may read is refused the same way.
 */
export async function readTickets(db: Db, actor: Actor, query: TicketQuery): Promise<TicketDto[]> {
  if ('order' in query) {
    const lines = await readLines(db, lineQuery(db).where('l.order_id', '=', query.order).where(visibleTo(actor)).orderBy('l.item_index').orderBy('l.id'), actor);
    if (lines.length === 0) throw notFound('errors:ticketOrderRefused', 'NOT_FOUND');
    return lines.map(ticketOf);
  }
  const lines = await readLines(db, lineQuery(db).where('l.id', 'in', query.lines).where(visibleTo(actor)), actor);
  const byId = new Map(lines.map((line) => [line.id, line]));
  const refused = query.lines.filter((id) => !byId.has(id));
  if (refused.length > 0) throw notFound('errors:ticketLinesRefused', 'NOT_FOUND', { ids: refused.join(', ') });
  return query.lines.map((id) => ticketOf(byId.get(id)!));
}
