import type { OrderLineDto } from '../../../shared/api';
import { lineIsUrgent } from '../order-lines';

/** How the tablet orders the work still to do: its own order, by the forecast, or the lines at risk first. */
export const WORK_SORTS = ['work', 'forecast', 'risk'] as const;
export type WorkSort = (typeof WORK_SORTS)[number];

export const isWorkSort = (value: string): value is WorkSort => (WORK_SORTS as readonly string[]).includes(value);

/** An instant to compare by: a line without one (Infinity) last. */
const instant = (iso: string | null) => (iso ? Date.parse(iso) : Infinity);

interface Keys {
  line: OrderLineDto;
  urgent: boolean;
  due: number;
  forecast: number;
  risk: boolean;
}

/** Urgent lines first (src/shared/urgent.ts), then by due date, the soonest first and a line without one last, then the newest. */
const byWork = (a: Keys, b: Keys) => Number(b.urgent) - Number(a.urgent) || compareInstants(a.due, b.due) || b.line.id - a.line.id;
/** The soonest forecast leaving first (shared/forecast.ts), a line without one last; alike, in the work's order. */
const byForecast = (a: Keys, b: Keys) => compareInstants(a.forecast, b.forecast) || byWork(a, b);

const COMPARE: Record<WorkSort, (a: Keys, b: Keys) => number> = {
  work: byWork,
  forecast: byForecast,
  risk: (a, b) => Number(b.risk) - Number(a.risk) || byForecast(a, b),
};

/** The work still to do in the order `sort` names (the work's own by default). Each line's keys are read once. */
export function inWorkOrder(lines: readonly OrderLineDto[], sort: WorkSort = 'work'): OrderLineDto[] {
  return lines
    .map((line): Keys => ({ line, urgent: lineIsUrgent(line), due: instant(line.production_expected_date), forecast: instant(line.forecast_date), risk: line.late_risk === true }))
    .sort(COMPARE[sort])
    .map(({ line }) => line);
}

/** Infinity (no date) last; Infinity - Infinity would be NaN. */
const compareInstants = (a: number, b: number) => (a === b ? 0 : a < b ? -1 : 1);

/** A range of days (yyyy-mm-dd, either end may be empty) whose start comes after its end. */
export const rangeBackwards = (from: string, to: string) => from !== '' && to !== '' && from > to;
