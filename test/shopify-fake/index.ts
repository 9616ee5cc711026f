/**
 * A local Shopify-protocol server for tests, benchmarks and trying the product without a real store:
 * the GraphQL Admin API (a slice of 2026-10) under `{url}/shops/{domain}/admin/api/{version}/graphql.json`,
 * the client-credentials grant, bulk operations, cost-based throttling, faults on demand and signed
 * webhooks. Tests drive it in-process through the store objects below.
 */
import { FakeServer } from './server';
import { Store } from './store';
import type { FakeOrder, FakeProduct, FakeStore, FakeStoreOptions, ShopifyFake, StartOptions } from './types';

export type {
  Fault,
  FaultKind,
  FakeAddress,
  FakeCall,
  FakeFulfillment,
  FakeLineItem,
  FakeLineItemInput,
  FakeOrder,
  FakeOrderInput,
  FakeProduct,
  FakeProductInput,
  FakeSelectedOption,
  FakeStore,
  FakeStoreOptions,
  FakeVariant,
  FakeVariantInput,
  FakeWebhookSubscription,
  ShopifyFake,
  StartOptions,
} from './types';
export { signWebhook, sendWebhook, type SendWebhookArgs } from './webhooks';
export { demoCatalogue, generatedCatalogue } from './catalogue';
export { leastTimeMs } from './cost';

/** Stores of the running fakes in this process, by domain (the latest wins), for `webhookPayload`. */
const liveStores = new Map<string, Store>();

/**
 * The body Shopify would send for `topic` ('orders/create', 'products/update', 'app/uninstalled', ...)
 * about an order or product of the store `domain`, given as the object or its numeric id.
 */
export function webhookPayload(domain: string, topic: string, orderOrProduct: FakeOrder | FakeProduct | number): Record<string, unknown> {
  const store = liveStores.get(domain);
  if (!store) throw new Error(`No running fake store ${domain}`);
  return store.webhookPayload(topic, typeof orderOrProduct === 'number' ? orderOrProduct : orderOrProduct.id);
}

export async function startShopifyFake(options: StartOptions = {}): Promise<ShopifyFake> {
  const now = options.now ?? Date.now;
  const server = new FakeServer(now);
  const url = await server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  return {
    url,
    addStore(storeOptions: FakeStoreOptions): FakeStore {
      if (server.stores.has(storeOptions.domain)) throw new Error(`Store ${storeOptions.domain} exists already`);
      const store = new Store(storeOptions, { now, baseUrl: url, index: server.stores.size });
      server.stores.set(store.domain, store);
      liveStores.set(store.domain, store);
      return store;
    },
    store(domain: string): FakeStore {
      const store = server.stores.get(domain);
      if (!store) throw new Error(`No store ${domain}`);
      return store;
    },
    stop: () => {
      for (const [domain, store] of server.stores) if (liveStores.get(domain) === store) liveStores.delete(domain);
      return server.stop();
    },
  };
}
