import type { OrderLineDto } from '../../../shared/api';
import { lineIsUrgent } from '../order-lines';

/**
 * The order of the work still to do: urgent lines first (src/shared/urgent.ts), then by due date,
 * the soonest first and a line without one last, then the newest. Each line's keys are read once.
 */
export function inWorkOrder(lines: readonly OrderLineDto[]): OrderLineDto[] {
  return lines
    .map((line) => ({ line, urgent: lineIsUrgent(line), due: line.production_expected_date ? Date.parse(line.production_expected_date) : Infinity }))
    .sort((a, b) => Number(b.urgent) - Number(a.urgent) || compareDue(a.due, b.due) || b.line.id - a.line.id)
    .map(({ line }) => line);
}

/** Infinity (no due date) last; Infinity - Infinity would be NaN. */
const compareDue = (a: number, b: number) => (a === b ? 0 : a < b ? -1 : 1);

/** A range of days (yyyy-mm-dd, either end may be empty) whose start comes after its end. */
export const rangeBackwards = (from: string, to: string) => from !== '' && to !== '' && from > to;
