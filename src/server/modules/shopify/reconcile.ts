import type { Db } from '../../db';
import type { LineBus } from '../live/bus';
import type { ShopifyClient } from './client';
import { type IntakeStore, LINE_ITEM_FIELDS, ORDER_FIELDS, orderFromGraphql, takeShopOrder } from './intake';
import { enqueue, type JobHandler } from '../jobs/queue';

/*
 * A missed webhook never loses an order: every 10 minutes each active store is asked for the
 * orders updated since the last one seen, and each is taken like a webhook's (intake.ts: what is
 * already here changes no line).
 */

export const RECONCILE_EVERY_MS = 10 * 60_000;
/** Orders updated this long before the last one seen are asked for again: clocks and commits overlap. */
const OVERLAP_MS = 5 * 60_000;

// Five orders of up to 30 line items a page: about 770 points, under the 1,000 a query may cost.
const ORDERS = `query OrdersSince($query: String!, $after: String) {
  orders(first: 5, after: $after, query: $query, sortKey: UPDATED_AT) {
    nodes { ${ORDER_FIELDS} }
    pageInfo { hasNextPage endCursor }
  }
}`;

const MORE_ITEMS = `query OrderItems($id: ID!, $after: String) {
  order(id: $id) { lineItems(first: 100, after: $after) { nodes { ${LINE_ITEM_FIELDS} } pageInfo { hasNextPage endCursor } } }
}`;

interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}
interface Page {
  orders: { nodes: Array<{ id: string; lineItems: { nodes: unknown[]; pageInfo: PageInfo } }>; pageInfo: PageInfo };
}

/** An order's line items beyond the first page, added to it. */
async function withAllItems(client: ShopifyClient, order: Page['orders']['nodes'][number]) {
  for (let page = order.lineItems.pageInfo; page.hasNextPage; ) {
    const { data }: { data: { order: { lineItems: { nodes: unknown[]; pageInfo: PageInfo } } } } = await client.request(MORE_ITEMS, { id: order.id, after: page.endCursor });
    order.lineItems.nodes.push(...data.order.lineItems.nodes);
    page = data.order.lineItems.pageInfo;
  }
  return order;
}

/** Takes every order of the store updated since its last seen one (or since it was connected). */
async function reconcileStore(db: Db, bus: LineBus, client: ShopifyClient, store: IntakeStore & { last_order_seen_at: string | null; created_at: string }): Promise<number> {
  const since = new Date(Date.parse(store.last_order_seen_at ?? store.created_at) - OVERLAP_MS).toISOString();
  let taken = 0;
  for (let after: string | null = null; ; ) {
    const { data }: { data: Page } = await client.request<Page>(ORDERS, { query: `updated_at:>='${since}'`, after });
    for (const node of data.orders.nodes) {
      const order = orderFromGraphql(await withAllItems(client, node));
      await bus.write(db, (trx, record) => takeShopOrder(trx, record, store, order));
      taken++;
    }
    if (!data.orders.pageInfo.hasNextPage) return taken;
    after = data.orders.pageInfo.endCursor;
  }
}

/** The worker's handler of a reconciliation job: its store, reconciled through the store's client. */
export function reconcileJobHandler(db: Db, bus: LineBus, clientOf: (connectionId: number) => Promise<ShopifyClient>): JobHandler {
  return async (job) => {
    if (job.connection_id === null) throw new Error('a reconciliation job without its store');
    const store = await db.selectFrom('shop_connections').select(['id', 'user_id', 'last_order_seen_at', 'created_at']).where('id', '=', job.connection_id).executeTakeFirstOrThrow();
    await reconcileStore(db, bus, await clientOf(store.id), store);
  };
}

/**
 * Stores a reconciliation job for every active store once per period (the one `at` falls in); the
 * key names the period, so several processes doing the same store it once.
 */
export async function scheduleReconciliation(db: Db, at = new Date()): Promise<number> {
  const period = Math.floor(at.getTime() / RECONCILE_EVERY_MS);
  const stores = await db.selectFrom('shop_connections').select('id').where('kind', '=', 'store').where('status', '=', 'active').execute();
  let stored = 0;
  for (const { id } of stores) if (await enqueue(db, { kind: 'reconcile', key: `reconcile:${id}:${period}`, connectionId: id, payload: {} })) stored++;
  return stored;
}

/** Schedules reconciliation now and every RECONCILE_EVERY_MS; `stored` wakes the worker. Returns the stop. */
export function reconcileEvery(db: Db, stored: () => void, log: { error(object: unknown, message: string): void }): () => void {
  const run = () =>
    scheduleReconciliation(db).then(
      (count) => count > 0 && stored(),
      (error: unknown) => log.error({ err: error }, 'reconciliation could not be scheduled'),
    );
  void run();
  const timer = setInterval(run, RECONCILE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
