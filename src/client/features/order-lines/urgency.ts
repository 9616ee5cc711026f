import type { OrderLineDto } from '../../../shared/api';
import { isUrgent } from '../../../shared/urgent';
import { whenIdle } from '../../components/whenIdle';

/*
 * Whether a line is urgent (src/shared/urgent.ts), once per line object: a changed line is a new
 * object, so an answer never goes stale. Reading every text of a line in Turkish case costs a few
 * microseconds: a list read whole has its lines' urgency worked out in the page's idle moments
 * (learnUrgency), so the 'Acil' column or view never asks for a hundred thousand at once.
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

/** Works out the urgency of `lines` in the page's idle moments, a few at a time. */
export function learnUrgency(lines: readonly OrderLineDto[]): void {
  let next = 0;
  whenIdle((hasTime) => {
    for (let done = 0; next < lines.length && (done < 50 || hasTime()); next++, done++) lineIsUrgent(lines[next]);
    return next >= lines.length;
  });
}
