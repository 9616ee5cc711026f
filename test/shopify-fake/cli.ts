/**
 * `npm run shop:fake`: the local Shopify-protocol server with one demo shop, for trying the product
 * without a real store. PORT (default 4010) and HOST (default 127.0.0.1) choose the address.
 */
import { demoCatalogue, startShopifyFake } from './index';

const DOMAIN = 'demo-atolye.myshopify.com';
const TOKEN = 'shpat_demo_token';
const CLIENT_ID = 'demo-client-id';
const CLIENT_SECRET = 'demo-client-secret';
const WEBHOOK_SECRET = 'demo-webhook-secret';

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 4010);
  const host = process.env.HOST ?? '127.0.0.1';
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT=${process.env.PORT} is invalid`);
  const fake = await startShopifyFake({ port, host });
  const store = fake.addStore({
    domain: DOMAIN,
    name: 'Demo Atölye',
    accessToken: TOKEN,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    webhookSecret: WEBHOOK_SECRET,
    currencyCode: 'TRY',
  });
  for (const product of demoCatalogue('Demo Atölye')) store.addProduct({ ...product, imageUrl: null });
  for (const product of store.products) store.updateProduct(product.id, { imageUrl: `${fake.url}/cdn/products/${product.handle}.png` });

  const example = store.products[0].variants[0];
  const order = {
    email: 'ayse@example.com',
    shippingAddress: { firstName: 'Ayşe', lastName: 'Yılmaz', address1: 'Bağdat Cad. 10', city: 'İstanbul', zip: '34710', country: 'Turkey', countryCode: 'TR' },
    lineItems: [{ variantId: example.id, quantity: 1, properties: { İsim: 'Ayşe' } }],
    webhookUrl: 'http://127.0.0.1:3000/webhooks/shopify',
  };
  console.log(`Local Shopify-protocol server on ${fake.url} (Ctrl+C stops it)

Connect the product to it:
  SHOPIFY_API_BASE_URL=${fake.url}
  store domain     ${DOMAIN}
  access token     ${TOKEN}   (or client id ${CLIENT_ID} / secret ${CLIENT_SECRET})
  webhook secret   ${WEBHOOK_SECRET}
  GraphQL          POST ${fake.url}/shops/${DOMAIN}/admin/api/2026-10/graphql.json

${store.products.length} products are in the shop (${store.products.reduce((n, p) => n + p.variants.length, 0)} variants).
Place an order (its orders/create webhook goes to webhookUrl, or without it to the shop's ORDERS_CREATE subscriptions):
  curl -X POST ${fake.url}/control/${DOMAIN}/orders -H 'Content-Type: application/json' \\
    -d '${JSON.stringify(order)}'
`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await fake.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
