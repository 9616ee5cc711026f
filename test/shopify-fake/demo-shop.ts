/**
 * The demo shop of `npm run shop:fake`, and what the command prints: how to connect the product to
 * it and a `curl` line that places an order whose webhook reaches the product at its own address.
 */
import { API } from '../../src/shared/api';
import { demoCatalogue } from './catalogue';
import type { FakeStore, ShopifyFake } from './types';

export const DEMO_SHOP = {
  domain: 'demo-atolye.myshopify.com',
  name: 'Demo Atölye',
  accessToken: 'shpat_demo_token',
  clientId: 'demo-client-id',
  clientSecret: 'demo-client-secret',
  webhookSecret: 'demo-webhook-secret',
  currencyCode: 'TRY',
} as const;

/** Opens the demo shop on `fake`: its catalogue, each product with an image the fake itself serves. */
export function openDemoShop(fake: ShopifyFake): FakeStore {
  const store = fake.addStore(DEMO_SHOP);
  for (const product of demoCatalogue(DEMO_SHOP.name)) store.addProduct({ ...product, imageUrl: null });
  for (const product of store.products) store.updateProduct(product.id, { imageUrl: `${fake.url}/cdn/products/${product.handle}.png` });
  return store;
}

/** The text printed on start; `productUrl` is where the product is reached (its PUBLIC_URL, else where it listens). */
export function demoInstructions(fake: ShopifyFake, store: FakeStore, productUrl: string): string {
  const example = store.products[0].variants[0];
  const order = {
    email: 'ayse@example.com',
    shippingAddress: { firstName: 'Ayşe', lastName: 'Yılmaz', address1: 'Bağdat Cad. 10', city: 'İstanbul', zip: '34710', country: 'Turkey', countryCode: 'TR' },
    lineItems: [{ variantId: example.id, quantity: 1, properties: { İsim: 'Ayşe' } }],
    webhookUrl: `${productUrl}${API.shopifyWebhook}`,
  };
  return `Local Shopify-protocol server on ${fake.url} (Ctrl+C stops it)

Connect the product to it:
  SHOPIFY_API_BASE_URL=${fake.url}
  store domain     ${DEMO_SHOP.domain}
  access token     ${DEMO_SHOP.accessToken}   (or client id ${DEMO_SHOP.clientId} / secret ${DEMO_SHOP.clientSecret})
  webhook secret   ${DEMO_SHOP.webhookSecret}
  GraphQL          POST ${fake.url}/shops/${DEMO_SHOP.domain}/admin/api/2026-10/graphql.json

${store.products.length} products are in the shop (${store.products.reduce((n, p) => n + p.variants.length, 0)} variants).
Place an order (its orders/create webhook goes to the product at ${productUrl}):
  curl -X POST ${fake.url}/control/${DEMO_SHOP.domain}/orders -H 'Content-Type: application/json' \\
    -d '${JSON.stringify(order)}'
`;
}
