import type { TFunction } from 'i18next';
import type { OrderLineDto } from '../../../shared/api';
import { canApprovePacking, canDecideQuality, lineState } from '../../../shared/lifecycle';
import { CUSTOMER_APPROVED, stepLabel } from '../../../shared/statuses';
import type { Formatters, Lookups } from '../lookups';

/** Names behind the ids of an order line, each with the raw id as fallback. */
export interface OrderLookups extends Lookups {
  qualityControl: Map<number, string>;
  packing: Map<number, string>;
}

export type ColumnKind = 'text' | 'gram' | 'photo' | 'qualityAction' | 'packingAction';

export interface OrderColumn {
  key: string;
  header: string;
  kind: ColumnKind;
  width: number;
  /** What sorting compares: numbers and ISO dates as they are, so they order correctly. */
  sortValue: (row: OrderLineDto) => string | number | null;
  /** What the cell shows, the filter searches and the export writes ('' when empty). */
  text: (row: OrderLineDto) => string;
}

type Spec = [key: string, width: number, text: (row: OrderLineDto) => string, sortValue?: (row: OrderLineDto) => string | number | null, kind?: ColumnKind];

/**
 * The admin order grid's columns (SPEC section 2, in its order), plus the gram deviation flag
 * next to the gram. One definition serves the grid cells, its filters and the Excel export.
 */
export function orderColumns(t: TFunction, lookups: OrderLookups, fmt: Formatters): OrderColumn[] {
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  const named = (names: Map<number, string>, id: number | null) => (id === null ? '' : (names.get(id) ?? String(id)));
  const date = (iso: string | null) => (iso ? fmt.date(iso) : '');
  const money = (value: number | null) => (value === null ? '' : fmt.money(value));
  const step = (id: number) => stepLabel(id, (s) => lookups.step.get(s), t('orders:notStarted'));
  const approval = (id: number | null) => (id === null ? t('orders:approval.waiting') : id === CUSTOMER_APPROVED ? t('orders:approval.approved') : String(id));

  const specs: Spec[] = [
    ['order_number', 140, (r) => r.order_number],
    ['first_name', 120, (r) => text(r.first_name)],
    ['last_name', 120, (r) => text(r.last_name)],
    ['email', 190, (r) => text(r.email)],
    ['address', 220, (r) => text(r.address)],
    ['city', 110, (r) => text(r.city)],
    ['country', 110, (r) => text(r.country)],
    ['zip_code', 100, (r) => text(r.zip_code)],
    ['created_at', 160, (r) => date(r.created_at), (r) => r.created_at],
    ['updated_at', 160, (r) => date(r.updated_at), (r) => r.updated_at],
    ['order_id', 90, (r) => text(r.order_id), (r) => r.order_id],
    ['product_id', 90, (r) => text(r.product_id), (r) => r.product_id],
    ['order_product_id', 110, (r) => text(r.id), (r) => r.id],
    ['status', 130, (r) => named(lookups.status, r.order_line_status_id), (r) => r.order_line_status_id],
    ['current_step', 150, (r) => step(r.current_order_line_process)],
    ['material', 110, (r) => named(lookups.optionValue, r.material_id)],
    ['chain_length', 110, (r) => named(lookups.optionValue, r.chain_length_id)],
    ['color', 100, (r) => named(lookups.optionValue, r.color_id)],
    ['size', 90, (r) => named(lookups.optionValue, r.size_id)],
    ['karat', 90, (r) => named(lookups.optionValue, r.karat_id)],
    ['customer_note', 200, (r) => text(r.customer_note)],
    ['product_cost', 120, (r) => money(r.product_cost ?? null), (r) => r.product_cost ?? null],
    ['product_gram', 90, (r) => (r.product_gram === null ? '' : `${r.product_gram} g`), (r) => r.product_gram, 'gram'],
    ['gram_flagged', 130, (r) => (r.gram_flagged ? t('orders:gramDeviates') : '')],
    ['customer_approval', 130, (r) => approval(r.customer_approval_status_id)],
    ['quality_control', 130, (r) => named(lookups.qualityControl, r.quality_control_id)],
    ['fulfilment_style', 130, (r) => text(r.fulfilment_style)],
    ['shipment_tracking_number', 150, (r) => text(r.shipment_tracking_number)],
    ['location', 110, (r) => text(r.location)],
    ['workshop', 140, (r) => text(r.workshop_name)],
    ['production_expected_date', 160, (r) => date(r.production_expected_date), (r) => r.production_expected_date],
    ['source', 100, (r) => t(`orders:sources.${r.source}`, { defaultValue: r.source })],
    ['customization_option', 160, (r) => text(r.customization_option)],
    ['barcode', 120, (r) => text(r.barcode)],
    ['packing_status', 130, (r) => named(lookups.packing, r.packing_status_id)],
    ['b2b_customer', 160, (r) => text(r.b2b_customer_name)],
    ['total_price', 120, (r) => money(r.total_price), (r) => r.total_price],
    ['canceled_at', 160, (r) => date(r.canceled_at), (r) => r.canceled_at],
    ['cancel_reason', 160, (r) => text(r.cancel_reason)],
  ];
  const column = (key: string, kind: ColumnKind, width: number, show: (row: OrderLineDto) => string, sortValue?: OrderColumn['sortValue']): OrderColumn => ({
    key,
    header: t(`orders:columns.${key}`),
    kind,
    width,
    text: show,
    sortValue: sortValue ?? show,
  });
  return [
    column('photo', 'photo', 80, (r) => text(r.product_picture_url)),
    ...specs.map(([key, width, show, sortValue, kind = 'text']) => column(key, kind, width, show, sortValue)),
    column('quality_action', 'qualityAction', 150, (r) => (canDecideQuality(lineState(r)) ? t('orders:qualityAction') : '')),
    column('packing_action', 'packingAction', 170, (r) => (canApprovePacking(lineState(r)) ? t('orders:packingAction') : '')),
  ];
}

/** The columns written to the spreadsheet: every data column, without the action buttons. */
export const exportedColumns = (columns: OrderColumn[]) =>
  columns.filter((c) => c.kind === 'text' || c.kind === 'gram' || c.kind === 'photo').map((c) => ({ header: c.header, value: c.text }));
