import type { OrderLineDto } from '../../../shared/api';
import { isUrgent } from '../../../shared/urgent';

/*
 * Whether a line is urgent (src/shared/urgent.ts), once per line object: a changed line is a new
 * object, so an answer never goes stale. Reading every text of a line in Turkish case costs about
 * 20 microseconds, two seconds for a hundred thousand lines: the loading worker works it out for
 * the lines it reads (off the main thread) and the answers are kept here with the lines.
 */
const known = new WeakMap<OrderLineDto, boolean>();

/** Whether the line is urgent: known for a loaded line, else worked out now and kept. */
export function lineIsUrgent(line: OrderLineDto): boolean {
  let urgent = known.get(line);
  if (urgent === undefined) {
    urgent = isUrgent(line);
    known.set(line, urgent);
  }
  return urgent;
}

/** Keeps what the loading worker worked out: `urgent[i]` for `lines[i]`. */
export function rememberUrgency(lines: readonly OrderLineDto[], urgent: readonly boolean[]): void {
  lines.forEach((line, i) => known.set(line, urgent[i] === true));
}
