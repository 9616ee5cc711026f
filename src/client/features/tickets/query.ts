import { TICKETS_MAX } from '../../../shared/api/tickets';
import { isId } from '../../../shared/schemas/fields';

/** What a ticket page's address asks for: lines by id, an order's lines, nothing, or more than a page prints. */
export type TicketAsk = { kind: 'lines'; ids: number[] } | { kind: 'order'; id: number } | { kind: 'none' } | { kind: 'tooMany' };

/** Reads `?lines=1,2,3` or `?order=7`; an id that is no id leaves the address asking for nothing. */
export function ticketAskOf(search: URLSearchParams): TicketAsk {
  const order = search.get('order');
  if (order !== null) return /^\d{1,10}$/.test(order) && isId(Number(order)) ? { kind: 'order', id: Number(order) } : { kind: 'none' };
  const lines = search.get('lines');
  if (!lines) return { kind: 'none' };
  const ids = [...new Set(lines.split(',').map((id) => (/^\d{1,10}$/.test(id) ? Number(id) : NaN)))];
  if (!ids.every(isId)) return { kind: 'none' };
  return ids.length > TICKETS_MAX ? { kind: 'tooMany' } : { kind: 'lines', ids };
}

/** The query of the ticket data route for an ask (shared/api.ts API.tickets). */
export function ticketQueryOf(ask: { kind: 'lines'; ids: number[] } | { kind: 'order'; id: number }): string {
  return ask.kind === 'order' ? `order=${ask.id}` : `lines=${ask.ids.join(',')}`;
}

/** The ticket page of the given lines. */
export const ticketsPath = (ids: readonly number[]): string => `/tickets?lines=${ids.join(',')}`;

/** The ticket page of an order's lines (those its reader may print). */
export const orderTicketsPath = (orderId: number): string => `/tickets?order=${orderId}`;
