import type { CustomerStatisticsDto } from '../../../shared/api';

/** The customer figures in the order screens show them; amounts among them are money. */
export const CUSTOMER_STATISTICS: Array<keyof CustomerStatisticsDto> = [
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

export const MONEY_FIELDS = new Set<string>(['credit', 'average_order_value', 'total_revenue', 'revenue']);
