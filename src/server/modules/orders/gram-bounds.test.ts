import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { API } from '../../../shared/api';
import { LineStatus } from '../../../shared/statuses';

/*
 * Issue 24: a typed gram far from the piece's expected weight is taken only once confirmed, and one
 * beyond the hard bound never, on the workshop's entry and the admin's correction alike.
 */
describe.each(testDatabases())('the bounds of a typed gram on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let master: string;
  /** A piece of a 2 g product, and one of a product without an expected weight, both at packing. */
  let weighed: number;
  let unweighed: number;

  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
    const m = await t.newUserAs('tartan_usta', 3);
    const b = await t.newUserAs('tartan_alici', 5);
    master = m.token;
    const workshop = (await t.call('POST', API.workshops, { token: admin, body: { name: 'Tartı', code: 'T', address: 'x', company_name: 'x', phone_number: '1', tax_number: '1', user_id: m.user_id } })).body.workshop;
    await t.call('POST', API.customers, { token: admin, body: { name: 'A', email: 'a@example.com', phone: '1', address: 'x', company_name: 'x', credit: 1_000_000, tax_number: '1', user_id: b.user_id } });
    const product = async (expected_weight: number | null) => {
      const { id } = (await t.call('POST', API.products, { token: admin, body: { title: 'Küpe', price: 100, workmanship_rate: 10, expected_weight } })).body.product;
      await t.call('PUT', API.workshopAssignProduct(workshop.id), { token: admin, body: { product_id: id } });
      return id as number;
    };
    const [light, unknown] = [await product(2), await product(null)];
    const order = { address: 'x', email: 'a@example.com', phone_number: '1', country: 'TR', zip_code: '1' };
    await t.call('POST', API.manualOrder, { token: b.token, body: { ...order, products: [{ product_id: light, quantity: 1 }, { product_id: unknown, quantity: 1 }] } });
    const lines: Array<{ id: number; product_id: number }> = (await t.call('GET', API.myWorkshopOrders, { token: master })).body.orders;
    for (const line of lines) {
      await t.call('PATCH', API.myWorkshopApprove(line.id), { token: master, body: { approved: true } });
      let status: number = LineStatus.Waiting;
      while (status !== LineStatus.QualityControl) status = (await t.call('PATCH', API.myWorkshopNextStep(line.id), { token: master, body: {} })).body.order.order_line_status_id;
      await t.call('PUT', API.qualityStatus(line.id), { token: admin, body: { approved: true } });
    }
    weighed = lines.find((line) => line.product_id === light)!.id;
    unweighed = lines.find((line) => line.product_id === unknown)!.id;
  });
  afterAll(() => t.close());

  const enter = (id: number, body: object) => t.call('POST', API.myWorkshopGram(id), { token: master, body });
  const correct = (id: number, body: object) => t.call('PUT', API.correctGram(id), { token: admin, body });
  /** What a refusal must leave as it was: the line's gram, its flag and time, and its history. */
  const stored = async (id: number) => ({
    line: await t.db.selectFrom('order_lines').select(['product_gram', 'gram_flagged', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow(),
    history: (await t.db.selectFrom('order_line_history').select('id').where('order_line_id', '=', id).execute()).length,
  });
  const asksConfirmation = (gram: string, expected: string) => ({
    status: 409,
    body: {
      code: 'GRAM_CONFIRM',
      error: `Girilen gram (${gram}) beklenen ağırlıktan (${expected}) çok farklı. Tartıyı ve virgülü kontrol edin; doğruysa kaydetmek için onaylayın.`,
      message: { key: 'errors:gramConfirm', values: { gram, expected } },
    },
  });
  const refused = (gram: string, max: string) => ({
    status: 400,
    body: {
      code: 'GRAM_IMPLAUSIBLE',
      error: `Girilen gram (${gram}) bu parça için kabul edilemez: en fazla ${max} girilebilir.`,
      message: { key: 'errors:gramImplausible', values: { gram, max } },
    },
  });

  test("the workshop's entry: within the band taken, beyond it only confirmed, beyond 10x the expected weight never", async () => {
    const before = await stored(weighed);
    expect(await enter(weighed, { product_gram: 99_999, gram_confirmed: true })).toMatchObject(refused('99.999 g', '20 g'));
    expect(await enter(weighed, { product_gram: 3.5 })).toMatchObject(asksConfirmation('3,5 g', '2 g'));
    expect(await enter(weighed, { product_gram: 3.5, gram_confirmed: false })).toMatchObject({ status: 409, body: { code: 'GRAM_CONFIRM' } });
    expect(await enter(weighed, { product_gram: 3.5, gram_confirmed: 'yes' })).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
    expect(await stored(weighed)).toEqual(before);

    expect(await enter(weighed, { product_gram: 3.5, gram_confirmed: true })).toMatchObject({ status: 200, body: { order: { product_gram: 3.5, gram_flagged: true } } });
    expect(await enter(weighed, { product_gram: 2.1 })).toMatchObject({ status: 200, body: { order: { product_gram: 2.1, gram_flagged: false } } });
    const entered = await stored(weighed);
    expect(await enter(weighed, { product_gram: 20.001, gram_confirmed: true })).toMatchObject(refused('20,001 g', '20 g'));
    expect(await enter(weighed, { product_gram: 0.9 })).toMatchObject(asksConfirmation('0,9 g', '2 g'));
    expect(await stored(weighed)).toEqual(entered);
    expect(await enter(weighed, { product_gram: 20, gram_confirmed: true })).toMatchObject({ status: 200, body: { order: { product_gram: 20 } } });
    expect(await enter(weighed, { product_gram: 2 })).toMatchObject({ status: 200 });
  });

  test('a gram is kept to the milligram as typed, on both databases; a fourth decimal is refused, never rounded', async () => {
    const before = await stored(weighed);
    expect(await correct(weighed, { product_gram: 2.3456 })).toMatchObject({ status: 400, body: { code: 'VALIDATION', message: { key: 'validation:gramInvalid' } } });
    expect(await stored(weighed)).toEqual(before);
    expect(await correct(weighed, { product_gram: 2.345 })).toMatchObject({ status: 200, body: { order: { product_gram: 2.345 } } });
    expect((await stored(weighed)).line.product_gram).toBe(2.345);
  });

  test("the admin's correction: the same bounds, the same confirmation", async () => {
    const before = await stored(weighed);
    expect(await correct(weighed, { product_gram: 99_999 })).toMatchObject(refused('99.999 g', '20 g'));
    expect(await correct(weighed, { product_gram: 99_999, gram_confirmed: true })).toMatchObject(refused('99.999 g', '20 g'));
    expect(await correct(weighed, { product_gram: 0.5 })).toMatchObject(asksConfirmation('0,5 g', '2 g'));
    expect(await stored(weighed)).toEqual(before);
    expect(await correct(weighed, { product_gram: 0.5, gram_confirmed: true })).toMatchObject({ status: 200, body: { order: { product_gram: 0.5, gram_flagged: true }, message: 'Gram değeri başarıyla güncellendi!' } });
    expect(await correct(weighed, { product_gram: 2.5 })).toMatchObject({ status: 200, body: { order: { product_gram: 2.5 } } });
  });

  test('a piece without an expected weight: nothing to confirm against, 1,000 g at most', async () => {
    const before = await stored(unweighed);
    expect(await enter(unweighed, { product_gram: 1000.5, gram_confirmed: true })).toMatchObject(refused('1.000,5 g', '1.000 g'));
    expect(await stored(unweighed)).toEqual(before);
    expect(await enter(unweighed, { product_gram: 1000 })).toMatchObject({ status: 200, body: { order: { product_gram: 1000, gram_flagged: false } } });
    const entered = await stored(unweighed);
    expect(await correct(unweighed, { product_gram: 5000, gram_confirmed: true })).toMatchObject(refused('5.000 g', '1.000 g'));
    expect(await stored(unweighed)).toEqual(entered);
    expect(await correct(unweighed, { product_gram: 0.3 })).toMatchObject({ status: 200, body: { order: { product_gram: 0.3 } } });
  });

  test('the bounds are the general settings of the moment', async () => {
    const settings = (await t.call('GET', API.generalSettings, { token: admin })).body.settings;
    const save = (bounds: object) => t.call('PUT', API.generalSettings, { token: admin, body: { ...settings, system_email: 'ofis@example.com', phone: '1', ...bounds } });
    expect((await save({ gram_confirm_percent: 100, gram_max_factor: 3 })).status).toBe(200);
    expect(await correct(weighed, { product_gram: 3.9 })).toMatchObject({ status: 200, body: { order: { product_gram: 3.9 } } });
    expect(await correct(weighed, { product_gram: 6.5, gram_confirmed: true })).toMatchObject(refused('6,5 g', '6 g'));
    await save({ gram_confirm_percent: 50, gram_max_factor: 10 });
    expect(await correct(weighed, { product_gram: 3.9 })).toMatchObject(asksConfirmation('3,9 g', '2 g'));
  });
});
