import { differenceInMilliseconds } from 'date-fns';
import { millisecondsInDay } from 'date-fns/constants';
import { isLate, type LateLine } from './late';
import { LineStatus } from './statuses';

/** What the workshop's statistic cards need of a line. */
export interface FigureLine extends LateLine {
  order_line_status_id: number;
  created_at: string;
}

export interface WorkshopCards {
  total: number;
  in_process: number;
  waiting: number;
  late: number;
  /** Days from creation to delivery to the office, one decimal; null when nothing was delivered yet. */
  average_production_days: number | null;
}

/** The five cards of the workshop screen (SPEC section 2). */
export function workshopCards(lines: readonly FigureLine[], now: Date | number = Date.now()): WorkshopCards {
  let inProcess = 0;
  let waiting = 0;
  let late = 0;
  let days = 0;
  let delivered = 0;
  for (const line of lines) {
    if (line.order_line_status_id === LineStatus.InProcess) inProcess++;
    if (line.order_line_status_id === LineStatus.Waiting) waiting++;
    if (isLate(line, now)) late++;
    if (line.delivery_to_office) {
      const took = differenceInMilliseconds(line.delivery_to_office, line.created_at) / millisecondsInDay;
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
