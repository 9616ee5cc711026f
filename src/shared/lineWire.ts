import type { OrderLineDto } from './api';

/*
 * The compact wire format of order line lists, for the admin grid's hundred thousand lines. A
 * client asks for it by its media type in `Accept`; every other client gets the spec's JSON.
 *
 * Newline-delimited JSON, so a reader parses it chunk by chunk as it arrives:
 *   line 1: the header   {"columns": [field, ...], "total": <lines that follow>}
 *   then one line a page {"products": {id: [title, picture]}, "workshops": {id: name},
 *                         "customers": {id: [name, company]}, "rows": [[value, ...], ...]}
 * A row holds the header's fields in order. Product, workshop and customer names travel once, in
 * the first page that needs them; the spec's second spellings (order_product_id, photo_url, ...)
 * are rebuilt by the reader.
 */

export const LINES_MEDIA_TYPE = 'application/vnd.atolye.order-lines+ndjson';

/** Fields a row carries, in order; `product_cost` only for readers who may see it. */
export const ROW_FIELDS = [
  'id',
  'order_id',
  'order_number',
  'product_id',
  'first_name',
  'last_name',
  'address',
  'city',
  'province',
  'country',
  'zip_code',
  'email',
  'phone',
  'created_at',
  'updated_at',
  'order_line_status_id',
  'packing_status_id',
  'customer_approval_status_id',
  'quality_control_id',
  'fulfilment_style',
  'material_id',
  'chain_length_id',
  'color_id',
  'size_id',
  'karat_id',
  'customization_option',
  'font',
  'gift_note',
  'customer_note',
  'product_gram',
  'expected_weight',
  'gram_flagged',
  'product_cost',
  'canceled_at',
  'cancel_reason',
  'metal_received_at',
  'total_price',
  'currency',
  'credit_exceeded',
  'shipment_tracking_number',
  'location',
  'workshop_id',
  'customer_id',
  'source',
  'production_expected_date',
  'current_order_line_process',
  'workshop_started_process_id',
  'delivery_to_office',
  'barcode',
  'item_index',
  'item_count',
  'closed_at',
] as const satisfies ReadonlyArray<keyof OrderLineDto>;

export type RowField = (typeof ROW_FIELDS)[number];

/** Fields that travel as 1 or 0. */
const FLAGS = ['gram_flagged', 'credit_exceeded'] as const satisfies readonly RowField[];
const isFlag = (field: RowField): field is (typeof FLAGS)[number] => (FLAGS as readonly RowField[]).includes(field);

export interface WireHeader {
  columns: RowField[];
  total: number;
}

export interface WirePage {
  products?: Record<string, [title: string, picture: string | null]>;
  workshops?: Record<string, string>;
  customers?: Record<string, [name: string | null, company: string | null]>;
  rows: unknown[][];
}

/** The fields a reader receives: without the workshop's cost for a customer. */
export const rowFieldsFor = (withCost: boolean): RowField[] => ROW_FIELDS.filter((field) => withCost || field !== 'product_cost');

/** Encodes pages of lines, each with the names it introduces; one encoder per answer. */
export function wireEncoder(columns: readonly RowField[]) {
  const sent = { products: new Set<number>(), workshops: new Set<number>(), customers: new Set<number>() };
  return (lines: readonly OrderLineDto[]): WirePage => {
    const page: WirePage = { rows: [] };
    for (const line of lines) {
      if (!sent.products.has(line.product_id)) {
        sent.products.add(line.product_id);
        (page.products ??= {})[line.product_id] = [line.product_title, line.product_picture_url];
      }
      if (line.workshop_id !== null && !sent.workshops.has(line.workshop_id)) {
        sent.workshops.add(line.workshop_id);
        (page.workshops ??= {})[line.workshop_id] = line.workshop_name ?? '';
      }
      if (line.customer_id !== null && !sent.customers.has(line.customer_id)) {
        sent.customers.add(line.customer_id);
        (page.customers ??= {})[line.customer_id] = [line.customer_name, line.b2b_customer_name];
      }
      page.rows.push(columns.map((field) => (isFlag(field) ? (line[field] ? 1 : 0) : (line[field] ?? null))));
    }
    return page;
  };
}

/** Decodes pages back into the spec's lines; one decoder per answer, fed its pages in order. */
export function wireDecoder(header: WireHeader) {
  const products = new Map<string, [string, string | null]>();
  const workshops = new Map<string, string>();
  const customers = new Map<string, [string | null, string | null]>();
  const index = Object.fromEntries(header.columns.map((field, i) => [field, i])) as Partial<Record<RowField, number>>;
  const at = (row: unknown[], field: RowField) => (index[field] === undefined ? undefined : row[index[field]!]);
  return (page: WirePage): OrderLineDto[] => {
    for (const [id, value] of Object.entries(page.products ?? {})) products.set(id, value);
    for (const [id, value] of Object.entries(page.workshops ?? {})) workshops.set(id, value);
    for (const [id, value] of Object.entries(page.customers ?? {})) customers.set(id, value);
    return page.rows.map((row) => {
      const line = {} as Record<string, unknown>;
      header.columns.forEach((field, i) => {
        line[field] = row[i];
      });
      const product = products.get(String(at(row, 'product_id')));
      const workshopId = at(row, 'workshop_id');
      const customer = customers.get(String(at(row, 'customer_id')));
      for (const flag of FLAGS) line[flag] = at(row, flag) === 1;
      line.product_title = product?.[0] ?? '';
      line.product_picture_url = product?.[1] ?? null;
      line.photo_url = line.product_picture_url;
      line.workshop_name = workshopId === null ? null : (workshops.get(String(workshopId)) ?? null);
      line.customer_name = customer?.[0] ?? null;
      line.b2b_customer_name = customer?.[1] ?? null;
      line.order_product_id = line.id;
      line.fulfillment_style = line.fulfilment_style;
      line.note_customer = line.customer_note;
      line.production_expected_days = line.production_expected_date;
      return line as unknown as OrderLineDto;
    });
  };
}
