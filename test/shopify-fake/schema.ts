import { buildSchema, type GraphQLSchema } from 'graphql';

/**
 * The slice of Shopify's GraphQL Admin API (2026-10) the product uses, under Shopify's own type, field,
 * argument and enum names, so a document valid here is valid against Shopify and unknown fields fail
 * validation the same way. Deprecated fields kept where current clients may still meet them
 * (`Product.images`, `WebhookSubscription.callbackUrl`); the current ones are `media` and `uri`.
 * Enums for currencies and countries hold a subset of Shopify's values.
 */
export const SDL = /* GraphQL */ `
  scalar DateTime
  scalar Decimal
  scalar HTML
  scalar Money
  scalar URL
  scalar UnsignedInt64

  interface Node {
    id: ID!
  }

  interface LegacyInteroperability {
    legacyResourceId: UnsignedInt64!
  }

  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }

  type UserError {
    field: [String!]
    message: String!
  }

  type Count {
    count: Int!
    precision: CountPrecision!
  }

  enum CountPrecision {
    AT_LEAST
    EXACT
  }

  type Query {
    shop: Shop!
    node(id: ID!): Node
    nodes(ids: [ID!]!): [Node]!
    product(id: ID!): Product
    products(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: ProductSortKeys = ID
      query: String
      savedSearchId: ID
    ): ProductConnection!
    productsCount(query: String, limit: Int = 10000): Count
    productVariantsCount(query: String, limit: Int = 10000): Count
    productVariant(id: ID!): ProductVariant
    productVariants(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: ProductVariantSortKeys = ID
      query: String
    ): ProductVariantConnection!
    order(id: ID!): Order
    orders(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: OrderSortKeys = PROCESSED_AT
      query: String
      savedSearchId: ID
    ): OrderConnection!
    ordersCount(query: String, limit: Int = 10000): Count
    webhookSubscription(id: ID!): WebhookSubscription
    webhookSubscriptions(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: WebhookSubscriptionSortKeys = CREATED_AT
      topics: [WebhookSubscriptionTopic!]
      format: WebhookSubscriptionFormat
      uri: String
      callbackUrl: URL @deprecated(reason: "Use \`uri\` instead.")
      query: String
    ): WebhookSubscriptionConnection!
    currentBulkOperation(type: BulkOperationType = QUERY): BulkOperation
    bulkOperation(id: ID!): BulkOperation
  }

  type Mutation {
    webhookSubscriptionCreate(topic: WebhookSubscriptionTopic!, webhookSubscription: WebhookSubscriptionInput!): WebhookSubscriptionCreatePayload
    webhookSubscriptionDelete(id: ID!): WebhookSubscriptionDeletePayload
    bulkOperationRunQuery(query: String!, groupObjects: Boolean! = false): BulkOperationRunQueryPayload
    bulkOperationCancel(id: ID!): BulkOperationCancelPayload
    fulfillmentCreate(fulfillment: FulfillmentInput!, message: String): FulfillmentCreatePayload
  }

  type Shop implements Node {
    id: ID!
    name: String!
    email: String!
    myshopifyDomain: String!
    url: URL!
    currencyCode: CurrencyCode!
    ianaTimezone: String!
  }

  # ---- Products ----

  enum ProductStatus {
    ACTIVE
    ARCHIVED
    DRAFT
  }

  enum ProductSortKeys {
    CREATED_AT
    ID
    INVENTORY_TOTAL
    PRODUCT_TYPE
    PUBLISHED_AT
    RELEVANCE
    TITLE
    UPDATED_AT
    VENDOR
  }

  enum ProductVariantSortKeys {
    FULL_TITLE
    ID
    INVENTORY_LEVELS_AVAILABLE
    INVENTORY_MANAGEMENT
    INVENTORY_POLICY
    INVENTORY_QUANTITY
    NAME
    POPULAR
    POSITION
    RELEVANCE
    SKU
    TITLE
  }

  enum ProductMediaSortKeys {
    ID
    POSITION
    RELEVANCE
  }

  type Product implements Node & LegacyInteroperability {
    id: ID!
    legacyResourceId: UnsignedInt64!
    title: String!
    handle: String!
    vendor: String!
    productType: String!
    status: ProductStatus!
    tags: [String!]!
    descriptionHtml: HTML!
    createdAt: DateTime!
    updatedAt: DateTime!
    publishedAt: DateTime
    hasOnlyDefaultVariant: Boolean!
    totalInventory: Int!
    onlineStoreUrl: URL
    options(first: Int): [ProductOption!]!
    featuredMedia: Media
    media(first: Int, after: String, last: Int, before: String, reverse: Boolean = false, sortKey: ProductMediaSortKeys = POSITION, query: String): MediaConnection!
    featuredImage: Image @deprecated(reason: "Use \`featuredMedia\` instead.")
    images(first: Int, after: String, last: Int, before: String, reverse: Boolean = false): ImageConnection! @deprecated(reason: "Use \`media\` instead.")
    variants(first: Int, after: String, last: Int, before: String, reverse: Boolean = false, sortKey: ProductVariantSortKeys = POSITION): ProductVariantConnection!
    variantsCount: Count
  }

  type ProductConnection {
    edges: [ProductEdge!]!
    nodes: [Product!]!
    pageInfo: PageInfo!
  }

  type ProductEdge {
    cursor: String!
    node: Product!
  }

  type ProductOption implements Node {
    id: ID!
    name: String!
    position: Int!
    values: [String!]!
    optionValues: [ProductOptionValue!]!
  }

  type ProductOptionValue implements Node {
    id: ID!
    name: String!
    hasVariants: Boolean!
  }

  type ProductVariant implements Node & LegacyInteroperability {
    id: ID!
    legacyResourceId: UnsignedInt64!
    title: String!
    displayName: String!
    sku: String
    barcode: String
    price: Money!
    compareAtPrice: Money
    position: Int!
    availableForSale: Boolean!
    inventoryQuantity: Int
    selectedOptions: [SelectedOption!]!
    image: Image
    media(first: Int, after: String, last: Int, before: String, reverse: Boolean = false): MediaConnection!
    product: Product!
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  type ProductVariantConnection {
    edges: [ProductVariantEdge!]!
    nodes: [ProductVariant!]!
    pageInfo: PageInfo!
  }

  type ProductVariantEdge {
    cursor: String!
    node: ProductVariant!
  }

  type SelectedOption {
    name: String!
    value: String!
    optionValue: ProductOptionValue!
  }

  input ImageTransformInput {
    maxWidth: Int
    maxHeight: Int
    scale: Int = 1
  }

  type Image {
    id: ID
    url(transform: ImageTransformInput): URL!
    altText: String
    width: Int
    height: Int
  }

  type ImageConnection {
    edges: [ImageEdge!]!
    nodes: [Image!]!
    pageInfo: PageInfo!
  }

  type ImageEdge {
    cursor: String!
    node: Image!
  }

  enum MediaContentType {
    EXTERNAL_VIDEO
    IMAGE
    MODEL_3D
    VIDEO
  }

  enum MediaStatus {
    FAILED
    PROCESSING
    READY
    UPLOADED
  }

  enum MediaPreviewImageStatus {
    FAILED
    PROCESSING
    READY
    UPLOADED
  }

  type MediaPreviewImage {
    image: Image
    status: MediaPreviewImageStatus!
  }

  interface Media {
    id: ID!
    alt: String
    mediaContentType: MediaContentType!
    status: MediaStatus!
    preview: MediaPreviewImage
  }

  type MediaImage implements Media & Node {
    id: ID!
    alt: String
    mediaContentType: MediaContentType!
    status: MediaStatus!
    preview: MediaPreviewImage
    image: Image
    mimeType: String
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  type MediaConnection {
    edges: [MediaEdge!]!
    nodes: [Media!]!
    pageInfo: PageInfo!
  }

  type MediaEdge {
    cursor: String!
    node: Media!
  }

  # ---- Orders ----

  enum OrderSortKeys {
    CREATED_AT
    CURRENT_TOTAL_PRICE
    CUSTOMER_NAME
    DESTINATION
    FINANCIAL_STATUS
    FULFILLMENT_STATUS
    ID
    ORDER_NUMBER
    PO_NUMBER
    PROCESSED_AT
    RELEVANCE
    TOTAL_ITEMS_QUANTITY
    TOTAL_PRICE
    UPDATED_AT
  }

  enum OrderCancelReason {
    CUSTOMER
    DECLINED
    FRAUD
    INVENTORY
    OTHER
    STAFF
  }

  enum OrderDisplayFulfillmentStatus {
    FULFILLED
    IN_PROGRESS
    ON_HOLD
    OPEN
    PARTIALLY_FULFILLED
    PENDING_FULFILLMENT
    REQUEST_DECLINED
    RESTOCKED
    SCHEDULED
    UNFULFILLED
  }

  enum OrderDisplayFinancialStatus {
    AUTHORIZED
    EXPIRED
    PAID
    PARTIALLY_PAID
    PARTIALLY_REFUNDED
    PENDING
    REFUNDED
    VOIDED
  }

  type Order implements Node & LegacyInteroperability {
    id: ID!
    legacyResourceId: UnsignedInt64!
    name: String!
    createdAt: DateTime!
    updatedAt: DateTime!
    processedAt: DateTime!
    cancelledAt: DateTime
    cancelReason: OrderCancelReason
    closed: Boolean!
    closedAt: DateTime
    confirmed: Boolean!
    test: Boolean!
    currencyCode: CurrencyCode!
    presentmentCurrencyCode: CurrencyCode!
    note: String
    email: String
    phone: String
    tags: [String!]!
    customAttributes: [Attribute!]!
    shippingAddress: MailingAddress
    billingAddress: MailingAddress
    displayFinancialStatus: OrderDisplayFinancialStatus
    displayFulfillmentStatus: OrderDisplayFulfillmentStatus!
    subtotalPriceSet: MoneyBag
    totalPriceSet: MoneyBag!
    lineItems(first: Int, after: String, last: Int, before: String, reverse: Boolean = false): LineItemConnection!
    fulfillmentOrders(first: Int, after: String, last: Int, before: String, reverse: Boolean = false, displayable: Boolean = false, query: String): FulfillmentOrderConnection!
    fulfillments(first: Int): [Fulfillment!]!
  }

  type OrderConnection {
    edges: [OrderEdge!]!
    nodes: [Order!]!
    pageInfo: PageInfo!
  }

  type OrderEdge {
    cursor: String!
    node: Order!
  }

  type Attribute {
    key: String!
    value: String
  }

  type MailingAddress implements Node {
    id: ID!
    firstName: String
    lastName: String
    name: String
    company: String
    address1: String
    address2: String
    city: String
    province: String
    provinceCode: String
    zip: String
    country: String
    countryCodeV2: CountryCode
    phone: String
  }

  type MoneyV2 {
    amount: Decimal!
    currencyCode: CurrencyCode!
  }

  type MoneyBag {
    shopMoney: MoneyV2!
    presentmentMoney: MoneyV2!
  }

  type LineItem implements Node {
    id: ID!
    title: String!
    name: String!
    variantTitle: String
    sku: String
    vendor: String
    quantity: Int!
    currentQuantity: Int!
    requiresShipping: Boolean!
    isGiftCard: Boolean!
    customAttributes: [Attribute!]!
    originalUnitPriceSet: MoneyBag!
    originalTotalSet: MoneyBag!
    variant: ProductVariant
    product: Product
  }

  type LineItemConnection {
    edges: [LineItemEdge!]!
    nodes: [LineItem!]!
    pageInfo: PageInfo!
  }

  type LineItemEdge {
    cursor: String!
    node: LineItem!
  }

  # ---- Fulfillment ----

  enum FulfillmentOrderStatus {
    CANCELLED
    CLOSED
    INCOMPLETE
    IN_PROGRESS
    ON_HOLD
    OPEN
    SCHEDULED
  }

  enum FulfillmentStatus {
    CANCELLED
    ERROR
    FAILURE
    OPEN
    PENDING
    SUCCESS
  }

  type FulfillmentOrder implements Node {
    id: ID!
    status: FulfillmentOrderStatus!
    createdAt: DateTime!
    updatedAt: DateTime!
    orderId: ID!
    orderName: String!
    order: Order
    lineItems(first: Int, after: String, last: Int, before: String, reverse: Boolean = false): FulfillmentOrderLineItemConnection!
  }

  type FulfillmentOrderConnection {
    edges: [FulfillmentOrderEdge!]!
    nodes: [FulfillmentOrder!]!
    pageInfo: PageInfo!
  }

  type FulfillmentOrderEdge {
    cursor: String!
    node: FulfillmentOrder!
  }

  type FulfillmentOrderLineItem implements Node {
    id: ID!
    totalQuantity: Int!
    remainingQuantity: Int!
    sku: String
    productTitle: String!
    variantTitle: String
    lineItem: LineItem!
  }

  type FulfillmentOrderLineItemConnection {
    edges: [FulfillmentOrderLineItemEdge!]!
    nodes: [FulfillmentOrderLineItem!]!
    pageInfo: PageInfo!
  }

  type FulfillmentOrderLineItemEdge {
    cursor: String!
    node: FulfillmentOrderLineItem!
  }

  type FulfillmentTrackingInfo {
    company: String
    number: String
    url: URL
  }

  type Fulfillment implements Node & LegacyInteroperability {
    id: ID!
    legacyResourceId: UnsignedInt64!
    name: String!
    status: FulfillmentStatus!
    createdAt: DateTime!
    updatedAt: DateTime!
    totalQuantity: Int!
    trackingInfo(first: Int): [FulfillmentTrackingInfo!]!
    order: Order!
  }

  input FulfillmentInput {
    lineItemsByFulfillmentOrder: [FulfillmentOrderLineItemsInput!]!
    notifyCustomer: Boolean = false
    originAddress: FulfillmentOriginAddressInput
    trackingInfo: FulfillmentTrackingInput
  }

  input FulfillmentOrderLineItemsInput {
    fulfillmentOrderId: ID!
    fulfillmentOrderLineItems: [FulfillmentOrderLineItemInput!]
  }

  input FulfillmentOrderLineItemInput {
    id: ID!
    quantity: Int!
  }

  input FulfillmentTrackingInput {
    number: String
    numbers: [String!]
    company: String
    url: URL
    urls: [URL!]
  }

  input FulfillmentOriginAddressInput {
    address1: String
    address2: String
    city: String
    zip: String
    provinceCode: String
    countryCode: String!
  }

  type FulfillmentCreatePayload {
    fulfillment: Fulfillment
    userErrors: [UserError!]!
  }

  # ---- Webhook subscriptions ----

  enum WebhookSubscriptionTopic {
    APP_UNINSTALLED
    BULK_OPERATIONS_FINISH
    FULFILLMENTS_CREATE
    FULFILLMENTS_UPDATE
    ORDERS_CANCELLED
    ORDERS_CREATE
    ORDERS_DELETE
    ORDERS_EDITED
    ORDERS_FULFILLED
    ORDERS_PAID
    ORDERS_PARTIALLY_FULFILLED
    ORDERS_UPDATED
    PRODUCTS_CREATE
    PRODUCTS_DELETE
    PRODUCTS_UPDATE
    SHOP_UPDATE
  }

  enum WebhookSubscriptionFormat {
    JSON
    XML
  }

  enum WebhookSubscriptionSortKeys {
    CREATED_AT
    ID
    RELEVANCE
  }

  type ApiVersion {
    handle: String!
    displayName: String!
    supported: Boolean!
  }

  type WebhookSubscription implements Node & LegacyInteroperability {
    id: ID!
    legacyResourceId: UnsignedInt64!
    topic: WebhookSubscriptionTopic!
    uri: String!
    callbackUrl: URL! @deprecated(reason: "Use \`uri\` instead.")
    format: WebhookSubscriptionFormat!
    filter: String
    includeFields: [String!]!
    metafieldNamespaces: [String!]!
    apiVersion: ApiVersion!
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  type WebhookSubscriptionConnection {
    edges: [WebhookSubscriptionEdge!]!
    nodes: [WebhookSubscription!]!
    pageInfo: PageInfo!
  }

  type WebhookSubscriptionEdge {
    cursor: String!
    node: WebhookSubscription!
  }

  input WebhookSubscriptionInput {
    uri: String
    callbackUrl: URL @deprecated(reason: "Use \`uri\` instead.")
    format: WebhookSubscriptionFormat
    filter: String
    includeFields: [String!]
    metafieldNamespaces: [String!]
  }

  type WebhookSubscriptionCreatePayload {
    webhookSubscription: WebhookSubscription
    userErrors: [UserError!]!
  }

  type WebhookSubscriptionDeletePayload {
    deletedWebhookSubscriptionId: ID
    userErrors: [UserError!]!
  }

  # ---- Bulk operations ----

  enum BulkOperationStatus {
    CANCELED
    CANCELING
    COMPLETED
    CREATED
    EXPIRED
    FAILED
    RUNNING
  }

  enum BulkOperationType {
    MUTATION
    QUERY
  }

  enum BulkOperationErrorCode {
    ACCESS_DENIED
    INTERNAL_SERVER_ERROR
    TIMEOUT
  }

  enum BulkOperationUserErrorCode {
    INVALID
    LIMIT_REACHED
    OPERATION_IN_PROGRESS
  }

  type BulkOperation implements Node {
    id: ID!
    status: BulkOperationStatus!
    errorCode: BulkOperationErrorCode
    type: BulkOperationType!
    query: String!
    createdAt: DateTime!
    completedAt: DateTime
    objectCount: UnsignedInt64!
    rootObjectCount: UnsignedInt64!
    fileSize: UnsignedInt64
    url: URL
    partialDataUrl: URL
  }

  type BulkOperationUserError {
    code: BulkOperationUserErrorCode
    field: [String!]
    message: String!
  }

  type BulkOperationRunQueryPayload {
    bulkOperation: BulkOperation
    userErrors: [BulkOperationUserError!]!
  }

  type BulkOperationCancelPayload {
    bulkOperation: BulkOperation
    userErrors: [UserError!]!
  }

  # ---- Subsets of Shopify's long code lists ----

  enum CurrencyCode {
    AED AUD AZN BGN CAD CHF CNY CZK DKK EUR GBP GEL HKD HUF ILS INR JPY KRW KZT MXN NOK NZD PLN QAR RON RUB SAR SEK SGD TRY UAH USD
  }

  enum CountryCode {
    AE AL AM AT AU AZ BA BE BG BY CA CH CN CY CZ DE DK EE EG ES FI FR GB GE GR HR HU IE IL IN IQ IR IS IT JP KR KZ LT LU LV MA MD ME MK MT MX NL NO NZ PL PT QA RO RS RU SA SE SG SI SK SY TN TR UA US
  }
`;

let built: GraphQLSchema | null = null;

export function adminSchema(): GraphQLSchema {
  built ??= buildSchema(SDL);
  return built;
}

export const CURRENCY_CODES = new Set(/enum CurrencyCode \{([^}]*)\}/.exec(SDL)![1].trim().split(/\s+/));
export const COUNTRY_CODES = new Set(/enum CountryCode \{([^}]*)\}/.exec(SDL)![1].trim().split(/\s+/));
