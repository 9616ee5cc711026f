import { isLate, type LateLine } from './late';
import { CANCELED, LineStatus, shownStatus, type StatusLine } from './statuses';
import { isUrgent } from './urgent';

/** What the line views read of a line (OrderLineDto has these fields). */
export interface ViewLine extends StatusLine, LateLine {
  quality_control_id: number | null;
  workshop_id: number | null;
  /** The stored forecast's risk (shared/forecast.ts); null when closed. */
  late_risk: boolean | null;
}

/** The views every office user has of the order lines, by key: the grid's built-in views, and what the dashboard may count. */
export const LINE_VIEWS = ['urgent', 'late', 'qualityControl', 'packing', 'awaitingWorkshop', 'lateRisk'] as const;

/**
 * The views the dashboard counts: all but urgent, whose rule reads every text of a line (no count
 * in SQL), and the late risk, a forecast the server stores rather than a rule it counts.
 */
export const COUNTED_LINE_VIEWS = ['late', 'qualityControl', 'packing', 'awaitingWorkshop'] as const satisfies readonly LineViewKey[];

export type CountedLineView = (typeof COUNTED_LINE_VIEWS)[number];

export type LineViewKey = (typeof LINE_VIEWS)[number];

export const isLineViewKey = (value: unknown): value is LineViewKey => typeof value === 'string' && (LINE_VIEWS as readonly string[]).includes(value);

/**
 * Whether a line belongs to a view, read from its ids and dates, never from the words a screen
 * shows, so a view keeps the same lines in every language. A canceled line waits for nothing.
 * `urgent` is the urgent rule of shared/urgent.ts; a reader that knows it of its lines already
 * (the client keeps it per line) passes its own, since the rule reads every text of a line.
 * The server counts every view but urgent in SQL (`lineViewSql` in
 * server/modules/order-lines/figures.ts); change both together.
 */
export function inLineView<L extends ViewLine>(key: LineViewKey, urgent: (line: L) => boolean = isUrgent): (line: L) => boolean {
  switch (key) {
    case 'urgent':
      return urgent;
    case 'late':
      return (line) => isLate(line);
    case 'qualityControl':
      return (line) => shownStatus(line) === LineStatus.QualityControl && line.quality_control_id === null;
    case 'packing':
      return (line) => shownStatus(line) === LineStatus.Packing;
    case 'awaitingWorkshop':
      // Shop orders of a product no workshop makes yet: they move to one when the product is assigned.
      return (line) => line.workshop_id === null && shownStatus(line) !== CANCELED;
    case 'lateRisk':
      // The forecast passes the expected date of a line not late yet: stored so by the server, null once closed.
      return (line) => line.late_risk === true;
  }
}
