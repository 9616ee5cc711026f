import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { publicUrlOf } from '../../config';
import { API } from '../../src/shared/api';
import { DEMO_SHOP, demoInstructions, openDemoShop } from './demo-shop';
import { signWebhook, startShopifyFake, type ShopifyFake } from './index';

// Each test opens the demo shop on a fake of its own.
let fake: ShopifyFake;
beforeEach(async () => {
  fake = await startShopifyFake();
});
afterEach(() => fake.stop());

/** The printed curl line: where it posts and what. */
function curlOf(text: string): { url: string; body: { webhookUrl: string } } {
  const [, url, body] = /curl -X POST (\S+) .*\\\n\s+-d '(.*)'/.exec(text) ?? [];
  return { url, body: JSON.parse(body) };
}

test("the printed curl line sends the order's webhook to the product's own address: PUBLIC_URL, else where the product listens", () => {
  const store = openDemoShop(fake);
  const at = (env: Record<string, string>) => curlOf(demoInstructions(fake, store, publicUrlOf(env))).body.webhookUrl;
  expect(at({ PUBLIC_URL: 'https://atolye.example/' })).toBe(`https://atolye.example${API.shopifyWebhook}`);
  expect(at({ PORT: '8080', HOST: '0.0.0.0' })).toBe(`http://0.0.0.0:8080${API.shopifyWebhook}`);
  // Each product's image is one the fake serves.
  expect(store.products.every((product) => product.imageUrl?.startsWith(`${fake.url}/cdn/`))).toBe(true);
});

test('the printed curl line places an order whose signed webhook reaches the product', async () => {
  const received: Array<{ url: string; headers: IncomingHttpHeaders; body: string }> = [];
  const product = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, body });
      response.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => product.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = product.address() as AddressInfo;
    const { url, body } = curlOf(demoInstructions(fake, openDemoShop(fake), publicUrlOf({ PORT: String(port) })));
    const answer = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect(answer.status).toBe(201);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ url: API.shopifyWebhook, headers: { 'x-shopify-topic': 'orders/create', 'x-shopify-shop-domain': DEMO_SHOP.domain } });
    expect(received[0].headers['x-shopify-hmac-sha256']).toBe(signWebhook(received[0].body, DEMO_SHOP.webhookSecret));
  } finally {
    await new Promise((resolve) => product.close(resolve));
  }
});
