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
