import type { CountedLineView } from '../views';

/* The admin dashboard's counts. */

export interface DashboardCountsDto {
  /** Lines in each built-in view of the order grid that can be counted (shared/views.ts). */
  views: Record<CountedLineView, number>;
  /** Customers whose open orders in their credit's currency exceed their credit (shared/credit.ts). */
  above_credit: number;
  /** Shop line items waiting for their product to be named ('Eşleşme bekliyor'). */
  unmatched_items: number;
}
