import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { API } from '../../../shared/api';
import { Role } from '../../../shared/roles';

/*
 * A phone order: the office places an order for a chosen customer under the customer's own rules
 * (its lines are the customer's, its credit is checked, 409 CREDIT_EXCEEDED until confirmed, then
 * flagged), and the audit log names the office user who placed it. A customer cannot use the
 * route, not even for itself. Each piece keeps its own note, whoever orders.
 */
describe.each(testDatabases())('phone orders and per-piece notes on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let office: { token: string; user_id: number };
  let buyer: string;
  let customerX: number;
  let customerY: number;
  let ring: number;

  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
    office = await t.newUserAs('ofis_telefon', Role.Office);
    const x = await t.newUserAs('musteri_x', Role.Customer);
    const y = await t.newUserAs('musteri_y', Role.Customer);
    buyer = y.token;
    const details = { phone: '0532', address: 'Bağdat Cd. 1', company_name: 'Firma', tax_number: '1' };
    customerX = (await t.call('POST', API.customers, { token: admin, body: { ...details, name: 'Ayşe X', email: 'x@example.com', credit: 1500, user_id: x.user_id } })).body.customer.id;
    customerY = (await t.call('POST', API.customers, { token: admin, body: { ...details, name: 'Yusuf Y', email: 'y@example.com', credit: 100_000, user_id: y.user_id } })).body.customer.id;
    ring = (await t.call('POST', API.products, { token: admin, body: { title: 'Yüzük', price: 1000 } })).body.product.id;
  });
  afterAll(() => t.close());

  const order = { address: 'Bağdat Cd. 1', email: 'x@example.com', phone_number: '0532', country: 'Türkiye', zip_code: '34728' };
  const linesOf = (orderId: number) =>
    t.db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id').select(['o.customer_id', 'o.credit_exceeded', 'l.customer_note']).where('l.order_id', '=', orderId).orderBy('l.id').execute();
  const phoneAudits = () => t.db.selectFrom('audit_log').select(['user_id', 'kind', 'entity_id', 'after']).where('kind', '=', 'phone_order').orderBy('id').execute();

  test("the office's order for customer X is X's, its credit checked and flagged once confirmed, and the audit log names the office user", async () => {
    const body = { ...order, products: [{ product_id: ring, quantity: 2 }] };
    // 2000 above X's 1500: asked first, nothing stored.
    const asked = await t.call('POST', API.customerOrders(customerX), { token: office.token, body });
    expect(asked).toMatchObject({ status: 409, body: { code: 'CREDIT_EXCEEDED', message: { key: 'errors:creditExceeded', values: { total: '₺2.000,00', available: '₺1.500,00' } } } });
    expect(await phoneAudits()).toEqual([]);

    const placed = await t.call('POST', API.customerOrders(customerX), { token: office.token, body: { ...body, credit_exceeded_confirmed: true } });
    expect(placed).toMatchObject({ status: 201, body: { order: { lines: 2, total: 2000, credit_exceeded: true }, message: 'Sipariş oluşturuldu.' } });
    const orderId = placed.body.order.id;
    expect((await linesOf(orderId)).map((l) => [l.customer_id, l.credit_exceeded])).toEqual([
      [customerX, 1],
      [customerX, 1],
    ]);
    expect(await phoneAudits()).toEqual([
      {
        user_id: office.user_id,
        kind: 'phone_order',
        entity_id: customerX,
        after: JSON.stringify({ order_id: orderId, order_number: placed.body.order.order_number, lines: 2, total: 2000, currency: 'TRY', credit_exceeded: true }),
      },
    ]);
    // X reads the order as its own; the available credit counts it.
    const mine = await t.login('musteri_x', 'secret-pass');
    expect((await t.call('GET', API.myCustomer, { token: mine.token })).body.customer).toMatchObject({ open_order_amount: 2000, available_credit: -500 });
    // The audit screen lists it by its kind.
    expect((await t.call('GET', `${API.auditLog}?kind=phone_order`, { token: admin })).body.audit_log).toEqual([expect.objectContaining({ user_id: office.user_id, kind: 'phone_order', entity_id: customerX })]);
  });

  test('the admin may place one too; an unknown customer is 404 and stores nothing', async () => {
    expect((await t.call('POST', API.customerOrders(customerY), { token: admin, body: { ...order, products: [{ product_id: ring, quantity: 1 }] } })).status).toBe(201);
    const before = (await phoneAudits()).length;
    expect(await t.call('POST', API.customerOrders(999_999), { token: office.token, body: { ...order, products: [{ product_id: ring, quantity: 1 }] } })).toMatchObject({ status: 404 });
    expect((await phoneAudits()).length).toBe(before);
  });

  test("a customer cannot use it, for another customer or itself, and nothing is stored", async () => {
    const count = async () => Number((await t.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    for (const id of [customerX, customerY]) {
      expect((await t.call('POST', API.customerOrders(id), { token: buyer, body: { ...order, products: [{ product_id: ring, quantity: 1 }] } })).status).toBe(403);
    }
    expect(await count()).toBe(before);
  });

  test("each piece keeps its own note; a piece without one takes the order's note", async () => {
    const placed = await t.call('POST', API.manualOrder, {
      token: buyer,
      body: { ...order, notes: 'Hediye paketi', products: [{ product_id: ring, quantity: 3, notes: ['  İç yüzey: A & B  ', '', '17 numara'] }, { product_id: ring, quantity: 1 }] },
    });
    expect(placed.status).toBe(201);
    expect((await linesOf(placed.body.order.id)).map((l) => l.customer_note)).toEqual(['İç yüzey: A & B', 'Hediye paketi', '17 numara', 'Hediye paketi']);
    // Shown with the line, as the customer reads it.
    const read = (await t.call('GET', API.myCustomerOrders, { token: buyer })).body.orders as Array<{ order_id: number; customer_note: string }>;
    expect(read.filter((l) => l.order_id === placed.body.order.id).map((l) => l.customer_note).sort()).toEqual(['17 numara', 'Hediye paketi', 'Hediye paketi', 'İç yüzey: A & B'].sort());
  });

  test('more notes than pieces are refused', async () => {
    const refused = await t.call('POST', API.manualOrder, { token: buyer, body: { ...order, products: [{ product_id: ring, quantity: 1, notes: ['a', 'b'] }] } });
    expect(refused).toMatchObject({ status: 400, body: { code: 'VALIDATION', message: { key: 'validation:orderNotesBeyondQuantity' } } });
  });
});
