import type { ShopifyClient } from './client';
import { PRODUCT_FIELDS, PRODUCT_POINTS, type ProductNode, productOfNodes, type ShopProduct, VARIANT_FIELDS, VARIANT_POINTS, type VariantNode } from './catalogue-product';

/*
 * How big a store's catalogue is, and reading it page by page: products with their first variants
 * (cursor pages of up to 250), and the variants of a product beyond those from its own pages. Each
 * query's cost is worked out beforehand (Shopify's rule: an object 1 point, a connection 2 plus its
 * page size times a node) and handed to the limiter, which waits for the points instead of being
 * throttled; pages are sized to what one query may cost.
 */

/** Shopify refuses a query whose requested cost is above this, whatever the bucket holds. */
const MAX_QUERY_COST = 1000;
/** The most nodes one page may ask for. */
const MAX_PAGE = 250;
/** Products whose variants are counted to estimate the catalogue's size. */
const SAMPLE = 50;

export interface CatalogueSize {
  products: number;
  /** The store's count of its variants. */
  variants: number;
  /** Variants asked for with each product of a page: enough for nine in ten of the sample. */
  variantsPerProduct: number;
  /** The most one query may cost: Shopify's limit, or the store's whole bucket when smaller. */
  budget: number;
  /** The currency the store sells in (its prices are in it); null when the answer named none. */
  currency: string | null;
}

interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

/** Variants a store holds, from its product count and the products read so far. */
export function expectedVariants(products: number, productsRead: number, variantsRead: number): number {
  if (productsRead === 0) return 0;
  return Math.max(variantsRead, Math.round((products * variantsRead) / productsRead));
}

// The store's counts, a sample of products whose variant counts size the pages, and the currency
// its prices are in (asked here, as the sync's first query, rather than in a query of its own).
const SIZE = `query CatalogueSize($sample: Int!) {
  shop { currencyCode }
  productsCount(limit: null) { count }
  productVariantsCount(limit: null) { count }
  products(first: $sample) { nodes { variantsCount { count } } }
}`;

/** The shop (1), the two counts (1 each), the connection (2) and each sampled product with its count (2). */
const SIZE_COST = 1 + 2 + 2 + SAMPLE * 2;

interface SizeAnswer {
  shop: { currencyCode: string | null } | null;
  productsCount: { count: number } | null;
  productVariantsCount: { count: number } | null;
  products: { nodes: Array<{ variantsCount: { count: number } | null }> };
}

export async function catalogueSize(client: ShopifyClient, signal: AbortSignal): Promise<CatalogueSize> {
  const { data, cost } = await client.request<SizeAnswer>(SIZE, { sample: SAMPLE }, { expectedCost: SIZE_COST, signal });
  const counts = data.products.nodes.map((node) => node.variantsCount?.count ?? 1).sort((a, b) => a - b);
  const products = Math.max(data.productsCount?.count ?? 0, counts.length);
  const budget = Math.min(MAX_QUERY_COST, cost?.maximum ?? MAX_QUERY_COST);
  const mostAffordable = Math.floor((budget - 2 - PRODUCT_POINTS - 2) / VARIANT_POINTS);
  const typical = counts[Math.floor(counts.length * 0.9)] ?? 1;
  return {
    products,
    variants: data.productVariantsCount?.count ?? expectedVariants(products, counts.length, counts.reduce((sum, n) => sum + n, 0)),
    variantsPerProduct: Math.max(1, Math.min(typical, MAX_PAGE, mostAffordable)),
    budget,
    currency: typeof data.shop?.currencyCode === 'string' && /^[A-Z]{3}$/.test(data.shop.currencyCode) ? data.shop.currencyCode : null,
  };
}

const PAGE = `query CataloguePage($first: Int!, $variants: Int!, $after: String) {
  products(first: $first, after: $after) {
    nodes { ${PRODUCT_FIELDS} variants(first: $variants) { nodes { ${VARIANT_FIELDS} } pageInfo { hasNextPage endCursor } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

const MORE_VARIANTS = `query ProductVariants($id: ID!, $first: Int!, $after: String) {
  product(id: $id) { variants(first: $first, after: $after) { nodes { ${VARIANT_FIELDS} } pageInfo { hasNextPage endCursor } } }
}`;

type VariantConnection = { nodes: VariantNode[]; pageInfo: PageInfo };

interface PageAnswer {
  products: { nodes: Array<ProductNode & { variants: VariantConnection }>; pageInfo: PageInfo };
}

interface MoreVariantsAnswer {
  product: { variants: VariantConnection } | null;
}

/** The catalogue page by page, each page's products with all their variants; the next page is asked for while the caller writes this one. */
export async function* catalogueByPages(client: ShopifyClient, size: CatalogueSize, signal: AbortSignal): AsyncGenerator<ShopProduct[]> {
  const perProduct = PRODUCT_POINTS + 2 + size.variantsPerProduct * VARIANT_POINTS;
  const first = Math.max(1, Math.min(MAX_PAGE, Math.floor((size.budget - 2) / perProduct)));
  const pageCost = 2 + first * perProduct;
  const moreFirst = Math.max(1, Math.min(MAX_PAGE, Math.floor((size.budget - 3) / VARIANT_POINTS)));

  async function variantsAfter(productId: string, after: string | null): Promise<VariantNode[]> {
    const found: VariantNode[] = [];
    for (let cursor = after; cursor !== null; ) {
      const { data } = await client.request<MoreVariantsAnswer>(MORE_VARIANTS, { id: productId, first: moreFirst, after: cursor }, { expectedCost: 3 + moreFirst * VARIANT_POINTS, signal });
      // A product deleted meanwhile keeps the variants already read.
      if (!data.product) break;
      found.push(...data.product.variants.nodes);
      cursor = data.product.variants.pageInfo.hasNextPage ? data.product.variants.pageInfo.endCursor : null;
    }
    return found;
  }

  async function page(after: string | null): Promise<{ products: ShopProduct[]; next: string | null }> {
    const { data } = await client.request<PageAnswer>(PAGE, { first, variants: size.variantsPerProduct, after }, { expectedCost: pageCost, signal });
    const products: ShopProduct[] = [];
    for (const node of data.products.nodes) {
      const more = node.variants.pageInfo.hasNextPage ? await variantsAfter(node.id, node.variants.pageInfo.endCursor) : [];
      products.push(productOfNodes(node, [...node.variants.nodes, ...more]));
    }
    return { products, next: data.products.pageInfo.hasNextPage ? data.products.pageInfo.endCursor : null };
  }

  let coming: Promise<{ products: ShopProduct[]; next: string | null }> | null = page(null);
  while (coming) {
    const current: { products: ShopProduct[]; next: string | null } = await coming;
    coming = current.next === null ? null : page(current.next);
    // Awaited on the next turn; until then a failure must not count as unhandled.
    coming?.catch(() => undefined);
    yield current.products;
  }
}
