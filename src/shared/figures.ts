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

/**
 * The sums the cards are made of, before the average is taken: what the server's aggregate query
 * (`order-lines/figures.ts` `workshopCardSums`) answers over every line of a workshop.
 */
export interface CardSums extends Omit<WorkshopCards, 'average_production_days'> {
  /** Lines delivered to the office after they were made. */
  delivered: number;
  /** Their days from creation to delivery, summed. */
  production_days: number;
}

/**
 * Days from a line's creation to its delivery to the office, counted only when positive (a clock or
 * import mistake must not pull the average down); null when it does not count.
 */
export function productionDays(line: FigureLine): number | null {
  if (!line.delivery_to_office) return null;
  const took = differenceInMilliseconds(line.delivery_to_office, line.created_at) / millisecondsInDay;
  return took > 0 ? took : null;
}

/** The five cards of the workshop screen (SPEC section 2) from their sums: the average to one decimal. */
export function cardsOf({ delivered, production_days, ...counts }: CardSums): WorkshopCards {
  return { ...counts, average_production_days: delivered === 0 ? null : Math.round((production_days / delivered) * 10) / 10 };
}

/**
 * The sums of the cards over `lines` (SPEC section 2): every line counts in the total, open or
 * closed; a canceled line keeps the status it stopped in, but is neither in production nor waiting.
 */
export function cardSums(lines: readonly FigureLine[], now: Date | number = Date.now()): CardSums {
  const sums: CardSums = { total: lines.length, in_process: 0, waiting: 0, late: 0, delivered: 0, production_days: 0 };
  for (const line of lines) {
    const live = line.canceled_at === null;
    if (live && line.order_line_status_id === LineStatus.InProcess) sums.in_process++;
    if (live && line.order_line_status_id === LineStatus.Waiting) sums.waiting++;
    if (isLate(line, now)) sums.late++;
    const days = productionDays(line);
    if (days !== null) {
      sums.production_days += days;
      sums.delivered++;
    }
  }
  return sums;
}
