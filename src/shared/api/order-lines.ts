import type { RoleId } from '../roles';

/* Order lines, their history and the office's report over them. */

/**
 * An order line as every order route returns it (SPEC section 3), including the spelling
 * variants the spec names (order_product_id, photo_url, fulfillment_style, note_customer and
 * production_expected_days, which holds the expected date).
 */
export interface OrderLineDto {
  id: number;
  order_product_id: number;
  order_id: number;
  order_number: string;
  product_id: number;
  product_title: string;
  product_picture_url: string | null;
  photo_url: string | null;
  first_name: string | null;
  last_name: string | null;
  address: string | null;
  city: string | null;
  province: string | null;
  country: string | null;
  zip_code: string | null;
  email: string | null;
  phone: string | null;
  created_at: string;
  updated_at: string;
  order_line_status_id: number;
  packing_status_id: number | null;
  customer_approval_status_id: number | null;
  quality_control_id: number | null;
  fulfilment_style: string | null;
  fulfillment_style: string | null;
  material_id: number | null;
  chain_length_id: number | null;
  color_id: number | null;
  size_id: number | null;
  karat_id: number | null;
  customization_option: string | null;
  font: string | null;
  gift_note: string | null;
  customer_note: string | null;
  note_customer: string | null;
  product_gram: number | null;
  /** The product's expected weight in grams, shown beside the gram entry. */
  expected_weight: number | null;
  /** Set when the entered gram is off the product's expected weight beyond the configured tolerance. */
  gram_flagged: boolean;
  /** What the workshop is paid for the piece; never sent to a customer. */
  product_cost?: number | null;
  canceled_at: string | null;
  cancel_reason: string | null;
  /** When the piece was received into the metal ledger: its gram is final from then on. */
  metal_received_at: string | null;
  total_price: number | null;
  /** The currency of total_price and product_cost: the order's. */
  currency: string;
  /** Placed above the customer's available credit, as the customer confirmed: 'Kredi aşımı' for the office. */
  credit_exceeded: boolean;
  shipment_tracking_number: string | null;
  location: string | null;
  workshop_id: number | null;
  workshop_name: string | null;
  /** The B2B customer whose order this is (a shop's orders belong to the shop's customer). */
  customer_id: number | null;
  customer_name: string | null;
  b2b_customer_name: string | null;
  source: string;
  production_expected_date: string | null;
  production_expected_days: string | null;
  current_order_line_process: number;
  workshop_started_process_id: number | null;
  delivery_to_office: string | null;
  /** The line's barcode (shared/barcode.ts): digits only, unique, never another line's. */
  barcode: string;
  item_index: number;
  item_count: number;
  /**
   * When it closed (canceled, or handed to the carrier: shared/lifecycle.ts `isClosedLine`), null
   * while it is open; a list keeps it while it is within the working set's window (shared/working-set.ts).
   */
  closed_at: string | null;
  /** When the line will likely leave its workshop (shared/forecast.ts); null when it is closed. */
  forecast_date: string | null;
  /** The forecast passes the expected date and the line is not late yet; null when it is closed. */
  late_risk: boolean | null;
}

/** A line as the archive answers it: the same as every list's. */
export type ArchiveLineDto = OrderLineDto;

/**
 * A page of the archive (GET API.lineArchive): the lines as every line route answers them, and
 * `next`, the `after` of the following page (null on the last one).
 */
export interface LineArchiveDto {
  orders: ArchiveLineDto[];
  has_more: boolean;
  next: string | null;
}

/**
 * Beside the lines an action answers: the version of each line's change it made (line id -> the
 * id of its row in the change log), so the client that acted skips that change's live event
 * instead of reading the line again.
 */
export interface LineVersionsBody {
  versions: Record<number, number>;
}

/** One row of an order line's append-only history: who did what, when, from which state to which. */
export interface LineHistoryDto {
  id: number;
  action: string;
  from_status: number | null;
  to_status: number | null;
  from_step: number | null;
  to_step: number | null;
  /** The workshop the line was in before and after (they differ when its product moved); null on older rows. */
  from_workshop_id: number | null;
  to_workshop_id: number | null;
  from_workshop_name: string | null;
  to_workshop_name: string | null;
  /** The gram entered or corrected, for gram actions; the reason of a rejection, a step back or a cancellation; a tracking number. */
  detail: string | null;
  created_at: string;
  /** Who acted; null for the shop's cancellation, and for a customer reader, who is told the role only. */
  user_id: number | null;
  username: string | null;
  /** The role of who acted (shared/roles), named from the catalogues; null for the shop's cancellation. */
  role_id: RoleId | null;
}

/** The office's report over every order line (GET API.orderReport). */
export interface OrderReportDto {
  lines_by_status: Array<{ status_id: number; name: string; count: number }>;
  /** Lines past their expected date, not delivered, not canceled. */
  late: number;
  canceled: number;
  /** Per workshop; `workshop_id` null: the lines waiting for one. */
  workshops: Array<{ workshop_id: number | null; workshop_name: string | null; open: number; late: number }>;
}
