/*
 * Every answer that says something names its sentence by catalogue key, beside the Turkish text the
 * spec requires: a refusal as `message: {key, values}`, a done action as `message_key: {key, values}`.
 * A client showing another language translates the key; the Turkish text stays for spec clients.
 */
import { type Fixture, startFixture } from '../../test/fixture';
import { testDatabases } from '../../test/databases';
import { API } from '../shared/api';
import { LineStatus, NOT_STARTED } from '../shared/statuses';
import { message } from './messages';

describe.each(testDatabases())('sentence keys of the answers on $name', (database) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture(await database.create());
  }, 60_000);
  afterAll(() => f?.close());

  const as = (who: string, method: 'POST' | 'PUT' | 'PATCH', url: string, body: unknown) => f.t.call(method, url, { token: f.caller(who).token, body });
  const order = { address: '', email: 'alici@example.com', phone_number: '0532', country: 'Türkiye', zip_code: '34000' };
  /** The workshop moves the line on until it waits for quality control (a routing of two steps: three moves at most). */
  const toQualityControl = async (line: number) => {
    for (let move = 0; move < 3; move += 1) {
      const moved = await as('workshop', 'PATCH', API.myWorkshopNextStep(line), {});
      expect(moved.status).toBe(200);
      if (moved.body.order.order_line_status_id === LineStatus.QualityControl) return;
    }
    throw new Error(`line ${line} did not reach quality control`);
  };

  test('a validation refusal names its key beside the Turkish sentence and the code', async () => {
    const refused = await as('customer', 'POST', API.manualOrder, { ...order, products: [{ product_id: f.ids.product, quantity: 1 }] });
    expect(refused).toMatchObject({ status: 400 });
    expect(refused.body).toEqual({
      error: message('validation:orderContactRequired'),
      code: 'VALIDATION',
      message: { key: 'validation:orderContactRequired', values: {} },
    });
  });

  test("a refusal with a placeholder carries the placeholder's value", async () => {
    const refused = await as('customer', 'POST', API.manualOrder, { ...order, address: 'Bağdat Cd. 1', products: [{ product_id: 999_999, quantity: 1 }] });
    expect(refused).toMatchObject({ status: 400, body: { code: 'UNKNOWN_PRODUCT', message: { key: 'errors:unknownProduct', values: { id: 999_999 } } } });
    expect(refused.body.error).toBe(message('errors:unknownProduct', { id: 999_999 }));
  });

  test('life-cycle refusals and answers of done actions name their keys and values', async () => {
    const line = f.ids.line;
    const early = await as('admin', 'PUT', API.qualityStatus(line), { approved: true });
    expect(early).toMatchObject({ status: 409, body: { code: 'LINE_NOT_AWAITING_QUALITY', message: { key: 'errors:lineNotAwaitingQuality', values: {} } } });

    // The tablet showed 'not started', the line has moved on since: refused, not moved twice.
    expect((await as('workshop', 'PATCH', API.myWorkshopNextStep(line), { current_order_line_process: NOT_STARTED })).status).toBe(200);
    const stale = await as('workshop', 'PATCH', API.myWorkshopNextStep(line), { current_order_line_process: NOT_STARTED });
    expect(stale).toMatchObject({ status: 409, body: { code: 'LINE_CHANGED', error: message('errors:lineChanged'), message: { key: 'errors:lineChanged', values: {} } } });

    // The last step done, the line waits for quality control: rejected back to its first step, then approved.
    await toQualityControl(line);
    const rejected = await as('admin', 'PUT', API.qualityStatus(line), { approved: false, return_step_id: f.ids.step, reason: 'Taş düştü' });
    expect(rejected).toMatchObject({ status: 200 });
    expect(rejected.body.message).toBe(message('success:qualityRejected', { step: 'Döküm' }));
    expect(rejected.body.message_key).toEqual({ key: 'success:qualityRejected', values: { step: 'Döküm' } });

    await toQualityControl(line);
    const approved = await as('admin', 'PUT', API.qualityStatus(line), { approved: true });
    expect(approved).toMatchObject({
      status: 200,
      body: { order: { id: line, order_line_status_id: LineStatus.Packing }, message: 'Kalite kontrol onaylandı!', message_key: { key: 'success:qualityApproved', values: {} } },
    });
  });

  test('a created record answers with its sentence key too', async () => {
    const created = await as('admin', 'POST', API.productionSteps, { step_name: 'Rodaj' });
    expect(created).toMatchObject({ status: 201, body: { production_step: { step_name: 'Rodaj' }, message: message('success:stepCreated'), message_key: { key: 'success:stepCreated', values: {} } } });
  });

  test("the router's own refusals (a malformed or over-long path) answer in the same shape", async () => {
    const token = f.caller('admin').token;
    const tooLong = await f.t.app.inject({ method: 'GET', url: API.product('9'.repeat(1000)), headers: { authorization: `Bearer ${token}` } });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ error: message('errors:invalidRequest'), code: 'URI_TOO_LONG', message: { key: 'errors:invalidRequest', values: {} } });
    const malformed = await f.t.app.inject({ method: 'GET', url: '/api/v1/product/%E0%A4%A', headers: { authorization: `Bearer ${token}` } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: message('errors:invalidRequest'), code: 'INVALID_URL', message: { key: 'errors:invalidRequest', values: {} } });
  });
});
