import type { CreditStanding } from '../credit';

/* B2B customers, their figures and credit history. */

export interface CustomerDto {
  id: number;
  user_id: number | null;
  name: string;
  email: string;
  phone: string;
  address: string;
  company_name: string;
  tax_number: string;
  credit: number;
  /** The currency of the credit and of its history. */
  credit_currency: string;
  product_group: string | null;
  country: string;
  zip_code: string;
  city: string;
  created_at: string;
  updated_at: string;
}

/** Figures of SPEC section 3, computed from the customer's order lines; money figures count the orders in `currency` (the credit's), the available credit those of CreditStanding. */
export interface CustomerStatisticsDto extends Omit<CreditStanding, 'credit' | 'credit_currency'> {
  currency: string;
  number_of_orders: number;
  number_of_products_ordered: number;
  number_of_products_waiting: number;
  number_of_canceled_orders: number;
  number_of_late_products: number;
  number_of_products_in_process: number;
  average_order_value: number;
  total_revenue: number;
  revenue: number;
  open_order_total: number;
  open_order_daily: number;
  total_order_total: number;
  total_order_daily: number;
}

export interface CreditChangeDto {
  id: number;
  changed_by: number;
  changed_by_username: string;
  old_credit: number;
  new_credit: number;
  created_at: string;
}

/** An order of the summary's period with its lines counted by where they stand; `total` sums the lines not canceled. */
export interface SummaryOrderDto {
  id: number;
  order_number: string;
  created_at: string;
  currency: string;
  /** Placed above the available credit, as the customer confirmed ('Kredi aşımı'). */
  credit_exceeded: boolean;
  lines: number;
  shipped_lines: number;
  canceled_lines: number;
  total: number;
  /** The tracking numbers its shipped lines went under, each once. */
  tracking_numbers: string[];
}

/** A line handed to the carrier in the period. */
export interface SummaryShipmentDto {
  line_id: number;
  order_id: number;
  order_number: string;
  product_title: string;
  shipped_at: string;
  tracking_number: string | null;
}

/**
 * 'Sipariş ve Kredi Özeti': the credit as it stands now, the orders placed in the period and the
 * lines shipped in it. Payments are not modelled, so it is a summary, never a statement.
 */
export interface CustomerSummaryDto {
  customer: { id: number; name: string; company_name: string };
  from: string;
  to: string;
  credit: CreditStanding;
  orders: SummaryOrderDto[];
  shipments: SummaryShipmentDto[];
}
