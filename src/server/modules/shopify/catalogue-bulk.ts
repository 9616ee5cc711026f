import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../errors';
import type { ShopifyClient } from './client';
import { PRODUCT_FIELDS, type ProductNode, productOfNodes, type ShopProduct, VARIANT_FIELDS, type VariantNode } from './catalogue-product';

/*
 * A large catalogue in one bulk operation: Shopify runs the query over every product on its side
 * and hands over a JSONL file (one line per product, then its variants, each naming its product in
 * `__parentId`), far cheaper in points than pages. Its address is absolute: it is fetched as given.
 */

const QUERY = `{ products { edges { node { ${PRODUCT_FIELDS} variants { edges { node { ${VARIANT_FIELDS} } } } } } } }`;

const RUN = `mutation CatalogueBulk($query: String!) {
  bulkOperationRunQuery(query: $query) { bulkOperation { id } userErrors { message } }
}`;

const STATUS = `query CatalogueBulkStatus($id: ID!) {
  bulkOperation(id: $id) { status errorCode url }
}`;

/** Variants handed to the caller at a time (one transaction each). */
const BATCH_VARIANTS = 250;
/** The longest the file may take to arrive: less than a sync may stay silent before it counts as dead (catalogue-syncs.ts). */
const DOWNLOAD_MS = 4 * 60_000;

interface RunAnswer {
  bulkOperationRunQuery: { bulkOperation: { id: string } | null; userErrors: Array<{ message: string }> } | null;
}

interface StatusAnswer {
  bulkOperation: { status: string; errorCode: string | null; url: string | null } | null;
}

export interface BulkOptions {
  signal: AbortSignal;
  /** Between two status reads. */
  pollMs: number;
  /** Called with every status read, while the store works: the sync shows it is alive. */
  waiting: () => Promise<void>;
}

/** The address of the finished operation's file; null when the store has no product. */
async function finishedFile(client: ShopifyClient, { signal, pollMs, waiting }: BulkOptions): Promise<string | null> {
  // Shopify charges a mutation 10 points.
  const { data } = await client.request<RunAnswer>(RUN, { query: QUERY }, { expectedCost: 10, signal });
  const run = data.bulkOperationRunQuery;
  if (!run?.bulkOperation) {
    const detail = run?.userErrors.map((error) => error.message).join('; ') || '-';
    throw new AppError(502, 'CATALOGUE_BULK_REFUSED', 'errors:catalogueBulkRefused', { detail });
  }
  for (;;) {
    await sleep(pollMs, undefined, { signal });
    await waiting();
    const { data: status } = await client.request<StatusAnswer>(STATUS, { id: run.bulkOperation.id }, { signal });
    const operation = status.bulkOperation;
    if (operation?.status === 'COMPLETED') return operation.url;
    if (!operation || !['CREATED', 'RUNNING'].includes(operation.status)) {
      throw new AppError(502, 'CATALOGUE_BULK_FAILED', 'errors:catalogueBulkFailed', { status: operation ? `${operation.status} ${operation.errorCode ?? ''}`.trim() : '-' });
    }
  }
}

/** Products rebuilt from the file's lines: a line with `__parentId` is a variant of that product. */
function productsOf(jsonl: string): ShopProduct[] {
  const products = new Map<string, { node: ProductNode; variants: VariantNode[] }>();
  for (const line of jsonl.split('\n')) {
    if (line.trim() === '') continue;
    const object = JSON.parse(line) as (ProductNode | VariantNode) & { __parentId?: string };
    if (object.__parentId === undefined) products.set((object as ProductNode).id, { node: object as ProductNode, variants: [] });
    else products.get(object.__parentId)?.variants.push(object as VariantNode);
  }
  return [...products.values()].map(({ node, variants }) => productOfNodes(node, variants));
}

/** The whole catalogue through one bulk operation, in batches of about BATCH_VARIANTS variants. */
export async function* catalogueInBulk(client: ShopifyClient, options: BulkOptions): AsyncGenerator<ShopProduct[]> {
  const url = await finishedFile(client, options);
  if (url === null) return;
  const response = await fetch(url, { signal: AbortSignal.any([options.signal, AbortSignal.timeout(DOWNLOAD_MS)]) });
  if (!response.ok) throw new AppError(502, 'CATALOGUE_BULK_FAILED', 'errors:catalogueBulkFailed', { status: `HTTP ${response.status}` });
  let batch: ShopProduct[] = [];
  let variants = 0;
  for (const product of productsOf(await response.text())) {
    batch.push(product);
    variants += product.variants.length;
    if (variants >= BATCH_VARIANTS) {
      yield batch;
      batch = [];
      variants = 0;
    }
  }
  if (batch.length > 0) yield batch;
}
