import { LineStatus } from './statuses';

/** What the workshop's statistic cards need of a line. */
export interface FigureLine {
  order_line_status_id: number;
  created_at: string;
  production_expected_date: string | null;
  delivery_to_office: string | null;
}

export interface WorkshopCards {
  total: number;
  in_process: number;
  waiting: number;
  late: number;
  /** Days from creation to delivery to the office, one decimal; null when nothing was delivered yet. */
  average_production_days: number | null;
}

const DAY_MS = 24 * 60 * 60_000;

/** The five cards of the workshop screen (SPEC section 2). */
export function workshopCards(lines: readonly FigureLine[], now = Date.now()): WorkshopCards {
  let inProcess = 0;
  let waiting = 0;
  let late = 0;
  let days = 0;
  let delivered = 0;
  for (const line of lines) {
    if (line.order_line_status_id === LineStatus.InProcess) inProcess++;
    if (line.order_line_status_id === LineStatus.Waiting) waiting++;
    if (!line.delivery_to_office && line.production_expected_date && Date.parse(line.production_expected_date) < now) late++;
    if (line.delivery_to_office) {
      const took = (Date.parse(line.delivery_to_office) - Date.parse(line.created_at)) / DAY_MS;
      // Only positive durations count: a clock or import mistake must not pull the average down.
      if (took > 0) {
        days += took;
        delivered++;
      }
    }
  }
  return {
    total: lines.length,
    in_process: inProcess,
    waiting,
    late,
    average_production_days: delivered === 0 ? null : Math.round((days / delivered) * 10) / 10,
  };
}
