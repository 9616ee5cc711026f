import { isAfter } from 'date-fns';
import { isLate, type LateLine } from './late';
import { LineStatus, NOT_STARTED } from './statuses';

/*
 * When an open line will likely leave its workshop (issue 28), and whether that risks its date.
 * The line writer stores both at every move and a daily job again (server/modules/flow/forecast.ts);
 * this is the one rule they apply.
 */

/** Median hours of the stays at each production step that ended lately: at a workshop, and over every workshop. */
export interface StepMedians {
  at(workshopId: number, stepId: number): number | undefined;
  anywhere(stepId: number): number | undefined;
}

/** What the forecast reads of a line (OrderLineDto has these fields but the routing and the stay). */
export interface ForecastLine extends LateLine {
  order_line_status_id: number;
  current_order_line_process: number;
  workshop_id: number | null;
  /** Canceled or handed to the carrier (lifecycle.ts `isClosedLine`). */
  closed: boolean;
  /** Its product's step ids in order (the built-in process when it has none). */
  routing: readonly number[];
  /** When it came to its current step (its open stay), or null when it is at none. */
  stepSince: string | null;
}

export interface Forecast {
  forecast_date: string | null;
  late_risk: boolean | null;
}

const HOUR_MS = 3_600_000;

/**
 * The line's forecast at `now`: the median hours of each step still ahead (its current one less
 * the time it has spent there), each the median at its workshop, else over every workshop; with no
 * history for some step, the expected date. A line past production left its workshop when it was
 * delivered to the office; a closed one has none. At risk: the forecast passes the expected date
 * and the line is not late yet (shared/late.ts).
 */
export function forecastOf(line: ForecastLine, medians: StepMedians, now: Date): Forecast {
  if (line.closed) return { forecast_date: null, late_risk: null };
  const at = (forecast: string | null): Forecast => ({
    forecast_date: forecast,
    late_risk: forecast !== null && line.production_expected_date !== null && isAfter(forecast, line.production_expected_date) && !isLate(line, now),
  });
  // It has left: whether it made its date is settled, nothing is at risk any more.
  if (line.order_line_status_id >= LineStatus.QualityControl) return { forecast_date: line.delivery_to_office, late_risk: false };
  const current = line.current_order_line_process;
  const from = current === NOT_STARTED ? 0 : line.routing.indexOf(current);
  const ahead = from < 0 ? [current] : line.routing.slice(from);
  if (ahead.length === 0) return at(line.production_expected_date);
  let hours = 0;
  for (const step of ahead) {
    const median = (line.workshop_id === null ? undefined : medians.at(line.workshop_id, step)) ?? medians.anywhere(step);
    if (median === undefined) return at(line.production_expected_date);
    const spent = step === current && line.stepSince !== null ? (now.getTime() - Date.parse(line.stepSince)) / HOUR_MS : 0;
    hours += Math.max(0, median - spent);
  }
  return at(new Date(now.getTime() + hours * HOUR_MS).toISOString());
}

/** The server's daily forecast job: its kind, and its key, one per UTC day (lists' versions name it too). */
export const FORECAST_JOB = 'forecast';
export const forecastJobKey = (at: Date) => `${FORECAST_JOB}:${at.toISOString().slice(0, 10)}`;
