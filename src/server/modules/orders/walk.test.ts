import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { API, type ProductionStepDto } from '../../../shared/api';
import { LINES_MEDIA_TYPE, wireDecoder, type WireHeader, type WirePage } from '../../../shared/lineWire';
import { FALLBACK_ROUTING } from '../../../shared/routing';

const V1 = '/api/v1';

describe.each(testDatabases())('an order line from order to completion on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let master: string;
  let otherMaster: string;
  let buyer: string;
  let otherBuyer: string;
  let productId: number;
  let steps: number[];

  async function userWithRole(username: string, role: number) {
    const user = await t.newUser(username);
    await t.call('POST', `${V1}/user/changeUserRoles`, { token: admin, body: [{ ID: user.user_id, Role: role }] });
    return user;
  }
  const workshopBody = (user_id: number, name: string) => ({ name, code: name, address: 'x', company_name: 'x', phone_number: '1', tax_number: '1', user_id });
  const customerBody = (user_id: number) => ({ name: 'A', email: 'a@example.com', phone: '1', address: 'x', company_name: 'x', credit: 1_000_000, tax_number: '1', user_id });
  const order = {
    address: 'Bağdat Cd. 1, İstanbul',
    email: 'alim@firma.com',
    phone_number: '0532',
    country: 'Türkiye',
    zip_code: '34000',
    first_name: 'Ali',
    last_name: 'Veli',
    notes: 'Hediye paketi',
  };

  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
    const m = await userWithRole('usta', 3);
    const om = await userWithRole('baska_usta', 3);
    const b = await userWithRole('alici', 5);
    const ob = await userWithRole('baska_alici', 5);
    [master, otherMaster, buyer, otherBuyer] = [m.token, om.token, b.token, ob.token];
    const workshop = (await t.call('POST', `${V1}/workshops`, { token: admin, body: workshopBody(m.user_id, 'W1') })).body.workshop;
    await t.call('POST', `${V1}/workshops`, { token: admin, body: workshopBody(om.user_id, 'W2') });
    await t.call('POST', `${V1}/customers`, { token: admin, body: customerBody(b.user_id) });
    await t.call('POST', `${V1}/customers`, { token: admin, body: customerBody(ob.user_id) });
    steps = [];
    for (const step_name of ['Döküm', 'Mıhlama', 'Rodaj']) steps.push((await t.call('POST', `${V1}/production-steps`, { token: admin, body: { step_name } })).body.production_step.id);
    productId = (await t.call('POST', `${V1}/product`, { token: admin, body: { title: 'Yüzük', price: 1000, workmanship_rate: 20, production_expected_days: 5, expected_weight: 4 } })).body.product.id;
    await t.call('PUT', `${V1}/product-production-steps/bulk`, {
      token: admin,
      body: { product_id: productId, steps: steps.map((step_id, i) => ({ step_id, position_in_process: i + 1 })) },
    });
    await t.call('PUT', `${V1}/workshops/${workshop.id}/assign-product`, { token: admin, body: { product_id: productId } });
  });
  afterAll(() => t.close());

  const lineCount = async () => Number((await t.db.selectFrom('order_lines').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  test('manual orders are validated and stored whole or not at all', async () => {
    const before = await lineCount();
    const post = (body: object) => t.call('POST', `${V1}/customer-orders/simple`, { token: buyer, body });
    expect(await post({ ...order, address: '' })).toMatchObject({ status: 400, body: { error: 'Adres, email, telefon, ülke ve posta kodu zorunludur.' } });
    expect(await post({ ...order, products: [{ product_id: productId, quantity: 0 }] })).toMatchObject({ status: 400, body: { error: 'En az bir ürün ve adet seçmelisiniz.' } });
    expect(await post({ ...order, products: [] })).toMatchObject({ status: 400 });
    expect(await post({ ...order, products: [{ product_id: productId, quantity: 1 }, { product_id: 99999, quantity: 1 }] })).toMatchObject({ status: 400, body: { code: 'UNKNOWN_PRODUCT' } });
    expect((await t.call('POST', `${V1}/customer-orders/simple`, { token: master, body: { ...order, products: [{ product_id: productId, quantity: 1 }] } })).status).toBe(403);
    expect(await lineCount()).toBe(before);
  });

  test('the walk: order, workshop steps, quality rejection and approval, gram, packing, customer view', async () => {
    const created = await t.call('POST', `${V1}/customer-orders/simple`, { token: buyer, body: { ...order, products: [{ product_id: productId, quantity: 2 }] } });
    expect(created).toMatchObject({ status: 201, body: { order: { lines: 2, order_number: expect.stringMatching(/^B2B-\d{6}$/) } } });

    const mine = (await t.call('GET', `${V1}/workshop/me/orders`, { token: master })).body.orders;
    expect(mine).toHaveLength(2);
    for (const line of mine) {
      expect(line).toMatchObject({ order_line_status_id: 1, current_order_line_process: -1, total_price: 1000, product_cost: 200, item_count: 2, b2b_customer_name: 'x' });
      expect(Date.parse(line.production_expected_date) - Date.parse(line.created_at)).toBe(5 * 86_400_000);
    }
    expect((await t.call('GET', `${V1}/workshop/me/orders`, { token: otherMaster })).body.orders).toHaveLength(0);
    expect((await t.call('GET', `${V1}/workshop/me/statistics`, { token: master })).body.statistics).toEqual({
      total: 2,
      in_process: 0,
      waiting: 2,
      late: 0,
      average_production_days: null,
    });
    const id = mine[0].id;
    const act = (token: string, method: 'PATCH' | 'PUT' | 'POST', path: string, body?: unknown) => t.call(method, `${V1}${path}`, { token, body: body ?? {} });

    expect((await act(master, 'PATCH', `/workshop/me/orders/${id}/approve`, { approved: true })).status).toBe(200);
    expect(await act(master, 'PATCH', `/workshop/me/orders/${id}/approve`, { approved: true })).toMatchObject({ status: 409, body: { error: 'Bu sipariş satırı zaten onaylandı.' } });
    expect((await act(master, 'POST', `/workshop/me/gramage/${id}`, { product_gram: 4 })).body.code).toBe('LINE_GRAM_NOT_ALLOWED');
    // The office corrects a weighed gram only: none has been entered yet.
    expect(await act(admin, 'PUT', `/orders/order-products/${id}/gram`, { product_gram: 4 })).toMatchObject({ status: 409, body: { code: 'LINE_GRAM_NOT_ENTERED', error: 'Bu satırın henüz gramajı girilmedi; düzeltilecek bir gramaj yok.' } });

    for (const step of steps) expect((await act(master, 'PATCH', `/workshop/me/orders/${id}/next-step`)).body.order.current_order_line_process).toBe(step);
    expect((await act(master, 'PATCH', `/workshop/me/orders/${id}/next-step`)).body.order.order_line_status_id).toBe(3);
    expect((await act(master, 'PATCH', `/workshop/me/orders/${id}/next-step`)).status).toBe(409);

    expect((await act(admin, 'PUT', `/orders/order-products/${id}/quality_status`, { approved: false, reason: 'Kalite kontrol reddedildi' })).body.error).toBe(
      'Kalite kontrol reddedildiğinde hangi üretim adımına geri dönüleceğini seçmelisiniz!',
    );
    const rejected = await act(admin, 'PUT', `/orders/order-products/${id}/quality_status`, { approved: false, reason: 'Kalite kontrol reddedildi', return_step_id: steps[1] });
    expect(rejected.body).toMatchObject({
      order: { id, order_line_status_id: 2, current_order_line_process: steps[1], quality_control_id: 2, order_number: expect.any(String) },
      message: 'Kalite kontrol reddedildi. Ürün Mıhlama adımına geri döndürüldü.',
    });
    await act(master, 'PATCH', `/workshop/me/orders/${id}/next-step`);
    await act(master, 'PATCH', `/workshop/me/orders/${id}/next-step`);
    expect((await act(admin, 'PUT', `/orders/order-products/${id}/quality_status`, { approved: true, reason: '', return_step_id: null })).body).toMatchObject({
      order: { order_line_status_id: 4, quality_control_id: 1 },
      message: 'Kalite kontrol onaylandı!',
    });

    expect((await act(admin, 'PUT', `/orders/order-products/${id}/approve_shipping`)).body.code).toBe('LINE_PACKING_NOT_ALLOWED');
    expect((await act(master, 'POST', `/workshop/me/gramage/${id}`, { product_gram: 0 })).body.error).toBe('Lütfen geçerli bir gramaj değeri girin!');
    // A slip of the comma, 49 g for a 4 g piece, is refused; 8 g is taken once confirmed.
    expect((await act(master, 'POST', `/workshop/me/gramage/${id}`, { product_gram: 49 })).body.code).toBe('GRAM_IMPLAUSIBLE');
    expect((await act(master, 'POST', `/workshop/me/gramage/${id}`, { product_gram: 8 })).body.code).toBe('GRAM_CONFIRM');
    expect((await act(master, 'POST', `/workshop/me/gramage/${id}`, { product_gram: 8, gram_confirmed: true })).body).toMatchObject({ order: { product_gram: 8 }, message: 'Gram kaydedildi.' });
    // The workshop corrects its own entry until packing is approved.
    expect((await act(master, 'POST', `/workshop/me/gramage/${id}`, { product_gram: 4.9 })).body.order.product_gram).toBe(4.9);
    expect((await act(admin, 'PUT', `/orders/order-products/${id}/approve_shipping`)).body).toMatchObject({
      order: { order_line_status_id: 5, packing_status_id: 2 },
      message: 'Paketleme onayı başarıyla verildi!',
    });

    const seen = (await t.call('GET', `${V1}/customers/me/orders/${id}`, { token: buyer })).body.order;
    expect(seen).toMatchObject({ order_line_status_id: 5, packing_status_id: 2, quality_control_id: 1, product_gram: 4.9, gram_flagged: true, workshop_name: 'W1' });
    expect(seen.delivery_to_office).toEqual(expect.any(String));
    expect((await act(buyer, 'PATCH', `/customers/me/orders/${id}/approve`, { approved: true })).status).toBe(200);
    expect((await act(buyer, 'PATCH', `/customers/me/orders/${id}/approve`, { approved: true })).status).toBe(409);

    const history = (await t.call('GET', `${V1}/order-products/${id}/history`, { token: admin })).body.history;
    expect(history.map((h: { action: string }) => h.action)).toEqual([
      'workshop_approve', 'next_step', 'next_step', 'next_step', 'next_step', 'quality_reject', 'next_step', 'next_step', 'quality_approve', 'gram', 'gram_correction', 'packing_approve', 'customer_approve',
    ]);
    expect(history[5]).toMatchObject({ from_status: 3, to_status: 2, to_step: steps[1], username: 'admin' });
    expect(history.slice(9, 11).map((h: { detail: string; username: string }) => [h.detail, h.username])).toEqual([['8', 'usta'], ['8 -> 4.9', 'usta']]);
    // Packed: the workshop's entry is final, only the office corrects it now.
    expect((await act(master, 'POST', `/workshop/me/gramage/${id}`, { product_gram: 5 })).body.code).toBe('LINE_GRAM_NOT_ALLOWED');

    // The admin corrects the gram: within tolerance the flag goes away; bad values change nothing.
    expect((await act(admin, 'PUT', `/orders/order-products/${id}/gram`, { product_gram: 'x' })).body.error).toBe('Lütfen geçerli bir gramaj değeri girin!');
    expect((await act(master, 'PUT', `/orders/order-products/${id}/gram`, { product_gram: 4 })).status).toBe(403);
    expect((await act(admin, 'PUT', `/orders/order-products/${id}/gram`, { product_gram: 4.1 })).body.message).toBe('Gram değeri başarıyla güncellendi!');
    const lineOf = async () => (await t.call('GET', `${V1}/orders`, { token: admin })).body.orders.find((l: { id: number }) => l.id === id);
    expect(await lineOf()).toMatchObject({ product_gram: 4.1, gram_flagged: false });

    // The tolerance is a setting: at 30 % a 5 g piece of a 4 g product is no longer flagged.
    const settings = (await t.call('GET', `${V1}/settings/general`, { token: admin })).body.settings;
    await act(admin, 'PUT', `/orders/order-products/${id}/gram`, { product_gram: 5 });
    expect(await lineOf()).toMatchObject({ gram_flagged: true });
    await t.call('PUT', `${V1}/settings/general`, { token: admin, body: { ...settings, system_email: 'ofis@example.com', phone: '1', gram_tolerance_percent: 30 } });
    await act(admin, 'PUT', `/orders/order-products/${id}/gram`, { product_gram: 5 });
    expect(await lineOf()).toMatchObject({ product_gram: 5, gram_flagged: false });
    await t.call('PUT', `${V1}/settings/general`, { token: admin, body: { ...settings, system_email: 'ofis@example.com', phone: '1' } });
  });

  test('the admin moves a line back to an earlier step and cancels lines and orders, each with a reason kept in the history', async () => {
    await t.call('POST', `${V1}/customer-orders/simple`, { token: buyer, body: { ...order, products: [{ product_id: productId, quantity: 3 }] } });
    const all: Array<{ id: number; order_id: number }> = (await t.call('GET', `${V1}/workshop/me/orders`, { token: master })).body.orders;
    const latest = Math.max(...all.map((l) => l.order_id));
    const [first, second, third] = all.filter((l) => l.order_id === latest).sort((a, b) => a.id - b.id);
    const put = (path: string, body: unknown, token = admin) => t.call('PUT', `${V1}${path}`, { token, body });
    for (let i = 0; i <= steps.length; i++) await nextStep(first.id);
    expect((await t.call('GET', `${V1}/workshop/me/orders/${first.id}`, { token: master })).body.order.order_line_status_id).toBe(3);

    // Refused: no reason, a step that is not earlier, another role; none changes the line.
    expect((await put(`/orders/order-products/${first.id}/step-back`, { step_id: steps[0], reason: '  ' })).body.error).toBe('Lütfen bir gerekçe yazın.');
    expect((await put(`/orders/order-products/${first.id}/step-back`, { step_id: 999999, reason: 'x' })).body.code).toBe('LINE_STEP_BACK_INVALID');
    expect((await put(`/orders/order-products/${first.id}/step-back`, { step_id: steps[0], reason: 'x' }, master)).status).toBe(403);
    expect((await put(`/orders/order-products/${second.id}/step-back`, { step_id: steps[0], reason: 'x' })).body.code).toBe('LINE_STEP_BACK_NOT_ALLOWED');
    const back = await put(`/orders/order-products/${first.id}/step-back`, { step_id: steps[0], reason: ' Taş eksik ' });
    expect(back.body).toMatchObject({ order: { order_line_status_id: 2, current_order_line_process: steps[0] }, message: 'Satır Döküm adımına geri alındı.' });
    expect((await put(`/orders/order-products/${first.id}/step-back`, { step_id: steps[0], reason: 'x' })).body.code).toBe('LINE_STEP_BACK_INVALID');

    expect((await put(`/orders/order-products/${second.id}/cancel`, {})).body.error).toBe('Lütfen bir gerekçe yazın.');
    expect((await put(`/orders/order-products/${second.id}/cancel`, { reason: 'x' }, buyer)).status).toBe(403);
    expect((await put(`/orders/order-products/${second.id}/cancel`, { reason: 'Müşteri vazgeçti' })).body).toMatchObject({
      order: { id: second.id, canceled_at: expect.any(String), cancel_reason: 'Müşteri vazgeçti' },
      message: 'Sipariş satırı iptal edildi.',
    });
    expect((await put(`/orders/order-products/${second.id}/cancel`, { reason: 'again' })).body.code).toBe('LINE_CANCELED');
    expect((await nextStep(second.id)).body.code).toBe('LINE_CANCELED');

    // The whole order: the lines still open are canceled, the order keeps why.
    expect((await put(`/orders/999999/cancel`, { reason: 'x' })).status).toBe(404);
    const canceled = (await put(`/orders/${first.order_id}/cancel`, { reason: 'Sipariş iptal' })).body;
    expect(canceled).toMatchObject({ canceled: [first.id, third.id], message: 'Siparişin 2 satırı iptal edildi.' });
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    expect(canceled.orders.sort(byId).map((l: { id: number; cancel_reason: string }) => [l.id, l.cancel_reason])).toEqual([
      [first.id, 'Sipariş iptal'],
      [second.id, 'Müşteri vazgeçti'],
      [third.id, 'Sipariş iptal'],
    ]);
    expect((await put(`/orders/${first.order_id}/cancel`, { reason: 'again' })).body.code).toBe('ORDER_NOTHING_TO_CANCEL');
    expect(await t.db.selectFrom('orders').select(['cancel_reason']).where('id', '=', first.order_id).executeTakeFirstOrThrow()).toEqual({ cancel_reason: 'Sipariş iptal' });

    const history = async (id: number) => (await t.call('GET', `${V1}/order-products/${id}/history`, { token: admin })).body.history as Array<Record<string, unknown>>;
    expect((await history(first.id)).slice(-2)).toMatchObject([
      { action: 'step_back', from_status: 3, to_status: 2, from_step: steps[2], to_step: steps[0], detail: 'Taş eksik', username: 'admin' },
      { action: 'cancel', detail: 'Sipariş iptal' },
    ]);
    expect((await history(second.id)).map((h) => [h.action, h.detail])).toEqual([['cancel', 'Müşteri vazgeçti']]);
  });

  test('a canceled line answers when and why to every reader, keeps the state it stopped in, and takes no action, not even a gram correction', async () => {
    await t.call('POST', `${V1}/customer-orders/simple`, { token: buyer, body: { ...order, products: [{ product_id: productId, quantity: 1 }] } });
    const mine: Array<{ id: number; order_id: number }> = (await t.call('GET', `${V1}/workshop/me/orders`, { token: master })).body.orders;
    const { id } = mine.reduce((a, b) => (a.id > b.id ? a : b));
    for (let i = 0; i <= steps.length; i++) await nextStep(id);
    await t.call('PUT', `${V1}/orders/order-products/${id}/quality_status`, { token: admin, body: { approved: true, reason: '', return_step_id: null } });
    expect((await t.call('POST', `${V1}/workshop/me/gramage/${id}`, { token: master, body: { product_gram: 4.2 } })).status).toBe(200);
    expect((await t.call('PUT', `${V1}/orders/order-products/${id}/cancel`, { token: admin, body: { reason: 'Müşteri vazgeçti' } })).status).toBe(200);

    const canceled = { id, order_line_status_id: 4, product_gram: 4.2, canceled_at: expect.any(String), cancel_reason: 'Müşteri vazgeçti' };
    expect((await t.call('GET', API.myCustomerOrder(id), { token: buyer })).body.order).toMatchObject(canceled);
    expect((await t.call('GET', API.myWorkshopOrder(id), { token: master })).body.order).toMatchObject(canceled);
    expect((await t.call('GET', `${API.lineChanges}?ids=${id}`, { token: buyer })).body.orders).toEqual([expect.objectContaining(canceled)]);
    const listed = await t.app.inject({ method: 'GET', url: API.myWorkshopOrders, headers: { authorization: `Bearer ${master}`, accept: LINES_MEDIA_TYPE } });
    const [head, ...pages] = listed.body.split('\n').filter(Boolean);
    const decode = wireDecoder(JSON.parse(head) as WireHeader);
    expect(pages.flatMap((page) => decode(JSON.parse(page) as WirePage)).find((line) => line.id === id)).toMatchObject(canceled);

    // The office corrects no gram of a canceled line: refused with why, the gram as weighed.
    expect(await t.call('PUT', `${V1}/orders/order-products/${id}/gram`, { token: admin, body: { product_gram: 4.5 } })).toMatchObject({
      status: 409,
      body: { code: 'LINE_CANCELED', error: 'Bu sipariş satırı iptal edildi; üzerinde işlem yapılamaz.' },
    });
    expect((await t.call('GET', API.myWorkshopOrder(id), { token: master })).body.order.product_gram).toBe(4.2);
  });

  test('no workshop or customer reads or changes another one’s lines', async () => {
    const line = (await t.call('GET', `${V1}/workshop/me/orders`, { token: master })).body.orders[0];
    expect((await t.call('GET', `${V1}/workshop/me/orders/${line.id}`, { token: otherMaster })).status).toBe(404);
    expect((await t.call('PATCH', `${V1}/workshop/me/orders/${line.id}/next-step`, { token: otherMaster, body: {} })).status).toBe(404);
    expect((await t.call('GET', `${V1}/customers/me/orders/${line.id}`, { token: otherBuyer })).status).toBe(404);
    expect((await t.call('PATCH', `${V1}/customers/me/orders/${line.id}/approve`, { token: otherBuyer, body: { approved: true } })).status).toBe(404);
    expect((await t.call('GET', `${V1}/order-products/${line.id}/history`, { token: otherBuyer })).status).toBe(404);
    expect((await t.call('GET', `${V1}/orders`, { token: otherBuyer })).body.orders).toEqual([]);
    expect((await t.call('GET', `${V1}/orders`, { token: buyer })).body.orders.length).toBeGreaterThan(0);
    expect((await t.call('GET', `${V1}/orders`, { token: master })).status).toBe(403);
    expect((await t.call('PUT', `${V1}/orders/order-products/${line.id}/approve_shipping`, { token: master, body: {} })).status).toBe(403);
  });

  test('two simultaneous next-step requests for the step the tablet showed advance a line once', async () => {
    await t.call('POST', `${V1}/customer-orders/simple`, { token: buyer, body: { ...order, products: [{ product_id: productId, quantity: 1 }] } });
    const line = (await t.call('GET', `${V1}/workshop/me/orders`, { token: master })).body.orders.find((l: { order_line_status_id: number }) => l.order_line_status_id === 1);
    const tap = () => t.call('PATCH', `${V1}/workshop/me/orders/${line.id}/next-step`, { token: master, body: { current_order_line_process: -1 } });
    const answers = await Promise.all([tap(), tap()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await t.call('GET', `${V1}/workshop/me/orders/${line.id}`, { token: master })).body.order.current_order_line_process).toBe(steps[0]);
    expect((await t.call('GET', `${V1}/order-products/${line.id}/history`, { token: admin })).body.history).toHaveLength(1);
  });

  /** The lines of a new product without a routing, ordered from the master's workshop. */
  async function linesWithoutRouting(title: string, quantity: number): Promise<Array<{ id: number }>> {
    const plain = (await t.call('POST', `${V1}/product`, { token: admin, body: { title, production_expected_days: 3 } })).body.product.id;
    const workshopId = (await t.call('GET', `${V1}/workshop/me`, { token: master })).body.workshop.id;
    await t.call('PUT', `${V1}/workshops/${workshopId}/assign-product`, { token: admin, body: { product_id: plain } });
    await t.call('POST', `${V1}/customer-orders/simple`, { token: buyer, body: { ...order, products: [{ product_id: plain, quantity }] } });
    return (await t.call('GET', `${V1}/workshop/me/orders`, { token: master })).body.orders.filter((l: { product_id: number }) => l.product_id === plain);
  }
  /** The ids of the built-in process's steps in its order, as the steps route marks them. */
  async function builtInSteps(): Promise<number[]> {
    const all: ProductionStepDto[] = (await t.call('GET', `${V1}/production-steps`, { token: admin })).body.production_steps;
    return FALLBACK_ROUTING.map((key) => all.find((step) => step.built_in === key)!.id);
  }
  const nextStep = (id: number) => t.call('PATCH', `${V1}/workshop/me/orders/${id}/next-step`, { token: master, body: {} });

  test('a renamed built-in step still leads a product without a routing, under its new name', async () => {
    const builtIn = await builtInSteps();
    // A typo fixed in the office: the step keeps its id and its key.
    const renamed = await t.call('PUT', `${V1}/production-steps/${builtIn[0]}`, { token: admin, body: { step_name: 'Kesme' } });
    expect(renamed.body.production_step).toMatchObject({ id: builtIn[0], step_name: 'Kesme', built_in: 'cutting' });

    const [line] = await linesWithoutRouting('Bileklik', 1);
    for (const step of builtIn) expect((await nextStep(line.id)).body.order).toMatchObject({ order_line_status_id: 2, current_order_line_process: step });
    expect((await nextStep(line.id)).body.order.order_line_status_id).toBe(3);
    // Sent back by quality control, the line is at the renamed step, named as it is now.
    const rejected = await t.call('PUT', `${V1}/orders/order-products/${line.id}/quality_status`, {
      token: admin,
      body: { approved: false, reason: 'Kalite kontrol reddedildi', return_step_id: builtIn[0] },
    });
    expect(rejected.body).toMatchObject({
      order: { order_line_status_id: 2, current_order_line_process: builtIn[0] },
      message: 'Kalite kontrol reddedildi. Ürün Kesme adımına geri döndürüldü.',
    });
    expect((await nextStep(line.id)).body.order.current_order_line_process).toBe(builtIn[1]);
  });

  test('a product without a routing follows the built-in steps; a tap creates no production step', async () => {
    const stepCount = async () => Number((await t.db.selectFrom('production_steps').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const [first, second] = await linesWithoutRouting('Küpe', 2);
    const builtIn = await builtInSteps();
    const before = await stepCount();

    for (const step of builtIn) expect((await nextStep(first.id)).body.order).toMatchObject({ order_line_status_id: 2, current_order_line_process: step });
    expect((await nextStep(first.id)).body.order.order_line_status_id).toBe(3);
    expect(await stepCount()).toBe(before);

    // A built-in step removed behind the product's back: the line is refused, and nothing is created.
    await t.db.deleteFrom('production_steps').where('id', '=', builtIn[0]).execute();
    expect(await nextStep(second.id)).toMatchObject({ status: 409, body: { code: 'LINE_NO_ROUTING', error: 'Ürünün üretim adımları tanımlı değil.' } });
    expect(await stepCount()).toBe(before - 1);
    expect((await t.call('GET', `${V1}/workshop/me/orders/${second.id}`, { token: master })).body.order.current_order_line_process).toBe(-1);
  });

  test('every reader gets the fields of a line it may read, except that a customer never sees the workshop cost', async () => {
    await t.call('POST', `${V1}/customer-orders/simple`, { token: buyer, body: { ...order, products: [{ product_id: productId, quantity: 1 }] } });
    const id = (await t.call('GET', `${V1}/workshop/me/orders`, { token: master })).body.orders[0].id as number;
    const forOffice = (await t.call('GET', `${V1}/orders`, { token: admin })).body.orders.find((line: { id: number }) => line.id === id);
    expect(forOffice).toMatchObject({ product_cost: 200, total_price: 1000 });
    // The office looking at the customer's orders still sees the cost.
    const customerId = forOffice.customer_id as number;
    const ofCustomer = (await t.call('GET', `${V1}/customers/${customerId}/orders`, { token: admin })).body.orders;
    expect(ofCustomer.find((line: { id: number }) => line.id === id)).toMatchObject({ product_cost: 200 });
    expect((await t.call('GET', `${V1}/workshop/me/orders/${id}`, { token: master })).body.order).toMatchObject({ product_cost: 200 });

    const answers = [
      ...(await t.call('GET', `${V1}/customers/me/orders`, { token: buyer })).body.orders,
      ...(await t.call('GET', `${V1}/orders`, { token: buyer })).body.orders,
      (await t.call('GET', `${V1}/customers/me/orders/${id}`, { token: buyer })).body.order,
      (await t.call('PATCH', `${V1}/customers/me/orders/${id}/approve`, { token: buyer, body: { approved: true } })).body.order,
    ];
    expect(answers.length).toBeGreaterThanOrEqual(4);
    for (const line of answers) expect(line).not.toHaveProperty('product_cost');
    // Everything else of its own order the customer keeps (SPEC section 2's order detail).
    const { product_cost: _cost, ...rest } = forOffice;
    for (const line of answers) expect(Object.keys(line).sort()).toEqual(Object.keys(rest).sort());
  });

  test('a next-step body that is not a JSON object is refused and moves nothing (it would drop the double-tap guard)', async () => {
    await t.call('POST', `${V1}/customer-orders/simple`, { token: buyer, body: { ...order, products: [{ product_id: productId, quantity: 1 }] } });
    const id = (await t.call('GET', `${V1}/workshop/me/orders`, { token: master })).body.orders[0].id as number;
    const stale = JSON.stringify({ current_order_line_process: 424242 });
    const bodies = [
      { 'content-type': 'text/plain', payload: stale },
      { 'content-type': 'application/json', payload: `[${stale}]` },
      { 'content-type': 'application/json', payload: JSON.stringify(stale) },
    ];
    for (const { payload, ...headers } of bodies) {
      const response = await t.app.inject({ method: 'PATCH', url: `${V1}/workshop/me/orders/${id}/next-step`, headers: { ...headers, authorization: `Bearer ${master}` }, payload });
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
    }
    expect((await t.call('GET', `${V1}/workshop/me/orders/${id}`, { token: master })).body.order.current_order_line_process).toBe(-1);
    expect((await t.call('PATCH', `${V1}/workshop/me/orders/${id}/next-step`, { token: master, body: { current_order_line_process: 424242 } })).status).toBe(409);
    expect((await t.call('PATCH', `${V1}/workshop/me/orders/${id}/next-step`, { token: master, body: { current_order_line_process: -1 } })).status).toBe(200);
  });
});
