import type { AuditKind } from './audit';
import type { CreditStanding } from './credit';
import type { GridStateJson } from './grid-views';
import type { RoleId, UserStatus } from './roles';

/** HTTP paths of SPEC section 7 used by both the server routes and the browser client. */
export const API = {
  login: '/api/v1/user/login',
  register: '/api/v1/user/register',
  refresh: '/api/v1/user/refresh',
  logout: '/api/v1/user/logout',
  forgotPassword: '/api/v1/user/forgot-password',
  resetPassword: '/api/v1/user/reset-password',
  changePassword: '/api/v1/user/change-password',
  me: '/api/v1/user/me',
  users: '/api/v1/user',
  roles: '/api/v1/roles',
  changeUserRoles: '/api/v1/user/changeUserRoles',
  productionSteps: '/api/v1/production-steps',
  productionStep: (id: number | string) => `/api/v1/production-steps/${id}`,
  products: '/api/v1/product',
  product: (id: number | string) => `/api/v1/product/${id}`,
  productOptions: '/api/v1/product/options',
  productOptionValues: '/api/v1/product/options/values',
  productOptionValue: (id: number | string) => `/api/v1/product-option-values/${id}`,
  optionValuesOfOption: (id: number | string) => `/api/v1/product-options/${id}/values`,
  productionProcess: (id: number | string) => `/api/v1/product/${id}/production_process`,
  routingBulk: '/api/v1/product-production-steps/bulk',
  workmanshipRate: (id: number | string) => `/api/v1/product/${id}/workmanshiprate`,
  ourProductId: (id: number | string) => `/api/v1/product/${id}/ourproductid`,
  expectedProductionDays: (id: number | string) => `/api/v1/product/${id}/expectedproductiondays`,
  catalogueSync: '/api/v1/technical/shopify-products/update',
  /** The latest catalogue sync of each store: its progress while it runs, its counts once done. */
  catalogueSyncs: '/api/v1/technical/shopify-products/syncs',
  /** Which of a shop's option names fill material, chain length, size, colour and karat. */
  catalogueOptionNames: '/api/v1/technical/shopify-products/option-names',
  shop: '/technical/shop',
  shopCredentials: '/technical/shopify-credentials',
  /** 'Bağlantıyı test et': asks the store for its name with the stored credentials. */
  shopTest: (id: number | string) => `/api/v1/technical/shops/${id}/test`,
  /** Every Shopify webhook topic arrives here (the topic in X-Shopify-Topic). */
  shopifyWebhook: '/webhooks/shopify',
  /** The latest webhooks received and what became of them. */
  shopEvents: '/api/v1/technical/shopify/events',
  /** 'Yeniden dene' on a failed job. */
  shopJobRetry: (id: number | string) => `/api/v1/technical/shopify/jobs/${id}/retry`,
  /** Shop line items waiting for a product ('Eşleşme bekliyor'). */
  shopPendingItems: '/api/v1/technical/shopify/pending-items',
  shopPendingItemMatch: (id: number | string) => `/api/v1/technical/shopify/pending-items/${id}/match`,
  /** The webhook subscriptions a store reports. */
  shopSubscriptions: (id: number | string) => `/api/v1/technical/shops/${id}/subscriptions`,
  generalSettings: '/api/v1/settings/general',
  systemInfo: '/api/v1/system/info',
  workshops: '/api/v1/workshops',
  workshop: (id: number | string) => `/api/v1/workshops/${id}`,
  workshopInfo: (id: number | string) => `/api/v1/workshops/${id}/info`,
  workshopStatistics: (id: number | string) => `/api/v1/workshops/${id}/statistics`,
  workshopOrders: (id: number | string) => `/api/v1/workshops/${id}/orders`,
  workshopProducts: (id: number | string) => `/api/v1/workshops/${id}/products`,
  workshopProcesses: (id: number | string) => `/api/v1/workshops/${id}/processes`,
  workshopProcess: (id: number | string, processId: number | string) => `/api/v1/workshops/${id}/processes/${processId}`,
  workshopAssignProduct: (id: number | string) => `/api/v1/workshops/${id}/assign-product`,
  myWorkshop: '/api/v1/workshop/me',
  myWorkshopOrders: '/api/v1/workshop/me/orders',
  myWorkshopOrder: (id: number | string) => `/api/v1/workshop/me/orders/${id}`,
  myWorkshopStatistics: '/api/v1/workshop/me/statistics',
  myWorkshopApprove: (id: number | string) => `/api/v1/workshop/me/orders/${id}/approve`,
  myWorkshopNextStep: (id: number | string) => `/api/v1/workshop/me/orders/${id}/next-step`,
  myWorkshopGram: (id: number | string) => `/api/v1/workshop/me/gramage/${id}`,
  lineHistory: (id: number | string) => `/api/v1/order-products/${id}/history`,
  productWorkshop: (id: number | string) => `/api/v1/products/${id}/workshop`,
  productsWorkshop: '/api/v1/products/workshop',
  customers: '/api/v1/customers',
  b2bCustomer: '/api/v1/b2b/customer',
  b2bCustomers: '/api/v1/customers/B2B',
  customerInfo: (id: number | string) => `/api/v1/customers/B2B/${id}/info`,
  customerCredit: (id: number | string) => `/api/v1/customers/${id}/credit`,
  customerOrders: (id: number | string) => `/api/v1/customers/${id}/orders`,
  myCustomer: '/api/v1/customers/me',
  myCustomerOrders: '/api/v1/customers/me/orders',
  myCustomerOrder: (id: number | string) => `/api/v1/customers/me/orders/${id}`,
  myCustomerApprove: (id: number | string) => `/api/v1/customers/me/orders/${id}/approve`,
  manualOrder: '/api/v1/customer-orders/simple',
  orders: '/api/v1/orders',
  /** The office's report: lines by status, open and late lines per workshop. */
  orderReport: '/api/v1/reports/order-lines',
  /** The metal ledger (DESIGN.md): purities, vouchers and their answers, statements and balances. */
  metalPurities: '/api/v1/metal/purities',
  metalPurity: (id: number | string) => `/api/v1/metal/purities/${id}`,
  /** The karat option values and the purity each stands for. */
  metalKarats: '/api/v1/metal/karats',
  metalKarat: (optionValueId: number | string) => `/api/v1/metal/karats/${optionValueId}`,
  metalVouchers: '/api/v1/metal/vouchers',
  metalVoucher: (id: number | string) => `/api/v1/metal/vouchers/${id}`,
  metalVoucherConfirm: (id: number | string) => `/api/v1/metal/vouchers/${id}/confirm`,
  metalVoucherDispute: (id: number | string) => `/api/v1/metal/vouchers/${id}/dispute`,
  metalStatement: (id: number | string) => `/api/v1/metal/workshops/${id}/statement`,
  metalReceivable: (id: number | string) => `/api/v1/metal/workshops/${id}/receivable`,
  metalBalances: '/api/v1/metal/balances',
  /** Allowed loss per mille, and the loss found over a period. */
  metalNorms: '/api/v1/metal/norms',
  metalLoss: '/api/v1/metal/loss',
  /** Refining lots (ramat) and their shares by workshop. */
  metalRefining: '/api/v1/metal/refining',
  /** The day before which periods are closed: no voucher is written or confirmed there. */
  metalLock: '/api/v1/metal/lock',
  /** Changed lines for the live channel: `?ids=1,2,3` or `?since=<version>` (src/shared/live.ts). */
  lineChanges: '/api/v1/order-lines/changes',
  orderProductsDetailed: '/api/v1/order-products/detailed',
  qualityStatus: (id: number | string) => `/api/v1/orders/order-products/${id}/quality_status`,
  approveShipping: (id: number | string) => `/api/v1/orders/order-products/${id}/approve_shipping`,
  correctGram: (id: number | string) => `/api/v1/orders/order-products/${id}/gram`,
  /** The admin's corrections: a line back to an earlier step, a line or a whole order canceled, each with a reason. */
  stepBack: (id: number | string) => `/api/v1/orders/order-products/${id}/step-back`,
  cancelLine: (id: number | string) => `/api/v1/orders/order-products/${id}/cancel`,
  cancelOrder: (id: number | string) => `/api/v1/orders/${id}/cancel`,
  /** Hands the packed pieces of the line's order to the carrier with a tracking number. */
  shipment: (id: number | string) => `/api/v1/orders/order-products/${id}/shipment`,
  statuses: '/api/v1/statuses',
  qualityControlStatuses: '/api/v1/quality-control-statuses',
  packingStatuses: '/api/v1/packing-statuses',
  auditLog: '/api/v1/audit-log',
  /** The signed-in user's saved state and named views of a grid (shared/grid-views.ts GRIDS). */
  /** The signed-in user's language, saved for their next visits. */
  myLanguage: '/api/v1/me/language',
  gridViews: (grid: string) => `/api/v1/me/grid-views/${grid}`,
  gridViewsCurrent: (grid: string) => `/api/v1/me/grid-views/${grid}/current`,
  gridView: (grid: string, id: number | string) => `/api/v1/me/grid-views/${grid}/${id}`,
} as const;

export interface LoginResponse {
  token: string;
  refresh_token: string;
  user_role_id: RoleId;
  user_role_title: string;
  user_id: number;
}

export type RefreshResponse = LoginResponse;

export interface UserDto {
  id: number;
  username: string;
  email: string;
  role: RoleId;
  role_name: string;
  status: UserStatus;
  /** The language the user reads the product in; null: the product's default (tr). */
  language: string | null;
  created_at: string;
}

export interface RoleDto {
  id: RoleId;
  role_name: string;
}

/** One change of POST API.changeUserRoles, which takes a list of them. */
export interface RoleChange {
  ID: number;
  Role: RoleId;
}

/** A sentence named by its catalogue key (`errors:notFound`) and the values of its placeholders. */
export interface MessageKey {
  key: string;
  values: Record<string, string | number>;
}

/** A refusal: the Turkish sentence, a stable code, and the sentence's key for a reader in another language. */
export interface ApiErrorBody {
  error: string;
  code: string;
  message: MessageKey;
}

/** What a done request says: the Turkish sentence the spec names, and its key beside it. */
export interface SaidBody {
  message: string;
  message_key: MessageKey;
}

export interface ProductionStepDto {
  id: number;
  step_name: string;
  description: string;
  /** The key (FALLBACK_ROUTING) of the built-in process step this is; null for the office's own steps. */
  built_in: string | null;
  created_at: string;
}

/** An entry of a fixed list: order line status, quality control status, packing status. */
export interface LookupDto {
  id: number;
  name: string;
}

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
  barcode: string | null;
  item_index: number;
  item_count: number;
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

export interface ProductDto {
  id: number;
  title: string;
  picture_url: string | null;
  shopify_product_id: string | null;
  shopify_variant_id: string | null;
  material_id: number | null;
  chain_length_id: number | null;
  size_id: number | null;
  color_id: number | null;
  karat_id: number | null;
  production_expected_days: number;
  product_group: string | null;
  category: string | null;
  min_price: number | null;
  max_price: number | null;
  expected_weight: number | null;
  workmanship_rate: number | null;
  price: number | null;
  /** The currency of price, min_price and max_price. */
  currency: string;
  vendor: string | null;
  sku: string | null;
  user_id: number | null;
  our_product_id: string | null;
  workshop_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface OptionValueDto {
  id: number;
  option_id: number;
  value_name: string;
}

export interface RoutingStepDto {
  id: number;
  step_id: number;
  step_name: string;
  description: string;
  position_in_process: number;
}

export interface WorkshopProcessDto {
  id: number;
  step_id: number;
  name: string;
  step_name: string;
}

export interface WorkshopDto {
  id: number;
  user_id: number | null;
  name: string;
  code: string | null;
  address: string | null;
  company_name: string | null;
  phone_number: string | null;
  tax_number: string | null;
  is_deleted: boolean;
  created_at: string;
  updated_at: string;
  processes: WorkshopProcessDto[];
}

/** Figures of a workshop computed from its order lines; "daily" counts the last 24 hours. */
export interface WorkshopStatisticsDto {
  /** In `currency` (the settings currency): only the orders in it count. */
  turnover: number;
  currency: string;
  open_order_total: number;
  open_order_daily: number;
  total_order_total: number;
  total_order_daily: number;
}

export interface ProductWorkshopDto {
  workshop_id: number | null;
  workshop_name: string | null;
}

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

/** A store connection or webhook record as routes return it: never with its secrets. */
export interface ShopConnectionDto {
  id: number;
  kind: 'store' | 'webhook';
  user_id: number;
  shop_name: string;
  shop_domain: string | null;
  /** 'uninstalled' once the shop removed the app. */
  status: 'active' | 'uninstalled';
  /** The shop's update time of the latest order taken (webhook or reconciliation). */
  last_order_seen_at: string | null;
  created_at: string;
}

/** A stored store job (a received webhook, a subscription, a reconciliation) as GET API.shopEvents answers it. */
export interface ShopEventDto {
  id: number;
  kind: string;
  /** The webhook's topic; null for jobs the product made itself. */
  topic: string | null;
  shop_domain: string | null;
  shop_name: string | null;
  status: 'waiting' | 'running' | 'done' | 'failed';
  attempts: number;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
  run_after: string;
}

/** A shop line item waiting for its product, as GET API.shopPendingItems answers it. */
export interface PendingItemDto {
  id: number;
  order_id: number;
  order_number: string;
  shop_name: string;
  shop_domain: string | null;
  line_item_id: string;
  variant_id: string | null;
  sku: string | null;
  title: string;
  quantity: number;
  unit_price: number | null;
  /** The currency of unit_price: the shop order's. */
  currency: string;
  created_at: string;
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

/** A webhook subscription of a store, as the store reports it. */
export interface ShopSubscriptionDto {
  id: string;
  topic: string;
  uri: string;
}

/** A catalogue sync of one store as its routes answer it. */
export interface CatalogueSyncDto {
  id: number;
  connection_id: number;
  shop_name: string;
  status: 'running' | 'done' | 'failed';
  started_at: string;
  finished_at: string | null;
  /** Variants the shop is expected to hold: an estimate while running (null before the store answered), exact once done. */
  total: number | null;
  /** Variants read and written so far. */
  done: number;
  added: number;
  updated: number;
  unchanged: number;
  failed: number;
  /** Variants marked as gone from the shop (their products stay, with their lines). */
  removed: number;
  /** Why a failed sync stopped, in the server's words. */
  error: string | null;
}

/** One admin change of the audit log: who, when, which record, and its changed fields before and after (never a secret). */
export interface AuditEntryDto {
  id: number;
  user_id: number | null;
  username: string | null;
  kind: AuditKind;
  /** The id of the record AUDIT_ENTITY[kind] names; null for the general settings. */
  entity_id: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
}

/** A named view of a grid as the user saved it; `state` is the object the client sent, never interpreted by the server. */
export interface GridViewDto {
  id: number;
  name: string;
  state: GridStateJson;
  updated_at: string;
}

/** GET /api/v1/me/grid-views/{grid}: the user's current (unnamed) state, null before the first save, and their named views. */
export interface GridViewsDto {
  current: GridStateJson | null;
  views: GridViewDto[];
}
