import type { TFunction } from 'i18next';
import { NOT_STARTED } from '../../../shared/statuses';

/** A line of a workshop's orders table (GET /api/v1/workshops/{id}/orders). */
export interface WorkshopOrderRow {
  order_product_id: number;
  order_id: number;
  order_number: string;
  product_id: number;
  product_title: string;
  product_picture_url: string | null;
  order_line_status_id: number;
  current_order_line_process: number;
  material_id: number | null;
  color_id: number | null;
  chain_length_id: number | null;
  size_id: number | null;
  karat_id: number | null;
  customer_note: string | null;
  customization_option: string | null;
  product_gram: number | null;
  production_expected_date: string | null;
  created_at: string;
}

export interface Lookups {
  status: Map<number, string>;
  step: Map<number, string>;
  optionValue: Map<number, string>;
}

/** The 14 text columns after the photo, in the order of SPEC section 2; each shows '-' when empty. */
export function workshopOrderColumns(t: TFunction, lookups: Lookups, date: (iso: string) => string) {
  const option = (id: number | null) => (id === null ? '' : (lookups.optionValue.get(id) ?? String(id)));
  const columns: Array<{ key: string; value: (row: WorkshopOrderRow) => string }> = [
    { key: 'order_product_id', value: (r) => String(r.order_product_id) },
    { key: 'product_id', value: (r) => String(r.product_id) },
    { key: 'status', value: (r) => lookups.status.get(r.order_line_status_id) ?? String(r.order_line_status_id) },
    {
      key: 'current_process',
      value: (r) =>
        r.current_order_line_process === NOT_STARTED
          ? t('workshops:notStarted')
          : (lookups.step.get(r.current_order_line_process) ?? String(r.current_order_line_process)),
    },
    { key: 'material', value: (r) => option(r.material_id) },
    { key: 'color', value: (r) => option(r.color_id) },
    { key: 'chain_length', value: (r) => option(r.chain_length_id) },
    { key: 'size', value: (r) => option(r.size_id) },
    { key: 'karat', value: (r) => option(r.karat_id) },
    { key: 'customer_note', value: (r) => r.customer_note ?? '' },
    { key: 'customization_option', value: (r) => r.customization_option ?? '' },
    { key: 'product_gram', value: (r) => (r.product_gram === null ? '' : `${r.product_gram} g`) },
    { key: 'production_expected_date', value: (r) => (r.production_expected_date ? date(r.production_expected_date) : '') },
    { key: 'created_at', value: (r) => date(r.created_at) },
  ];
  return columns.map((column) => ({ ...column, label: t(`workshops:columns.${column.key}`) }));
}
