/*
 * A scanned code (GET API.lineByCode): a workshop finds its own line by its barcode, and another
 * workshop's code, an unknown code and text that is no code all answer the same 404 and sentence.
 */
import { type Fixture, startFixture } from '../../../../test/fixture';
import { testDatabases } from '../../../../test/databases';
import { API } from '../../../shared/api';
import { barcodeOf } from '../../../shared/barcode';

describe.each(testDatabases())('a line found by its barcode on $name', (database) => {
  let f: Fixture;
  const codes: Record<'own' | 'other', string> = { own: '', other: '' };
  beforeAll(async () => {
    f = await startFixture(await database.create());
    for (const [key, id] of [['own', f.ids.line], ['other', f.ids.otherLine]] as const) {
      codes[key] = (await f.t.db.selectFrom('order_lines').select('barcode').where('id', '=', id).executeTakeFirstOrThrow()).barcode;
    }
  }, 120_000);
  afterAll(() => f?.close());

  const scan = (who: string, code: string) => f.t.call('GET', `${API.lineByCode}?code=${encodeURIComponent(code)}`, { token: f.caller(who).token });

  test("a workshop's own code answers its line, as the workshop reads it", async () => {
    const answer = await scan('workshop', codes.own);
    expect(answer.status).toBe(200);
    expect(answer.body.order).toMatchObject({ id: f.ids.line, barcode: codes.own, workshop_id: f.ids.workshop });
  });

  test('the office finds any line by its code', async () => {
    expect((await scan('office', codes.other)).body.order.id).toBe(f.ids.otherLine);
  });

  test("another workshop's code, an unknown code and no code at all answer the same refusal", async () => {
    const answers = await Promise.all([scan('workshop', codes.other), scan('workshop', barcodeOf(9_999_999)), scan('workshop', 'abc'), scan('other workshop', codes.own)]);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(answers[0].body);
    }
    expect(answers[0].body).toMatchObject({ code: 'LINE_CODE_UNKNOWN', message: { key: 'errors:lineCodeUnknown' } });
  });

  test('a customer may not scan', async () => {
    expect((await scan('customer', codes.own)).status).toBe(403);
  });
});
