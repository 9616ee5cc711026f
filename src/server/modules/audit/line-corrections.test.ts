import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { API, type AuditEntryDto, type LineHistoryDto } from '../../../shared/api';

/*
 * The corrections of an order line reach the audit log, in the correcting transaction, by whoever
 * made them: a gram replaced (the admin's correction, the workshop weighing again), a quality
 * decision, a step back and a cancellation, each with the line's changed columns before and after
 * and the reason given. A refused correction leaves no row. A customer reading a line's history is
 * told who acted by role only.
 */
describe.each(testDatabases())('order line corrections in the audit log on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let master: string;
  let masterId: number;
  let buyer: string;
  let steps: number[];
  let productId: number;

  beforeAll(async () => {
    t = await startTestApp(await database.create());
    ({ token: admin, user_id: adminId } = await t.login());
    const m = await t.newUserAs('usta_duzeltme', 3);
    const b = await t.newUserAs('alici_duzeltme', 5);
    [master, masterId, buyer] = [m.token, m.user_id, b.token];
    const details = { address: 'x', company_name: 'x', tax_number: '1' };
    const workshop = (await t.call('POST', API.workshops, { token: admin, body: { ...details, name: 'Düzeltme', code: 'D', phone_number: '1', user_id: m.user_id } })).body.workshop;
    await t.call('POST', API.customers, { token: admin, body: { ...details, name: 'Alıcı', email: 'a@example.com', phone: '1', credit: 1_000_000, user_id: b.user_id } });
    steps = [];
    for (const step_name of ['Döküm', 'Mıhlama', 'Rodaj']) steps.push((await t.call('POST', API.productionSteps, { token: admin, body: { step_name } })).body.production_step.id);
    productId = (await t.call('POST', API.products, { token: admin, body: { title: 'Yüzük', price: 1000, expected_weight: 4 } })).body.product.id;
    await t.call('PUT', API.routingBulk, { token: admin, body: { product_id: productId, steps: steps.map((step_id, i) => ({ step_id, position_in_process: i + 1 })) } });
    await t.call('PUT', API.workshopAssignProduct(workshop.id), { token: admin, body: { product_id: productId } });
  });
  afterAll(() => t.close());

  const order = { address: 'x', email: 'a@example.com', phone_number: '1', country: 'TR', zip_code: '1' };
  /** The lines of a new order of `quantity` pieces, oldest first. */
  async function newLines(quantity: number): Promise<number[]> {
    const placed = (await t.call('POST', API.manualOrder, { token: buyer, body: { ...order, products: [{ product_id: productId, quantity }] } })).body.order;
    const lines = (await t.db.selectFrom('order_lines').select('id').where('order_id', '=', placed.id).orderBy('id').execute()).map((line) => line.id);
    expect(lines).toHaveLength(quantity);
    return lines;
  }
  const nextStep = (id: number) => t.call('PATCH', API.myWorkshopNextStep(id), { token: master, body: {} });
  /** Moves a line on through its routing into quality control. */
  async function toQuality(id: number) {
    for (;;) {
      const { body } = await nextStep(id);
      if (body.order.order_line_status_id === 3) return;
    }
  }
  const quality = (id: number, body: unknown) => t.call('PUT', API.qualityStatus(id), { token: admin, body });

  const lastId = async () => Number((await t.db.selectFrom('audit_log').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);
  /** Runs a change and answers the audit rows it wrote, oldest first, before and after parsed. */
  async function written(change: () => Promise<unknown>) {
    const since = await lastId();
    await change();
    const rows = await t.db.selectFrom('audit_log').select(['user_id', 'kind', 'entity_id', 'before', 'after']).where('id', '>', since).orderBy('id').execute();
    return rows.map((row) => ({ ...row, before: JSON.parse(row.before ?? 'null'), after: JSON.parse(row.after ?? 'null') }));
  }
  const history = async (id: number, token = admin) => (await t.call('GET', API.lineHistory(id), { token })).body.history as LineHistoryDto[];

  test('a gram replaced: by the workshop weighing again and by the admin, each with the gram before and after; a first weighing is not a correction', async () => {
    const [id] = await newLines(1);
    await toQuality(id);
    await quality(id, { approved: true, reason: '', return_step_id: null });
    // A slip of the decimal point the master confirms, then weighs again.
    expect(await written(() => t.call('POST', API.myWorkshopGram(id), { token: master, body: { product_gram: 39, gram_confirmed: true } }))).toEqual([]);
    expect(await written(() => t.call('POST', API.myWorkshopGram(id), { token: master, body: { product_gram: 3.9 } }))).toEqual([
      { user_id: masterId, kind: 'line_gram', entity_id: id, before: { product_gram: 39 }, after: { product_gram: 3.9 } },
    ]);
    expect(await written(() => t.call('PUT', API.correctGram(id), { token: admin, body: { product_gram: 5.15 } }))).toEqual([
      { user_id: adminId, kind: 'line_gram', entity_id: id, before: { product_gram: 3.9 }, after: { product_gram: 5.15 } },
    ]);
    // The same gram again changes nothing and records nothing.
    expect(await written(() => t.call('PUT', API.correctGram(id), { token: admin, body: { product_gram: 5.15 } }))).toEqual([]);
  });

  test('a quality decision: the rejection with its reason (the catalogue sentence when none is given), the approval; the history keeps the same reason', async () => {
    const [id] = await newLines(1);
    await toQuality(id);
    const rejected = await written(() => quality(id, { approved: false, reason: '  Taş düştü ', return_step_id: steps[1] }));
    expect(rejected).toEqual([
      {
        user_id: adminId,
        kind: 'line_quality',
        entity_id: id,
        before: { order_line_status_id: 3, current_order_line_process: steps[2], quality_control_id: null },
        after: { order_line_status_id: 2, current_order_line_process: steps[1], quality_control_id: 2, reason: 'Taş düştü' },
      },
    ]);
    await toQuality(id);
    for (const body of [{ approved: false, reason: '', return_step_id: steps[0] }, { approved: false, return_step_id: steps[0] }]) {
      const [row] = await written(() => quality(id, body));
      expect(row.after).toEqual({ order_line_status_id: 2, current_order_line_process: steps[0], reason: 'Kalite kontrol reddedildi' });
      await toQuality(id);
    }
    expect(await written(() => quality(id, { approved: true, reason: '', return_step_id: null }))).toEqual([
      { user_id: adminId, kind: 'line_quality', entity_id: id, before: { order_line_status_id: 3, quality_control_id: 2 }, after: { order_line_status_id: 4, quality_control_id: 1 } },
    ]);
    expect((await history(id)).filter((row) => row.action === 'quality_reject').map((row) => row.detail)).toEqual(['Taş düştü', 'Kalite kontrol reddedildi', 'Kalite kontrol reddedildi']);
  });

  test('a step back and cancellations of a line and of an order: one row per line with its reason', async () => {
    const [first, second, third] = await newLines(3);
    await toQuality(first);
    expect(await written(() => t.call('PUT', API.stepBack(first), { token: admin, body: { step_id: steps[0], reason: ' Taş eksik ' } }))).toEqual([
      {
        user_id: adminId,
        kind: 'line_step_back',
        entity_id: first,
        before: { order_line_status_id: 3, current_order_line_process: steps[2] },
        after: { order_line_status_id: 2, current_order_line_process: steps[0], reason: 'Taş eksik' },
      },
    ]);
    expect(await written(() => t.call('PUT', API.cancelLine(second), { token: admin, body: { reason: 'Müşteri vazgeçti' } }))).toEqual([
      { user_id: adminId, kind: 'line_cancel', entity_id: second, before: {}, after: { reason: 'Müşteri vazgeçti' } },
    ]);
    const orderId = (await t.db.selectFrom('order_lines').select('order_id').where('id', '=', first).executeTakeFirstOrThrow()).order_id;
    expect(await written(() => t.call('PUT', API.cancelOrder(orderId), { token: admin, body: { reason: 'Sipariş iptal' } }))).toEqual(
      [first, third].map((id) => ({ user_id: adminId, kind: 'line_cancel', entity_id: id, before: {}, after: { reason: 'Sipariş iptal' } })),
    );
  });

  test('a refused correction (400, 409) writes no audit row and changes no line', async () => {
    const [id, other] = await newLines(2);
    await toQuality(id);
    const line = () => t.db.selectFrom('order_lines').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const before = await line();
    const refusals: Array<[string, () => Promise<{ status: number }>, number]> = [
      ['reason too long', () => quality(id, { approved: false, reason: 'x'.repeat(501), return_step_id: steps[0] }), 400],
      ['reason not text', () => quality(id, { approved: false, reason: 7, return_step_id: steps[0] }), 400],
      ['no return step', () => quality(id, { approved: false, reason: 'x' }), 400],
      ['not a step of the routing', () => quality(id, { approved: false, reason: 'x', return_step_id: 999_999 }), 409],
      ['not in quality control', () => quality(other, { approved: false, reason: 'x', return_step_id: steps[0] }), 409],
      ['gram not entered', () => t.call('PUT', API.correctGram(id), { token: admin, body: { product_gram: 4 } }), 409],
      ['step back not earlier', () => t.call('PUT', API.stepBack(other), { token: admin, body: { step_id: steps[0], reason: 'x' } }), 409],
      ['workshop rejects', () => t.call('PUT', API.qualityStatus(id), { token: master, body: { approved: false, reason: 'x', return_step_id: steps[0] } }), 403],
    ];
    const rows = await written(async () => {
      for (const [name, send, status] of refusals) expect({ name, status: (await send()).status }).toEqual({ name, status });
    });
    expect(rows).toEqual([]);
    expect(await line()).toEqual(before);
  });

  test("the audit log reads a line's corrections back, filtered by kind and line", async () => {
    const [id] = await newLines(1);
    await toQuality(id);
    await quality(id, { approved: false, reason: 'Çizik', return_step_id: steps[0] });
    const answer = await t.call('GET', `${API.auditLog}?kind=line_quality&entity_id=${id}`, { token: admin });
    expect(answer.body.audit_log as AuditEntryDto[]).toEqual([
      expect.objectContaining({ user_id: adminId, username: 'admin', kind: 'line_quality', entity_id: id, after: expect.objectContaining({ reason: 'Çizik' }) }),
    ]);
  });

  test('a customer reading a line’s history learns who acted by role, never a login name or a user id; the office sees both', async () => {
    const [id] = await newLines(1);
    await toQuality(id);
    await quality(id, { approved: false, reason: 'Çizik', return_step_id: steps[0] });
    await t.call('PATCH', API.myCustomerApprove(id), { token: buyer, body: { approved: true } });

    const office = await history(id);
    expect(office.map((row) => [row.action, row.username, row.role_id])).toEqual([
      ...steps.map(() => ['next_step', 'usta_duzeltme', 3]),
      ['next_step', 'usta_duzeltme', 3],
      ['quality_reject', 'admin', 2],
      ['customer_approve', 'alici_duzeltme', 5],
    ]);
    const answer = await t.call('GET', API.lineHistory(id), { token: buyer });
    expect(answer.status).toBe(200);
    const seen = answer.body.history as LineHistoryDto[];
    expect(seen.map((row) => [row.action, row.user_id, row.username, row.role_id])).toEqual(office.map((row) => [row.action, null, null, row.role_id]));
    const text = JSON.stringify(answer.body);
    for (const name of ['usta_duzeltme', 'admin', 'alici_duzeltme']) expect(text).not.toContain(`"${name}"`);
  });
});
