/*
 * Where an order stands, from its lines: every line canceled, none shipped yet, some shipped, or
 * every line not canceled handed to the carrier. An order without lines yet (a shop order whose
 * items wait for a product) is open.
 */
export type OrderStanding = 'open' | 'partlyShipped' | 'shipped' | 'canceled';

export function orderStanding({ lines, shipped_lines, canceled_lines }: { lines: number; shipped_lines: number; canceled_lines: number }): OrderStanding {
  if (lines > 0 && canceled_lines === lines) return 'canceled';
  if (shipped_lines === 0) return 'open';
  return shipped_lines + canceled_lines === lines ? 'shipped' : 'partlyShipped';
}
