/*
 * The archive route's answer on the wire: a page of hundreds of lines is compressed in one piece,
 * as an export reads hundreds of them in a row.
 */
import { type Fixture, startFixture } from '../../../../test/fixture';
import { testDatabases } from '../../../../test/databases';
import { API, type LineArchiveDto } from '../../../shared/api';
import { ARCHIVE_PAGE_MAX } from '../../../shared/schemas/archive';

describe.each(testDatabases())('the archive on the wire on $name', (database) => {
  let f: Fixture;

  beforeAll(async () => {
    f = await startFixture(await database.create());
    const body = { address: 'Bağdat Cd. 1', email: 'a@example.com', phone_number: '0532', country: 'Türkiye', zip_code: '34000', credit_exceeded_confirmed: true, products: [{ product_id: f.ids.product, quantity: 80 }] };
    const answer = await f.t.call('POST', API.manualOrder, { token: f.caller('customer').token, body });
    if (answer.status !== 201) throw new Error(`order answered ${answer.status} ${JSON.stringify(answer.body)}`);
  }, 120_000);
  afterAll(() => f?.close());

  test.each(['br', 'gzip'])('a large page is compressed (%s) in one piece: its length is known, never a stream that leaves its compressor behind', async (encoding) => {
    const response = await f.t.app.inject({
      method: 'GET',
      url: `${API.lineArchive}?limit=${ARCHIVE_PAGE_MAX}`,
      headers: { authorization: `Bearer ${f.caller('admin').token}`, 'accept-encoding': encoding },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const plain = encoding === 'br' ? (await import('node:zlib')).brotliDecompressSync(response.rawPayload) : (await import('node:zlib')).gunzipSync(response.rawPayload);
    // Larger than the app's threshold for compressing in one piece.
    expect(plain.length).toBeGreaterThan(65_536);
    expect((JSON.parse(plain.toString('utf8')) as LineArchiveDto).orders.length).toBeGreaterThan(80);
  });
});
