/*
 * Job tickets: what travels with a piece in its bag from bench to bench, through outside workshops
 * too. A ticket names the piece and the work, never the buyer (name, address, e-mail, phone) and
 * never a price or a cost.
 */

/** The most lines one ticket page prints (`?lines=`), and so the most ids the server reads at once. */
export const TICKETS_MAX = 500;

/** One line's ticket (GET API.tickets): the only fields the server sends. */
export interface TicketDto {
  id: number;
  /** The line's EAN-13 (shared/barcode.ts), drawn as its symbol on the ticket. */
  barcode: string;
  order_id: number;
  order_number: string;
  product_id: number;
  product_title: string;
  /** Option values by id, named by the lookups as the grid names them. */
  material_id: number | null;
  color_id: number | null;
  size_id: number | null;
  chain_length_id: number | null;
  karat_id: number | null;
  /** The engraving or customization, and its font. */
  customization_option: string | null;
  font: string | null;
  customer_note: string | null;
  production_expected_date: string | null;
  /** The urgent rule (shared/urgent.ts) over the whole line, worked out where the whole line is read. */
  urgent: boolean;
  workshop_id: number | null;
  workshop_name: string | null;
  item_index: number;
  item_count: number;
}

/** The answer of GET API.tickets: the lines' tickets in the order asked (by order: in the order's own order). */
export interface TicketsDto {
  tickets: TicketDto[];
}
