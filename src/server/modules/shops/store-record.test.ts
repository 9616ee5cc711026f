import { createHmac } from 'node:crypto';
import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { API } from '../../../shared/api';
import { Role } from '../../../shared/roles';

/*
 * 'Mağaza Ekle' takes the store's webhook secret: a store is one record, whose webhooks are
 * checked with that secret, else with its API secret. The older webhook route still answers,
 * and puts its secret on the customer's store of that domain instead of making a second record.
 */

const API_SECRET = 'api-secret-of-the-app';

describe.each(testDatabases())('one record per store on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let customerUser: number;

  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
    customerUser = (await t.newUserAs('tek_magaza', Role.Customer)).user_id;
    const customer = { name: 'Tek', email: 'tek@example.com', phone: '0532', address: 'x', company_name: 'Tek Kuyum', credit: 0, tax_number: '1', user_id: customerUser };
    expect((await t.call('POST', '/api/v1/customers', { token: admin, body: customer })).status).toBe(201);
  });
  afterAll(() => t?.close());

  const store = (shop_name: string, webhook_secret?: string) => ({ user_id: customerUser, shop_name, api_key: 'key', api_secret: API_SECRET, access_token: 'shpat_x', ...(webhook_secret === undefined ? {} : { webhook_secret }) });
  const recordsOf = (domain: string) => t.db.selectFrom('shop_connections').select(['id', 'kind', 'webhook_secret']).where('shop_domain', '=', domain).execute();
  /** A privacy webhook: answered once its signature is believed, and kept nowhere. */
  const signedBy = async (domain: string, secret: string) => {
    const body = Buffer.from(JSON.stringify({ shop_domain: domain }));
    const answer = await t.app.inject({
      method: 'POST',
      url: API.shopifyWebhook,
      headers: { 'content-type': 'application/json', 'x-shopify-topic': 'shop/redact', 'x-shopify-shop-domain': domain, 'x-shopify-hmac-sha256': createHmac('sha256', secret).update(body).digest('base64') },
      payload: body,
    });
    return answer.statusCode;
  };

  test("'Mağaza Ekle' with a webhook secret makes one record, whose webhooks are checked with that secret; the audit says it was given", async () => {
    const answer = await t.call('POST', API.shop, { token: admin, body: store('tek-kayit', 'whsec-tek') });
    expect(answer).toMatchObject({ status: 201, body: { shop: { kind: 'store', shop_domain: 'tek-kayit.myshopify.com' }, message: 'Mağaza eklendi.' } });
    expect(answer.body.shop).not.toHaveProperty('webhook_secret');
    const records = await recordsOf('tek-kayit.myshopify.com');
    expect(records).toMatchObject([{ kind: 'store', webhook_secret: expect.stringMatching(/^v1\./) }]);
    expect(await signedBy('tek-kayit.myshopify.com', 'whsec-tek')).toBe(200);
    expect(await signedBy('tek-kayit.myshopify.com', API_SECRET)).toBe(401);
    const audit = await t.db.selectFrom('audit_log').select('after').where('kind', '=', 'shop_store').where('entity_id', '=', records[0].id).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after!)).toMatchObject({ webhook_secret: 'set' });
    expect(audit.after).not.toContain('whsec-tek');
  });

  test("a webhook secret left empty is none: the store's webhooks are checked with its API secret", async () => {
    expect((await t.call('POST', API.shop, { token: admin, body: store('bos-anahtar', '  ') })).status).toBe(201);
    expect(await recordsOf('bos-anahtar.myshopify.com')).toMatchObject([{ kind: 'store', webhook_secret: null }]);
    expect(await signedBy('bos-anahtar.myshopify.com', API_SECRET)).toBe(200);
  });

  test('the older webhook route puts its secret on the store of that domain: still one record, answered with the store', async () => {
    const { id } = (await t.call('POST', API.shop, { token: admin, body: store('eski-yol') })).body.shop;
    const webhook = { ...store('Eski Yol', 'whsec-eski'), shop_domain: 'Eski-Yol.myshopify.com' };
    const answer = await t.call('POST', API.shopCredentials, { token: admin, body: webhook });
    expect(answer).toMatchObject({ status: 201, body: { shop: { id, kind: 'store' }, message: 'Webhook gizli anahtarı eski-yol mağazasına kaydedildi.' } });
    expect(await recordsOf('eski-yol.myshopify.com')).toHaveLength(1);
    expect(await signedBy('eski-yol.myshopify.com', 'whsec-eski')).toBe(200);
    expect(await signedBy('eski-yol.myshopify.com', API_SECRET)).toBe(401);
    // Given again, the secret replaces the last one; each giving is in the audit, no value ever.
    expect((await t.call('POST', API.shopCredentials, { token: admin, body: { ...webhook, webhook_secret: 'whsec-yeni' } })).status).toBe(201);
    expect(await signedBy('eski-yol.myshopify.com', 'whsec-yeni')).toBe(200);
    expect(await signedBy('eski-yol.myshopify.com', 'whsec-eski')).toBe(401);
    const audit = await t.db.selectFrom('audit_log').select(['before', 'after']).where('kind', '=', 'shop_webhook').where('entity_id', '=', id).orderBy('id').execute();
    expect(audit.map((row) => [JSON.parse(row.before!), JSON.parse(row.after!)])).toEqual([
      [{ webhook_secret: null }, { webhook_secret: 'set' }],
      [{}, { webhook_secret: 'set' }],
    ]);
    // A domain without a store: a record of its own, as before.
    const alone = await t.call('POST', API.shopCredentials, { token: admin, body: { ...webhook, shop_domain: 'yalniz.myshopify.com' } });
    expect(alone).toMatchObject({ status: 201, body: { shop: { kind: 'webhook', shop_domain: 'yalniz.myshopify.com' }, message: 'Webhook eklendi.' } });
  });
});
