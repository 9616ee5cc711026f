import type { TFunction } from 'i18next';
import type { OrderLineDto } from '../../../shared/api';
import { stepLabel } from '../../../shared/statuses';
import { type Formatters, type Lookups, statusTexts } from '../lookups';

/** A line of a workshop's orders table (GET /api/v1/workshops/{id}/orders). */
export type WorkshopOrderRow = Pick<
  OrderLineDto,
  'order_product_id' | 'order_id' | 'order_number' | 'product_id' | 'product_title' | 'product_picture_url'
  | 'order_line_status_id' | 'current_order_line_process' | 'material_id' | 'color_id' | 'chain_length_id'
  | 'size_id' | 'karat_id' | 'customer_note' | 'customization_option' | 'product_gram'
  | 'production_expected_date' | 'created_at' | 'canceled_at' | 'cancel_reason'
>;

/** The 14 text columns after the photo, in the order of SPEC section 2; each shows '-' when empty. */
export function workshopOrderColumns(t: TFunction, lookups: Lookups, { date, gram }: Pick<Formatters, 'date' | 'gram'>) {
  const option = (id: number | null) => (id === null ? '' : (lookups.optionValue.get(id) ?? String(id)));
  const status = statusTexts(t, lookups.status, date).told;
  const columns: Array<{ key: string; value: (row: WorkshopOrderRow) => string }> = [
    { key: 'order_product_id', value: (r) => String(r.order_product_id) },
    { key: 'product_id', value: (r) => String(r.product_id) },
    { key: 'status', value: status },
    {
      key: 'current_process',
      value: (r) => stepLabel(r.current_order_line_process, (id) => lookups.step.get(id), t('workshops:notStarted')),
    },
    { key: 'material', value: (r) => option(r.material_id) },
    { key: 'color', value: (r) => option(r.color_id) },
    { key: 'chain_length', value: (r) => option(r.chain_length_id) },
    { key: 'size', value: (r) => option(r.size_id) },
    { key: 'karat', value: (r) => option(r.karat_id) },
    { key: 'customer_note', value: (r) => r.customer_note ?? '' },
    { key: 'customization_option', value: (r) => r.customization_option ?? '' },
    { key: 'product_gram', value: (r) => (r.product_gram === null ? '' : gram(r.product_gram)) },
    { key: 'production_expected_date', value: (r) => (r.production_expected_date ? date(r.production_expected_date) : '') },
    { key: 'created_at', value: (r) => date(r.created_at) },
  ];
  return columns.map((column) => ({ ...column, label: t(`workshops:columns.${column.key}`) }));
}
