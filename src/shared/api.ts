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
  failedMails: '/api/v1/mail/failed',
  failedMailRetry: (id: number | string) => `/api/v1/mail/${id}/retry`,
  /** 'Yeniden dene' on a failed job. */
  shopJobRetry: (id: number | string) => `/api/v1/technical/shopify/jobs/${id}/retry`,
  shopJobDismiss: (id: number | string) => `/api/v1/technical/shopify/jobs/${id}/dismiss`,
  /** Shop line items waiting for a product ('Eşleşme bekliyor'). */
  shopPendingItems: '/api/v1/technical/shopify/pending-items',
  shopPendingItemMatch: (id: number | string) => `/api/v1/technical/shopify/pending-items/${id}/match`,
  /** Webhooks refused, per sending domain: how many and the last time. */
  shopRefusedWebhooks: '/api/v1/technical/shopify/refused-webhooks',
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
  /** The products the own workshop's lines name, each with its open and all lines counted. */
  myWorkshopProductLines: '/api/v1/workshop/me/product-lines',
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
  myCustomerSummary: '/api/v1/customers/me/summary',
  customerSummary: (id: number | string) => `/api/v1/customers/${id}/summary`,
  myCustomerOrder: (id: number | string) => `/api/v1/customers/me/orders/${id}`,
  myCustomerApprove: (id: number | string) => `/api/v1/customers/me/orders/${id}/approve`,
  manualOrder: '/api/v1/customer-orders/simple',
  orders: '/api/v1/orders',
  /** The office's report: lines by status, open and late lines per workshop. */
  orderReport: '/api/v1/reports/order-lines',
  /** The admin dashboard's counts: lines per built-in view, customers above credit, shop items waiting for a product. */
  dashboardCounts: '/api/v1/reports/dashboard',
  /** Where pieces wait: stays by workshop and step or phase over a period, and the pieces waiting now. */
  flowReport: '/api/v1/reports/flow',
  /** A workshop's scorecard by month: on-time rate, lead time, quality-control rejections, metal loss against its norm. */
  workshopScorecard: '/api/v1/reports/workshop-scorecard',
  /** The same stays' pieces and median hours by week of the period, by workshop and step or phase. */
  flowTrend: '/api/v1/reports/dwell-trend',
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
  /** The history of order lines: filtered, searched, sorted and paged on the server (shared/schemas/archive.ts). */
  lineArchive: '/api/v1/order-lines/archive',
  /** What a job ticket prints of each line: `?lines=1,2,3` (up to TICKETS_MAX) or `?order=<order id>` (shared/api/tickets.ts). */
  tickets: '/api/v1/order-lines/tickets',
  /** The line a scanned barcode names: `?code=<barcode>`, 404 alike for another workshop's and an unknown code. */
  lineByCode: '/api/v1/order-lines/by-code',
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
  /** The signed-in user's language, saved for their next visits. */
  myLanguage: '/api/v1/me/language',
  /** The signed-in user's saved state and named views of a grid (shared/grid-views.ts GRIDS). */
  gridViews: (grid: string) => `/api/v1/me/grid-views/${grid}`,
  gridViewsCurrent: (grid: string) => `/api/v1/me/grid-views/${grid}/current`,
  gridView: (grid: string, id: number | string) => `/api/v1/me/grid-views/${grid}/${id}`,
  /** The signed-in user's notifications (shared/notifications.ts), newest first, with the unread count. */
  notifications: '/api/v1/notifications',
  notificationRead: (id: number | string) => `/api/v1/notifications/${id}/read`,
  notificationsReadAll: '/api/v1/notifications/read-all',
  /** How the signed-in user is told of each kind: in the product, also by e-mail, in the daily digest, or not at all. */
  notificationPreferences: '/api/v1/notifications/preferences',
  /** One-click unsubscribe from a kind's e-mails: the signed query of the e-mail's link, no session. */
  notificationsUnsubscribe: '/api/v1/notifications/unsubscribe',
} as const;

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

/*
 * The answers of each area, in api/. Where an answer is a table's row as it is (a production step,
 * an option value, a customer, a store connection ...), its type there is the one definition: the
 * server's select is checked against it both ways with Kysely's `$assertType`, so a column added to
 * or dropped from the query fails the type check, while src/shared never imports the server's tables.
 */
export type * from './api/users';
export type * from './api/catalogue';
export type * from './api/order-lines';
export type * from './api/workshops';
export type * from './api/customers';
export type * from './api/shops';
export type * from './api/audit';
export type * from './api/grid-views';
export type * from './api/dashboard';
export type * from './api/flow';
export type * from './api/scorecard';
export type * from './api/tickets';
export type * from './api/notifications';
