import type { ColumnType, Generated } from 'kysely';
import type { Phase } from '../../shared/flow';

/*
 * Row types as the drivers return them after the dialect plugin: ids and counts as numbers,
 * times as ISO-8601 UTC strings, booleans as 0/1 integers on both databases.
 */

export interface RolesTable {
  id: number;
  role_name: string;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  role_id: number;
  /** The person's name, when the admin gave one adding the user. */
  name: string | null;
  /** A folder of locales/; null: the product's default language. */
  language: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: string;
  last_activity_at: string;
  active: number;
  ended_at: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: string;
  used_at: string | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** One counter of an abuse limit (auth/limits.ts): attempts of one subject in the window ending at `reset_at` (epoch ms). */
export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: number;
}

/** SQLite only: a number that only grows, by name (PostgreSQL has sequences); orders/barcodes.ts draws from it. */
export interface CountersTable {
  name: string;
  last: number;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface LookupTable {
  id: number;
  name: string;
}

export interface ProductionStepsTable {
  id: Generated<number>;
  step_name: string;
  description: Generated<string>;
  /** The key of the built-in process step this is (FALLBACK_ROUTING), set by the migrations only; null for the office's own steps. */
  built_in: string | null;
  /** step_name folded (shared/text.ts foldCase), unique: no two steps are named alike but for case. */
  step_name_folded: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProductOptionValuesTable {
  id: Generated<number>;
  option_id: number;
  value_name: string;
}

export interface ProductsTable {
  id: Generated<number>;
  title: string;
  picture_url: string | null;
  shopify_product_id: string | null;
  shopify_variant_id: string | null;
  material_id: number | null;
  chain_length_id: number | null;
  size_id: number | null;
  color_id: number | null;
  karat_id: number | null;
  production_expected_days: Generated<number>;
  product_group: string | null;
  category: string | null;
  min_price: number | null;
  max_price: number | null;
  expected_weight: number | null;
  workmanship_rate: number | null;
  price: number | null;
  /** The currency of the prices: the settings currency when the product was added, never relabelled. */
  currency: Generated<string>;
  vendor: string | null;
  sku: string | null;
  user_id: number | null;
  our_product_id: string | null;
  /** our_product_id folded (shared/text.ts foldCase), unique: no two products have one code but for case. */
  our_product_id_folded: string | null;
  workshop_id: number | null;
  /** The shop no longer has this variant (its lines keep their product). */
  shop_removed_at: string | null;
  /** The store connection a catalogue sync or a product webhook last brought this variant from. */
  shop_connection_id: number | null;
  /** The shop's `updatedAt` of the product state last written: an older state arriving later changes nothing. */
  shop_updated_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProductProductionStepsTable {
  id: Generated<number>;
  product_id: number;
  step_id: number;
  position_in_process: number;
}

export interface WorkshopsTable {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  code: string | null;
  address: string | null;
  company_name: string | null;
  phone_number: string | null;
  tax_number: string | null;
  is_deleted: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface WorkshopProcessesTable {
  id: Generated<number>;
  workshop_id: number;
  step_id: number;
}

export interface CustomersTable {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  email: string;
  phone: string;
  address: string;
  company_name: string;
  tax_number: string;
  credit: Generated<number>;
  /** The currency of the credit (and its history): the settings currency when the customer was added. */
  credit_currency: Generated<string>;
  product_group: string | null;
  country: Generated<string>;
  zip_code: Generated<string>;
  city: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface CustomerCreditChangesTable {
  id: Generated<number>;
  customer_id: number;
  changed_by: number;
  old_credit: number;
  new_credit: number;
  created_at: string;
}

export interface OrdersTable {
  id: Generated<number>;
  order_number: string;
  customer_id: number | null;
  source: string;
  shop_order_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  province: string | null;
  country: string | null;
  zip_code: string | null;
  currency: Generated<string>;
  notes: string | null;
  /** 0/1: placed above the customer's available credit, as the customer confirmed ('Kredi aşımı'). */
  credit_exceeded: Generated<number>;
  canceled_at: string | null;
  cancel_reason: string | null;
  /** A shop order's store connection; with `shop_order_id`, unique. */
  shop_connection_id: number | null;
  /** The shop's `updated_at` of the version last taken: an older one arriving later changes nothing. */
  shop_updated_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  item_index: Generated<number>;
  item_count: Generated<number>;
  workshop_id: number | null;
  order_line_status_id: Generated<number>;
  current_order_line_process: Generated<number>;
  workshop_started_process_id: number | null;
  quality_control_id: number | null;
  packing_status_id: number | null;
  customer_approval_status_id: number | null;
  material_id: number | null;
  chain_length_id: number | null;
  size_id: number | null;
  color_id: number | null;
  karat_id: number | null;
  customization_option: string | null;
  font: string | null;
  gift_note: string | null;
  customer_note: string | null;
  fulfilment_style: string | null;
  product_gram: number | null;
  product_cost: number | null;
  total_price: number | null;
  shipment_tracking_number: string | null;
  location: string | null;
  /** The line's barcode (shared/barcode.ts), unique and never reused: orders/barcodes.ts gives it. */
  barcode: string;
  production_expected_date: string | null;
  delivery_to_office: string | null;
  gram_flagged: Generated<number>;
  /** The shop's line item this unit came from. */
  shop_line_item_id: string | null;
  canceled_at: string | null;
  cancel_reason: string | null;
  /** When a confirmed metal receipt took the piece in (its gram is then final). */
  metal_received_at: string | null;
  /** When the line closed (canceled, or handed to the carrier: shared/lifecycle.ts `isClosedLine`); written by the line writer. */
  closed_at: string | null;
  /** The order's customer, copied so a customer's lines are one index range (orders never change hands). */
  customer_id: number | null;
  /** When the line will likely leave its workshop (shared/forecast.ts); null when closed. Written by the line writer and the daily forecast job. */
  forecast_date: string | null;
  /** 0/1: the forecast passes the expected date and the line is not late yet; null when closed. */
  late_risk: number | null;
  /** When the line last turned at risk (late_risk 1); null while it is not. Written with late_risk. */
  late_risk_since: string | null;
  created_at: string;
  updated_at: string;
}

/** The median hours of a production step's recent stays at a workshop, or over every workshop (null): what the forecast reads. */
export interface StepMediansTable {
  workshop_id: number | null;
  step_id: number;
  median_hours: number;
}

export interface OrderLineHistoryTable {
  id: Generated<number>;
  order_line_id: number;
  user_id: number | null;
  action: string;
  from_status: number | null;
  to_status: number | null;
  from_step: number | null;
  to_step: number | null;
  /** Where the line was before and after the row (null on rows older than the column). */
  from_workshop_id: number | null;
  to_workshop_id: number | null;
  detail: string | null;
  created_at: string;
}

/**
 * One stay of a piece: where it waited (a workshop or none, a phase of shared/flow.ts and the step
 * of the step phase) from when it came until it left (null while it stays). Written by the line
 * writer at every move; the flow report reads it.
 */
export interface LineStaysTable {
  id: Generated<number>;
  order_line_id: number;
  workshop_id: number | null;
  phase: Phase;
  step_id: number | null;
  entered_at: string;
  left_at: string | null;
  /** How long the stay lasted, on a log scale (migration 0041), computed by the database; null while it stays. */
  bucket: ColumnType<number | null, never, never>;
}

/** A place's counts (migration 0041): workshop_key and step_key 0 where it has none. */
interface StayPlaceKey {
  workshop_key: number;
  phase: Phase;
  step_key: number;
}

/** The pieces staying at a place now. */
export interface StayCellsTable extends StayPlaceKey {
  waiting: number;
}

/** The stays of a place ended up to the end of a UTC day (days since the epoch), by bucket: JSON {bucket: stays}. */
export interface StayDaysTable extends StayPlaceKey {
  day: number;
  counts: string;
}

/** The stays of a place ended within a UTC hour (hours since the epoch), by bucket: JSON {bucket: stays}. */
export interface StayHoursTable extends StayPlaceKey {
  hour: number;
  counts: string;
}

/** Whose sums a row of the figure tables holds: a workshop's ('w') or a customer's ('c'); owner 0 is none. */
export type FigureOwnerKind = 'w' | 'c';

/**
 * The lines of an owner per currency, status and cancellation, summed (migration 0035); kept by
 * triggers on order_lines, read by order-lines/figures.ts.
 */
export interface LineFigureSumsTable {
  kind: FigureOwnerKind;
  owner_id: number;
  currency: string;
  status_id: number;
  /** 1 for canceled lines. */
  canceled: number;
  lines: number;
  price: number;
  cost: number;
  /** Lines delivered to the office after they were made, and their milliseconds from creation to delivery. */
  delivered: number;
  production_ms: number;
}

/** An owner's lines in one order, all and not canceled, with the order's currency and cancellation (migration 0035). */
export interface LineFigureOrdersTable {
  kind: FigureOwnerKind;
  owner_id: number;
  order_id: number;
  currency: string;
  canceled: number;
  lines: number;
  live_lines: number;
}

/** An owner's orders per currency: those with a line not canceled, and those canceled (migration 0035). */
export interface LineFigureOrderCountsTable {
  kind: FigureOwnerKind;
  owner_id: number;
  currency: string;
  orders: number;
  canceled_orders: number;
}

/** One row: every change of the log up to `through` has been pruned. */
export interface OrderLineChangesPrunedTable {
  through: number;
}

export interface OrderLineChangesTable {
  id: Generated<number>;
  line_id: number;
  order_id: number;
  type: string;
  workshop_id: number | null;
  previous_workshop_id: number | null;
  customer_id: number | null;
  created_at: string;
}

export interface ShopConnectionsTable {
  id: Generated<number>;
  kind: 'store' | 'webhook';
  user_id: number;
  shop_name: string;
  shop_domain: string | null;
  api_key: string;
  /** Encrypted (see modules/shops/secrets.ts), as are access_token and webhook_secret. */
  api_secret: string;
  access_token: string;
  webhook_secret: string | null;
  /** 'active', or 'uninstalled' once the shop removed the app. */
  status: Generated<'active' | 'uninstalled'>;
  /** The latest shop `updated_at` of an order taken: reconciliation asks for orders updated since. */
  last_order_seen_at: string | null;
  /** The currency the store sells in (Shopify's `currencyCode`), from its latest catalogue sync; null before one. */
  currency: string | null;
  created_at: string;
}

/** Webhooks refused (an unknown shop's, a wrong signature): one row per sending domain, never a body. */
export interface RefusedWebhooksTable {
  shop_domain: string;
  /** Why the latest was refused. */
  reason: 'unknownShop' | 'badSignature';
  count: number;
  last_at: string;
}

/** Durable work: a received webhook, a fulfilment to send; `payload` is JSON text. */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  key: string;
  connection_id: number | null;
  payload: string;
  status: Generated<'waiting' | 'running' | 'done' | 'failed'>;
  attempts: Generated<number>;
  run_after: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** A shop line item whose variant matches no product yet ('Eşleşme bekliyor'); `raw` is its JSON. */
/** One catalogue sync of a store: its state and counts (one 'running' row per store at most). */
export interface CatalogueSyncsTable {
  id: Generated<number>;
  connection_id: number;
  status: 'running' | 'done' | 'failed';
  started_at: string;
  /** Written with every step while running: a running row left unwritten for long is a dead process's. */
  updated_at: string;
  finished_at: string | null;
  /** Variants the shop is expected to hold: estimated when the sync starts, exact once read. */
  total: number | null;
  done: Generated<number>;
  added: Generated<number>;
  updated: Generated<number>;
  unchanged: Generated<number>;
  failed: Generated<number>;
  /** Variants marked as gone from the shop at the end of the sync. */
  removed: Generated<number>;
  error: string | null;
}

export interface ShopPendingItemsTable {
  id: Generated<number>;
  connection_id: number;
  order_id: number;
  line_item_id: string;
  variant_id: string | null;
  sku: string | null;
  title: string;
  quantity: number;
  unit_price: number | null;
  raw: string;
  created_at: string;
  matched_product_id: number | null;
  matched_by: number | null;
  matched_at: string | null;
}

/** Append-only record of admin changes; before/after are JSON text of the changed fields, never a secret. */
export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  kind: string;
  entity_id: number | null;
  before: string | null;
  after: string | null;
  created_at: string;
}

/** A user's saved state of a grid: the current one (name null, one per user and grid) or a named view; `state` is JSON text. */
/** One notification of one user, written in that user's language (migration 0035). */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  created_at: string;
  read_at: string | null;
}

/** How a user chose to be told of a kind; a kind without a row keeps its default. */
export interface NotificationPreferencesTable {
  user_id: number;
  kind: string;
  channel: string;
}

/** A daily digest made: one per kind and office day (yyyy-mm-dd). */
export interface NotificationDigestsTable {
  kind: string;
  day: string;
  created_at: string;
}

/** A user's digest e-mail of an office day: made once; `until` is the last instant it gathered. */
export interface NotificationDigestMailsTable {
  user_id: number;
  day: string;
  until: string;
}

export interface GridViewsTable {
  id: Generated<number>;
  user_id: number;
  grid: string;
  name: string | null;
  state: string;
  created_at: string;
  updated_at: string;
}

/** Weights in whole units (shared/metal.ts): milligrams, centicarats, fine in tenths of a milligram. */
export interface MetalPuritiesTable {
  id: Generated<number>;
  metal: string;
  ayar: number | null;
  milyem: number;
  updated_at: string;
}

export interface MetalVouchersTable {
  id: Generated<number>;
  type: string;
  number: string | null;
  workshop_id: number;
  date: string;
  note: string | null;
  reverses_id: number | null;
  status: string;
  dispute_reason: string | null;
  created_by: number | null;
  created_at: string;
  decided_by: number | null;
  decided_at: string | null;
  /** The issue this receipt settles (the job it closes), and the loss found then against its norm. */
  settles_id: number | null;
  loss_mg: number | null;
  /** Per mille in hundredths (1.5 per mille is 150). */
  loss_per_mille: number | null;
  norm_per_mille: number | null;
  above_norm: number | null;
}

export interface MetalRefiningLotsTable {
  id: Generated<number>;
  number: string | null;
  date: string;
  period_from: string;
  period_to: string;
  dust_mg: number;
  assayed_milyem: number;
  recovered_fine: number;
  note: string | null;
  created_by: number | null;
  created_at: string;
}

export interface MetalRefiningSharesTable {
  id: Generated<number>;
  lot_id: number;
  workshop_id: number;
  handled_mg: number;
  fine: number;
}

export interface MetalKaratsTable {
  option_value_id: number;
  purity_id: number | null;
  updated_at: string;
}

export interface MetalLossNormsTable {
  id: Generated<number>;
  workshop_id: number | null;
  step_id: number | null;
  milyem: number;
  /** Allowed loss per mille in hundredths. */
  per_mille: number;
  valid_from: string | null;
  valid_to: string | null;
  created_at: string;
}

export interface MetalVoucherLinesTable {
  id: Generated<number>;
  voucher_id: number;
  kind: string;
  metal: string;
  milyem: number;
  gross_mg: number;
  stone_cct: number;
  stone_mg: number;
  other_mg: number;
  net_mg: number;
  fine: number;
  order_line_id: number | null;
  step_id: number | null;
}

export interface MetalLedgerTable {
  id: Generated<number>;
  voucher_id: number;
  voucher_line_id: number;
  workshop_id: number;
  date: string;
  metal: string;
  milyem: number;
  net_mg: number;
  fine: number;
  created_at: string;
}

export interface Database {
  roles: RolesTable;
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  password_resets: PasswordResetsTable;
  rate_limits: RateLimitsTable;
  counters: CountersTable;
  settings: SettingsTable;
  metal_purities: MetalPuritiesTable;
  metal_vouchers: MetalVouchersTable;
  metal_voucher_lines: MetalVoucherLinesTable;
  metal_ledger: MetalLedgerTable;
  metal_loss_norms: MetalLossNormsTable;
  metal_karats: MetalKaratsTable;
  metal_refining_lots: MetalRefiningLotsTable;
  metal_refining_shares: MetalRefiningSharesTable;
  order_line_statuses: LookupTable;
  quality_control_statuses: LookupTable;
  packing_statuses: LookupTable;
  production_steps: ProductionStepsTable;
  product_options: LookupTable;
  product_option_values: ProductOptionValuesTable;
  products: ProductsTable;
  product_production_steps: ProductProductionStepsTable;
  workshops: WorkshopsTable;
  workshop_processes: WorkshopProcessesTable;
  customers: CustomersTable;
  customer_credit_changes: CustomerCreditChangesTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  shop_connections: ShopConnectionsTable;
  refused_webhooks: RefusedWebhooksTable;
  order_line_history: OrderLineHistoryTable;
  line_stays: LineStaysTable;
  stay_cells: StayCellsTable;
  stay_days: StayDaysTable;
  stay_hours: StayHoursTable;
  step_medians: StepMediansTable;
  line_figure_sums: LineFigureSumsTable;
  /** Parts of the sums not yet added to them (PostgreSQL; migration 0042). */
  line_figure_deltas: LineFigureSumsTable;
  line_figure_orders: LineFigureOrdersTable;
  line_figure_order_counts: LineFigureOrderCountsTable;
  /** Parts of the counts not yet added to them (PostgreSQL; migration 0042). */
  line_figure_count_deltas: LineFigureOrderCountsTable;
  order_line_changes: OrderLineChangesTable;
  order_line_changes_pruned: OrderLineChangesPrunedTable;
  audit_log: AuditLogTable;
  grid_views: GridViewsTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  notification_digests: NotificationDigestsTable;
  notification_digest_mails: NotificationDigestMailsTable;
  jobs: JobsTable;
  shop_pending_items: ShopPendingItemsTable;
  catalogue_syncs: CatalogueSyncsTable;
}
