import type { OrderLineDto } from '../../../shared/api';
import { isUrgent } from '../../../shared/urgent';

/*
 * Whether a line is urgent (src/shared/urgent.ts), once per line object: a changed line is a new
 * object, so an answer never goes stale. Reading every text of a line in Turkish case costs a few
 * microseconds, so it is worked out only for the lines asked about: the rows drawn, or every row
 * once the 'Acil' column or view is used.
 */
const known = new WeakMap<OrderLineDto, boolean>();

/** Whether the line is urgent: worked out the first time it is asked, then kept. */
export function lineIsUrgent(line: OrderLineDto): boolean {
  let urgent = known.get(line);
  if (urgent === undefined) {
    urgent = isUrgent(line);
    known.set(line, urgent);
  }
  return urgent;
}
