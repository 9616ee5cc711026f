import { isBefore } from 'date-fns';

/** What the late rule reads of a line (OrderLineDto has these fields). */
export interface LateLine {
  production_expected_date: string | null;
  delivery_to_office: string | null;
  /** When the line was canceled. */
  canceled_at: string | null;
}

/**
 * A line is late when its expected production date has passed and it has not been delivered to
 * the office (SPEC section 2). A canceled line is never late: nobody waits for it.
 * The server counts the same rule in SQL (`lateSql` in src/server/modules/order-lines/figures.ts);
 * change both together.
 */
export function isLate(line: LateLine, now: Date | number = Date.now()): boolean {
  return (
    line.canceled_at === null &&
    line.delivery_to_office === null &&
    line.production_expected_date !== null &&
    isBefore(line.production_expected_date, now)
  );
}
