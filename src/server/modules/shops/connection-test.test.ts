import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { API } from '../../../shared/api';

/*
 * 'Bağlantıyı test et' against a real HTTP server that speaks the two parts of Shopify's protocol the
 * test needs: the client-credentials grant and `{ shop { name myshopifyDomain } }`.
 * (A minimal one here: the repository's local Shopify-protocol server, test/shopify-fake, is not there yet.)
 */

interface FakeStore {
  name: string;
  accessToken: string;
  clientId: string;
  clientSecret: string;
}

async function startStores(stores: Record<string, FakeStore>): Promise<{ url: string; server: Server }> {
  const granted = new Map<string, string>();
  const json = (response: ServerResponse, status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const read = async (request: IncomingMessage) => {
    let text = '';
    for await (const chunk of request) text += chunk;
    return text;
  };
  const server = createServer(async (request, response) => {
    const [, domain, rest] = /^\/shops\/([^/]+)(\/.*)$/.exec(request.url ?? '') ?? [];
    const store = stores[domain];
    const body = await read(request);
    if (domain === 'dropped.myshopify.com') return request.socket.destroy();
    if (!store) return json(response, 404, { errors: 'Not Found' });
    if (rest === '/admin/oauth/access_token') {
      const form = new URLSearchParams(body);
      if (form.get('grant_type') !== 'client_credentials' || form.get('client_id') !== store.clientId || form.get('client_secret') !== store.clientSecret) {
        return json(response, 400, { error: 'invalid_client' });
      }
      const token = `granted-${domain}`;
      granted.set(token, domain);
      return json(response, 200, { access_token: token, scope: 'read_orders', expires_in: 86_399 });
    }
    const token = request.headers['x-shopify-access-token'];
    if (token !== store.accessToken && granted.get(String(token)) !== domain) return json(response, 401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
    if (!/^\/admin\/api\/\d{4}-\d{2}\/graphql\.json$/.test(rest) || !JSON.parse(body).query.includes('shop')) return json(response, 400, { errors: 'Bad Request' });
    return json(response, 200, {
      data: { shop: { name: store.name, myshopifyDomain: domain } },
      extensions: { cost: { requestedQueryCost: 1, actualQueryCost: 1, throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1999, restoreRate: 100 } } },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe.each(testDatabases())('store connection test on $name', (database) => {
  let t: TestApp;
  let stores: Server;
  let admin: string;
  let customerUser: number;
  beforeAll(async () => {
    const fake = await startStores({
      'atelier.myshopify.com': { name: 'Atelier Kuyum', accessToken: 'shpat_atelier', clientId: 'atelier-id', clientSecret: 'atelier-secret' },
      'yeni-magaza.myshopify.com': { name: 'Yeni Mağaza', accessToken: 'shpat_unused', clientId: 'yeni-id', clientSecret: 'yeni-secret' },
    });
    stores = fake.server;
    t = await startTestApp(await database.create(), { SHOPIFY_API_BASE_URL: fake.url });
    admin = (await t.login()).token;
    const buyer = await t.newUser('magaza_sahibi');
    customerUser = buyer.user_id;
    await t.call('POST', '/api/v1/user/changeUserRoles', { token: admin, body: [{ ID: customerUser, Role: 5 }] });
    const customer = { name: 'Atelier', email: 'atelier@example.com', phone: '0532', address: 'Kapalıçarşı', company_name: 'Atelier Kuyum', credit: 0, tax_number: '1', user_id: customerUser };
    expect((await t.call('POST', '/api/v1/customers', { token: admin, body: customer })).status).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => stores?.close(resolve));
  });

  async function connect(fields: { shop_name: string; api_key?: string; api_secret?: string; access_token?: string; shop_domain?: string }): Promise<number> {
    const body = { user_id: customerUser, api_key: 'atelier-id', api_secret: 'atelier-secret', access_token: 'shpat_atelier', ...fields };
    const webhook = fields.shop_domain !== undefined;
    const answer = await t.call('POST', webhook ? API.shopCredentials : API.shop, { token: admin, body: webhook ? { ...body, webhook_secret: 'whsec' } : body });
    expect(answer.status).toBe(201);
    return answer.body.shop.id;
  }
  const testConnection = (id: number | string, token = admin) => t.call('POST', API.shopTest(id), { token });
  const stored = async () => ({
    connections: await t.db.selectFrom('shop_connections').selectAll().orderBy('id').execute(),
    audit: await t.db.selectFrom('audit_log').select('id').orderBy('id').execute(),
  });

  test('a store with a stored token answers with its name, and nothing is stored', async () => {
    const id = await connect({ shop_name: 'Atelier' });
    const before = await stored();
    expect(await testConnection(id)).toMatchObject({
      status: 200,
      body: { shop: { name: 'Atelier Kuyum', domain: 'atelier.myshopify.com' }, message: 'Bağlantı başarılı: Atelier Kuyum' },
    });
    expect(await stored()).toEqual(before);
  });

  test("a store app without a stored token gets one for its client id and secret; a webhook record's store is its shop_domain", async () => {
    // The webhook record first: given after the store, its secret would join the store's record.
    const webhook = await connect({ shop_name: 'Yeni', shop_domain: 'yeni-magaza.myshopify.com', api_key: 'yeni-id', api_secret: 'yeni-secret', access_token: '-' });
    expect(await testConnection(webhook)).toMatchObject({ status: 200, body: { shop: { name: 'Yeni Mağaza' } } });
    const id = await connect({ shop_name: 'https://Yeni-Magaza.myshopify.com/admin', api_key: 'yeni-id', api_secret: 'yeni-secret', access_token: '-' });
    expect(await testConnection(id)).toMatchObject({ status: 200, body: { shop: { name: 'Yeni Mağaza', domain: 'yeni-magaza.myshopify.com' } } });
  });

  test("the store's refusals answer 502 with a sentence the admin can act on", async () => {
    const cases = [
      [{ shop_name: 'atelier', access_token: 'shpat_wrong' }, 'SHOPIFY_UNAUTHORIZED', 'Mağaza erişim bilgileri geçersiz; API anahtarını, gizli anahtarı veya erişim jetonunu kontrol edin.'],
      [{ shop_name: 'atelier', access_token: '-', api_secret: 'wrong-secret' }, 'SHOPIFY_UNAUTHORIZED', 'Mağaza erişim bilgileri geçersiz; API anahtarını, gizli anahtarı veya erişim jetonunu kontrol edin.'],
      [{ shop_name: 'nowhere' }, 'SHOPIFY_NOT_FOUND', 'Mağaza bulunamadı: nowhere.myshopify.com'],
      [{ shop_name: 'dropped' }, 'SHOPIFY_NETWORK', 'Mağazaya ulaşılamadı (dropped.myshopify.com); mağaza adresini ve sunucunun internet bağlantısını kontrol edin.'],
    ] as const;
    for (const [fields, code, error] of cases) {
      const id = await connect(fields);
      expect({ fields, answer: await testConnection(id) }).toMatchObject({ fields, answer: { status: 502, body: { code, error } } });
    }
  });

  test('an unknown connection is a 404, a bad id a 400, and only an admin may test', async () => {
    expect(await testConnection(999_999)).toMatchObject({ status: 404, body: { code: 'UNKNOWN_SHOP_CONNECTION', error: 'Mağaza bağlantısı bulunamadı: 999999' } });
    expect((await testConnection('abc')).status).toBe(400);
    const id = await connect({ shop_name: 'Atelier' });
    expect((await testConnection(id, (await t.login('magaza_sahibi', 'secret-pass')).token)).status).toBe(403);
  });
});
