import type { CustomerStatisticsDto } from '../../../shared/api';
import type { CreditStanding } from '../../../shared/credit';

/** A figure of the customer's orders (the credit and the currency come apart). */
type Figure = Exclude<keyof CustomerStatisticsDto, keyof CreditStanding | 'currency'>;

/** The customer figures in the order screens show them; amounts among them are money, in the figures' `currency`. */
export const CUSTOMER_STATISTICS: Figure[] = [
  'number_of_orders',
  'number_of_products_ordered',
  'number_of_products_waiting',
  'number_of_products_in_process',
  'number_of_late_products',
  'number_of_canceled_orders',
  'average_order_value',
  'total_revenue',
  'revenue',
  'open_order_total',
  'open_order_daily',
  'total_order_total',
  'total_order_daily',
];

/** Every field of CustomerStatisticsDto: what the info answer carries beyond the customer's own fields. */
export const STATISTICS_FIELDS: Array<keyof CustomerStatisticsDto> = [...CUSTOMER_STATISTICS, 'currency', 'open_order_amount', 'available_credit', 'other_currency_open_amounts'];

export const MONEY_FIELDS = new Set<string>(['credit', 'average_order_value', 'total_revenue', 'revenue']);
