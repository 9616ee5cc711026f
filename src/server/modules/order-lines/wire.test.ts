/*
 * The compact format of line lists: asked for by its media type it carries exactly the lines of the
 * spec's JSON (decoded with the shared decoder), a customer's without the workshop's cost; any
 * other client keeps the spec's JSON.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type Fixture, startFixture } from '../../../../test/fixture';
import { testDatabases } from '../../../../test/databases';
import { API, type OrderLineDto } from '../../../shared/api';
import { LINES_MEDIA_TYPE, wireDecoder, type WireHeader, type WirePage } from '../../../shared/lineWire';

const byId = (a: OrderLineDto, b: OrderLineDto) => a.id - b.id;

describe.each(testDatabases())('compact line lists on $name', (database) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture(await database.create());
    // A thousand newer lines of product A: the fixture's line of product B (its own workshop and
    // customer) falls on the second page, so its names must travel there.
    const placed = await f.t.call('POST', API.manualOrder, {
      token: f.caller('customer').token,
      body: { address: 'x', email: 'a@example.com', phone_number: '1', country: 'TR', zip_code: '1', products: [{ product_id: f.ids.product, quantity: 1000 }], credit_exceeded_confirmed: true },
    });
    // Far above the customer's credit, as confirmed: its lines carry the flag in both formats.
    expect(placed.status).toBe(201);
    expect(placed.body.order.credit_exceeded).toBe(true);
  }, 60_000);
  afterAll(() => f?.close());

  const read = async (path: string, caller: string, accept?: string) => {
    const answer = await f.t.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${f.caller(caller).token}`, ...(accept ? { accept } : {}) } });
    return answer;
  };
  const decode = (body: string) => {
    const [head, ...pages] = body.split('\n').filter(Boolean);
    const header = JSON.parse(head) as WireHeader;
    const decodePage = wireDecoder(header);
    return { header, lines: pages.flatMap((page) => decodePage(JSON.parse(page) as WirePage)) };
  };

  test.each([
    ['admin', API.orders],
    ['workshop', API.myWorkshopOrders],
    ['customer', API.myCustomerOrders],
  ])('%s: the decoded lines equal the JSON answer', async (caller, path) => {
    const json = await read(path, caller);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.headers.vary).toMatch(/accept/i);
    const compact = await read(path, caller, `${LINES_MEDIA_TYPE}, application/json;q=0.5`);
    expect(compact.statusCode).toBe(200);
    expect(compact.headers['content-type']).toContain(LINES_MEDIA_TYPE);
    const { header, lines } = decode(compact.body);
    expect(compact.body.split('\n').filter(Boolean).length).toBe(1 + Math.ceil(header.total / 1000));
    const expected = (json.json().orders as OrderLineDto[]).sort(byId);
    expect(header.total).toBe(expected.length);
    expect(lines.sort(byId)).toEqual(expected);
    expect(header.columns.includes('product_cost')).toBe(caller !== 'customer');
  });

  test.each([
    ['the spec’s JSON of several pages', 'admin', '?limit=1002', undefined, 'gzip'],
    ['the compact format of several pages', 'admin', '', LINES_MEDIA_TYPE, 'gzip'],
    ['the spec’s JSON of a whole working set, kept as its lines (kept-lists.ts)', 'admin', '', undefined, 'br'],
    ['the spec’s JSON of one page', 'other workshop', '', undefined, 'br'],
    ['the compact format of one page', 'other workshop', '', LINES_MEDIA_TYPE, 'br'],
  ])('%s, read by a client that takes brotli and gzip, comes compressed a page at a time or whole and reads as the plain answer', async (_what, caller, query, accept, encoding) => {
    const path = (caller === 'admin' ? API.orders : API.myWorkshopOrders) + query;
    const plain = await read(path, caller, accept);
    const zipped = await f.t.app.inject({
      method: 'GET',
      url: path,
      headers: { authorization: `Bearer ${f.caller(caller).token}`, 'accept-encoding': 'br, gzip, deflate', ...(accept ? { accept } : {}) },
    });
    // Several pages gzipped page by page (no compressor held over the answer); a list held whole by brotli in one call.
    expect(zipped.headers['content-encoding']).toBe(encoding);
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect((encoding === 'br' ? brotliDecompressSync : gunzipSync)(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  test('a wildcard or a plain fetch keeps the spec’s JSON; paging applies to both', async () => {
    expect((await read(API.orders, 'admin', '*/*')).headers['content-type']).toMatch(/^application\/json/);
    const { header, lines } = decode((await read(`${API.orders}?limit=1&offset=1`, 'admin', LINES_MEDIA_TYPE)).body);
    expect(header.total).toBe(1);
    expect(lines).toHaveLength(1);
  });
});
