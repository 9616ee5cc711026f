import fc from 'fast-check';
import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { API } from '../../../shared/api';
import { FINE_PLACES, fromUnits } from '../../../shared/metal';

jest.setTimeout(60_000);

describe.each(testDatabases())('the metal ledger on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let office: string;
  let master: string;
  let otherMaster: string;
  let buyer: string;
  let workshopId: number;
  let otherWorkshopId: number;

  async function userWithRole(username: string, role: number) {
    const user = await t.newUser(username);
    await t.call('POST', '/api/v1/user/changeUserRoles', { token: admin, body: [{ ID: user.user_id, Role: role }] });
    return user;
  }
  const workshopBody = (user_id: number, name: string) => ({ name, code: name, address: 'x', company_name: 'x', phone_number: '1', tax_number: '1', user_id });

  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
    office = (await userWithRole('ofis', 4)).token;
    const m = await userWithRole('usta', 3);
    const om = await userWithRole('baska_usta', 3);
    buyer = (await userWithRole('alici', 5)).token;
    [master, otherMaster] = [m.token, om.token];
    workshopId = (await t.call('POST', '/api/v1/workshops', { token: admin, body: workshopBody(m.user_id, 'W1') })).body.workshop.id;
    otherWorkshopId = (await t.call('POST', '/api/v1/workshops', { token: admin, body: workshopBody(om.user_id, 'W2') })).body.workshop.id;
  });
  afterAll(() => t.close());

  const write = (body: object, token = admin) => t.call('POST', API.metalVouchers, { token, body });
  const confirm = (id: number, token = master) => t.call('POST', API.metalVoucherConfirm(id), { token, body: {} });
  const statementOf = async (id = workshopId, query = '') => (await t.call('GET', `${API.metalStatement(id)}${query}`, { token: admin })).body.statement;
  const gold22 = (gross_g: number | string, kind = 'raw', extra: object = {}) => ({ kind, metal: 'gold', milyem: 916, gross_g, ...extra });

  test('issue, confirmation on the tablet side, receipt of pieces and scrap, reversal: the balance in fine gold to four places', async () => {
    const issued = await write({ type: 'issue', workshop_id: workshopId, date: '2026-11-02', lines: [gold22(100)] });
    expect(issued).toMatchObject({ status: 201, body: { voucher: { type: 'issue', status: 'pending', number: expect.stringMatching(/^MC-\d{6}$/) } } });
    expect(issued.body.voucher.lines[0]).toMatchObject({ gross_g: '100.000', net_g: '100.000', fine_g: '91.6000', milyem: 916 });
    // Pending: nothing in the ledger yet.
    expect((await statementOf()).closing_fine_g).toBe('0.0000');
    // Only the voucher's own workshop answers it, once.
    expect((await confirm(issued.body.voucher.id, otherMaster)).status).toBe(404);
    expect((await confirm(issued.body.voucher.id, admin)).status).toBe(403);
    expect((await confirm(issued.body.voucher.id)).body.voucher.status).toBe('confirmed');
    expect((await confirm(issued.body.voucher.id)).status).toBe(409);
    expect((await statementOf()).closing_fine_g).toBe('91.6000');

    // Pieces of 4.875 g with 0.25 ct of stones, and 1.2 g of scrap, come back.
    const received = await write({
      type: 'receipt',
      workshop_id: workshopId,
      date: '2026-11-10',
      lines: [gold22('4,875', 'finished', { stone_ct: '0.25' }), gold22(40.333, 'finished'), gold22('1.2', 'scrap')],
      // The job closes with this receipt: what the issue lacks now is its loss.
      settles_id: issued.body.voucher.id,
    });
    expect(received.body.voucher).toMatchObject({ settles_id: issued.body.voucher.id, loss_g: '53.642', loss_per_mille: '536.42', norm_per_mille: '1.50', above_norm: true });
    expect(received.body.voucher.lines.map((l: { net_g: string; fine_g: string }) => [l.net_g, l.fine_g])).toEqual([
      ['4.825', '4.4197'],
      ['40.333', '36.9450'],
      ['1.200', '1.0992'],
    ]);
    await confirm(received.body.voucher.id);
    const after = await statementOf();
    expect(after.closing_fine_g).toBe('49.1361'); // 91.6000 - 4.4197 - 36.9450 - 1.0992
    expect(after.entries.map((e: { balance_fine_g: string }) => e.balance_fine_g)).toEqual(['91.6000', '87.1803', '50.2353', '49.1361']);
    expect(after.by_milyem).toEqual([{ metal: 'gold', milyem: 916, net_g: '53.642', fine_g: '49.1361' }]);

    // A mistaken voucher, then its reversal: the balance is exactly what it was.
    const mistake = await write({ type: 'issue', workshop_id: workshopId, date: '2026-11-12', lines: [gold22(12.5)] });
    await confirm(mistake.body.voucher.id);
    expect((await statementOf()).closing_fine_g).toBe('60.5861');
    const reversal = await write({ type: 'issue', workshop_id: workshopId, date: '2026-11-12', reverses_id: mistake.body.voucher.id, lines: [] });
    expect(reversal.body.voucher).toMatchObject({ type: 'receipt', reverses_id: mistake.body.voucher.id, number: expect.stringMatching(/^MG-/) });
    await confirm(reversal.body.voucher.id);
    expect((await statementOf()).closing_fine_g).toBe('49.1361');
    expect((await write({ type: 'issue', workshop_id: workshopId, date: '2026-11-12', reverses_id: mistake.body.voucher.id, lines: [] })).body.code).toBe('VOUCHER_ALREADY_REVERSED');

    // A period: the balance before it opens the statement.
    const november10 = await statementOf(workshopId, '?from=2026-11-10&to=2026-11-10');
    expect([november10.opening_fine_g, november10.closing_fine_g, november10.entries.length]).toEqual(['91.6000', '49.1361', 3]);
    expect((await t.call('GET', `${API.metalStatement(workshopId)}?from=11.10.2026`, { token: admin })).status).toBe(400);

    const balances = (await t.call('GET', API.metalBalances, { token: office })).body.balances;
    expect(balances.find((b: { workshop_id: number }) => b.workshop_id === workshopId)).toMatchObject({ fine_g: '49.1361', overdue_pieces: 0 });
  });

  test('bad vouchers are refused and store nothing; the ledger is insert-only', async () => {
    const count = async () => Number((await t.db.selectFrom('metal_vouchers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const bad = [
      { type: 'issue', workshop_id: workshopId, date: '2026-11-02', lines: [] },
      { type: 'issue', workshop_id: workshopId, date: '2026-11-02', lines: [gold22('1.2345')] },
      { type: 'issue', workshop_id: workshopId, date: '2026-11-02', lines: [gold22(-1)] },
      { type: 'issue', workshop_id: workshopId, date: '2026-11-02', lines: [gold22(1, 'raw', { stone_ct: 10 })] },
      { type: 'issue', workshop_id: workshopId, date: '2026-13-45', lines: [gold22(1)] },
      { type: 'issue', workshop_id: 999_999, date: '2026-11-02', lines: [gold22(1)] },
      { type: 'gift', workshop_id: workshopId, date: '2026-11-02', lines: [gold22(1)] },
      { type: 'issue', workshop_id: workshopId, date: '2026-11-02', lines: [{ ...gold22(1), milyem: 1001 }] },
      // A line without metal: 0 g, or stones as heavy as the whole.
      { type: 'issue', workshop_id: workshopId, date: '2026-11-02', lines: [gold22(5), gold22(0)] },
      { type: 'issue', workshop_id: workshopId, date: '2026-11-02', lines: [gold22('0,000')] },
      { type: 'issue', workshop_id: workshopId, date: '2026-11-02', lines: [gold22(1, 'raw', { stone_ct: 5 })] },
    ];
    for (const body of bad) expect({ body, status: (await write(body)).status }).toEqual({ body, status: 400 });
    expect((await write({ type: 'issue', workshop_id: workshopId, date: '2026-11-02', lines: [gold22(5), gold22(0)] })).body).toMatchObject({ code: 'VOUCHER_NET_EMPTY', message: { key: 'errors:voucherNetEmpty', values: { line: 2 } } });
    expect((await write({ type: 'issue', workshop_id: workshopId, date: '2026-11-02', lines: [gold22(1)] }, office)).status).toBe(403);
    expect(await count()).toBe(before);
    // The walk above wrote entries; not one of them can be changed or removed.
    const entries = Number((await t.db.selectFrom('metal_ledger').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(entries).toBeGreaterThan(0);
    // What the database answered, as text: the driver's error, or that the rows changed.
    const answer = (write: Promise<unknown>) => write.then(() => 'changed', (error: unknown) => String((error as Error)?.message ?? error));
    expect(await answer(t.db.updateTable('metal_ledger').set({ fine: 0 }).executeTakeFirst())).toMatch(/insert-only/);
    expect(await answer(t.db.deleteFrom('metal_ledger').executeTakeFirst())).toMatch(/insert-only/);
  });

  test('who sees what: the office reads, a workshop its own, a customer nothing', async () => {
    const voucher = (await write({ type: 'issue', workshop_id: otherWorkshopId, date: '2026-11-03', lines: [gold22(5)] })).body.voucher;
    expect((await t.call('GET', API.metalVoucher(voucher.id), { token: master })).status).toBe(404);
    expect((await t.call('GET', API.metalVoucher(voucher.id), { token: otherMaster })).status).toBe(200);
    expect((await t.call('GET', API.metalStatement(otherWorkshopId), { token: master })).status).toBe(404);
    expect((await t.call('GET', API.metalVouchers, { token: master })).body.vouchers.every((v: { workshop_id: number }) => v.workshop_id === workshopId)).toBe(true);
    for (const path of [API.metalVouchers, API.metalBalances, API.metalPurities, API.metalStatement(workshopId)]) expect((await t.call('GET', path, { token: buyer })).status).toBe(403);
    expect((await t.call('GET', API.metalBalances, { token: master })).status).toBe(403);
    const disputed = await t.call('POST', API.metalVoucherDispute(voucher.id), { token: otherMaster, body: { reason: 'Tartı 4,98 g gösterdi' } });
    expect(disputed.body.voucher).toMatchObject({ status: 'disputed', dispute_reason: 'Tartı 4,98 g gösterdi' });
    expect((await statementOf(otherWorkshopId)).closing_fine_g).toBe('0.0000');
  });

  test('a purity change never rewrites a voucher written before it', async () => {
    const purities = (await t.call('GET', API.metalPurities, { token: admin })).body.purities as Array<{ id: number; ayar: number | null; milyem: number; metal: string }>;
    expect(purities.find((p) => p.metal === 'gold' && p.ayar === 14)?.milyem).toBe(585);
    const voucher = (await write({ type: 'issue', workshop_id: workshopId, date: '2026-11-04', lines: [{ kind: 'raw', metal: 'gold', milyem: 585, gross_g: 10 }] })).body.voucher;
    const fourteen = purities.find((p) => p.ayar === 14)!;
    expect((await t.call('PUT', API.metalPurity(fourteen.id), { token: admin, body: { milyem: 583 } })).body.purity.milyem).toBe(583);
    expect((await t.call('GET', API.metalVoucher(voucher.id), { token: admin })).body.voucher.lines[0]).toMatchObject({ milyem: 585, fine_g: '5.8500' });
    await t.call('PUT', API.metalPurity(fourteen.id), { token: admin, body: { milyem: 585 } });
  });

  test("a receipt takes a weighed piece at the tablet's gram; received, the gram is final until the receipt is reversed", async () => {
    // A piece made in workshop A and weighed on the tablet at packing.
    const buyerUser = await userWithRole('teslim_alici', 5);
    await t.call('POST', '/api/v1/customers', { token: admin, body: { name: 'A', email: 'a@example.com', phone: '1', address: 'x', company_name: 'x', credit: 1_000_000, tax_number: '1', user_id: buyerUser.user_id } });
    const { id: fourteen } = await t.db.insertInto('product_option_values').values({ option_id: 5, value_name: '14 ayar' }).returning('id').executeTakeFirstOrThrow();
    const product = (await t.call('POST', '/api/v1/product', { token: admin, body: { title: 'Bilezik', price: 1000, workmanship_rate: 10, production_expected_days: 5, expected_weight: 20, karat_id: fourteen } })).body.product.id;
    await t.call('PUT', `/api/v1/workshops/${workshopId}/assign-product`, { token: admin, body: { product_id: product } });
    const order = { address: 'x', email: 'a@example.com', phone_number: '1', country: 'TR', zip_code: '1', products: [{ product_id: product, quantity: 1 }] };
    expect((await t.call('POST', API.manualOrder, { token: buyerUser.token, body: order })).status).toBe(201);
    const line = (await t.call('GET', API.myWorkshopOrders, { token: master })).body.orders.find((l: { product_id: number }) => l.product_id === product);
    for (let i = 0; i < 10 && (await t.call('PATCH', API.myWorkshopNextStep(line.id), { token: master, body: {} })).status === 200; i++);
    await t.call('PUT', API.qualityStatus(line.id), { token: admin, body: { approved: true } });
    expect((await t.call('POST', API.myWorkshopGram(line.id), { token: master, body: { product_gram: 20.25 } })).status).toBe(200);

    const offered = (await t.call('GET', API.metalReceivable(workshopId), { token: admin })).body.pieces;
    expect(offered).toEqual([expect.objectContaining({ order_product_id: line.id, gross_g: '20.250', product_title: 'Bilezik', milyem: 585 })]);
    expect((await t.call('GET', API.metalReceivable(workshopId), { token: otherMaster })).status).toBe(404);
    const piece = { kind: 'finished', metal: 'gold', milyem: 750, gross_g: offered[0].gross_g, order_product_id: line.id };
    expect((await write({ type: 'receipt', workshop_id: otherWorkshopId, date: '2026-11-20', lines: [piece] })).body.code).toBe('VOUCHER_LINE_NOT_OF_WORKSHOP');
    expect((await write({ type: 'receipt', workshop_id: workshopId, date: '2026-11-20', lines: [piece, piece] })).body.code).toBe('VOUCHER_LINE_TWICE');
    const receipt = (await write({ type: 'receipt', workshop_id: workshopId, date: '2026-11-20', lines: [piece] })).body.voucher;
    // Pending, the gram may still be corrected; confirmed, neither the workshop nor the office changes it.
    expect((await t.call('POST', API.myWorkshopGram(line.id), { token: master, body: { product_gram: 20.2 } })).status).toBe(200);
    const lastChange = async () => Number((await t.db.selectFrom('order_line_changes').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id ?? 0);
    const historyOf = async () => (await t.db.selectFrom('order_line_history').select(['action', 'detail']).where('order_line_id', '=', line.id).orderBy('id').execute()).slice(-1)[0];
    const changedSince = async (version: number) =>
      (await t.db.selectFrom('order_line_changes').select(['line_id', 'type']).where('id', '>', version).where('line_id', '=', line.id).execute()).map((c) => c.type);
    let before = await lastChange();
    await confirm(receipt.id);
    // The line's history and its screens hear of it: its gram is now final.
    expect(await historyOf()).toEqual({ action: 'metal_received', detail: receipt.number });
    expect(await changedSince(before)).toEqual(['order_update']);
    expect((await t.call('GET', API.metalReceivable(workshopId), { token: admin })).body.pieces).toEqual([]);
    expect((await t.call('POST', API.myWorkshopGram(line.id), { token: master, body: { product_gram: 20.1 } })).body.code).toBe('LINE_GRAM_RECEIVED');
    expect((await t.call('PUT', API.correctGram(line.id), { token: admin, body: { product_gram: 20.1 } })).body.code).toBe('LINE_GRAM_RECEIVED');
    expect((await write({ type: 'receipt', workshop_id: workshopId, date: '2026-11-21', lines: [piece] })).body.code).toBe('VOUCHER_LINE_RECEIVED');
    expect((await t.call('GET', API.myWorkshopOrder(line.id), { token: master })).body.order.metal_received_at).toEqual(expect.any(String));

    // Reversing the receipt gives the piece back: weighed again, received again.
    const undo = (await write({ type: 'receipt', workshop_id: workshopId, date: '2026-11-21', reverses_id: receipt.id, lines: [] })).body.voucher;
    before = await lastChange();
    await confirm(undo.id);
    expect(await historyOf()).toEqual({ action: 'metal_returned', detail: undo.number });
    expect(await changedSince(before)).toEqual(['order_update']);
    expect((await t.call('PUT', API.correctGram(line.id), { token: admin, body: { product_gram: 20.1 } })).status).toBe(200);
    expect((await t.call('GET', API.metalReceivable(workshopId), { token: admin })).body.pieces).toEqual([expect.objectContaining({ gross_g: '20.100' })]);
  });

  test('a canceled piece that reached production stays receivable, weighed or to weigh, and Bakiye Özeti counts it until it is received', async () => {
    const customer = await userWithRole('iptal_alici', 5);
    await t.call('POST', '/api/v1/customers', { token: admin, body: { name: 'B', email: 'b@example.com', phone: '1', address: 'x', company_name: 'x', credit: 1_000_000, tax_number: '1', user_id: customer.user_id } });
    const product = (await t.call('POST', '/api/v1/product', { token: admin, body: { title: 'Küpe', price: 1000, production_expected_days: 5 } })).body.product.id;
    await t.call('PUT', `/api/v1/workshops/${workshopId}/assign-product`, { token: admin, body: { product_id: product } });
    const order = { address: 'x', email: 'b@example.com', phone_number: '1', country: 'TR', zip_code: '1', products: [{ product_id: product, quantity: 3 }] };
    expect((await t.call('POST', API.manualOrder, { token: customer.token, body: order })).status).toBe(201);
    const lines: Array<{ id: number; product_id: number }> = (await t.call('GET', API.myWorkshopOrders, { token: master })).body.orders;
    // One piece at its first step, one never started, one weighed at packing.
    const [started, waiting, weighed] = lines.filter((l) => l.product_id === product).map((l) => l.id).sort((a, b) => a - b);
    const next = (id: number) => t.call('PATCH', API.myWorkshopNextStep(id), { token: master, body: {} });
    expect((await next(started)).status).toBe(200);
    for (let i = 0; i < 10 && (await next(weighed)).status === 200; i++);
    await t.call('PUT', API.qualityStatus(weighed), { token: admin, body: { approved: true } });
    expect((await t.call('POST', API.myWorkshopGram(weighed), { token: master, body: { product_gram: 3.5 } })).status).toBe(200);

    const offered = async () => (await t.call('GET', API.metalReceivable(workshopId), { token: admin })).body.pieces as Array<{ order_product_id: number; gross_g: string | null; canceled_at: string | null }>;
    const toReceive = async () => (await t.call('GET', API.metalBalances, { token: office })).body.balances.find((b: { workshop_id: number }) => b.workshop_id === workshopId).pieces_to_receive;
    const mine = async () => (await offered()).filter((piece) => [started, waiting, weighed].includes(piece.order_product_id));
    expect((await mine()).map((piece) => piece.order_product_id)).toEqual([weighed]);
    for (const id of [started, waiting, weighed]) expect((await t.call('PUT', API.cancelLine(id), { token: admin, body: { reason: 'Müşteri vazgeçti' } })).status).toBe(200);

    // The never-started piece held no gold; the other two still do, the unweighed one to weigh.
    expect(await mine()).toEqual([
      expect.objectContaining({ order_product_id: started, gross_g: null, canceled_at: expect.any(String) }),
      expect.objectContaining({ order_product_id: weighed, gross_g: '3.500', canceled_at: expect.any(String) }),
    ]);
    const held = await toReceive();
    expect(held).toBe((await offered()).length);
    const piece = (id: number, gross_g: string) => ({ kind: 'finished', metal: 'gold', milyem: 585, gross_g, order_product_id: id });
    expect(await write({ type: 'receipt', workshop_id: workshopId, date: '2026-11-22', lines: [piece(waiting, '2')] })).toMatchObject({ status: 400, body: { code: 'VOUCHER_LINE_NOT_WEIGHED' } });
    const receipt = (await write({ type: 'receipt', workshop_id: workshopId, date: '2026-11-22', lines: [piece(started, '2,75'), piece(weighed, '3.500')] })).body.voucher;
    expect(receipt.lines.map((line: { net_g: string }) => line.net_g)).toEqual(['2.750', '3.500']);
    await confirm(receipt.id);
    expect(await mine()).toEqual([]);
    expect(await toReceive()).toBe(held - 2);
  });

  test('a settled job within its norm is not flagged; the most specific valid norm applies; the loss report sums by workshop and milyem', async () => {
    const job = (await write({ type: 'issue', workshop_id: otherWorkshopId, date: '2026-11-15', lines: [gold22(10)] })).body.voucher;
    const settle = (gross: string) => ({ type: 'receipt', workshop_id: otherWorkshopId, date: '2026-11-16', settles_id: job.id, lines: [gold22(gross, 'finished')] });
    // Not confirmed yet: nothing to settle.
    expect((await write(settle('9.99'))).body.code).toBe('VOUCHER_SETTLES_INVALID');
    await confirm(job.id, otherMaster);
    expect((await write(settle('9.99'))).body.voucher).toMatchObject({ loss_g: '0.010', loss_per_mille: '1.00', norm_per_mille: '1.50', above_norm: false });
    // The workshop's own norm, stricter, now applies to the same job.
    expect((await t.call('POST', API.metalNorms, { token: office, body: { milyem: 916, per_mille: '0.5' } })).status).toBe(403);
    const own = await t.call('POST', API.metalNorms, { token: admin, body: { workshop_id: otherWorkshopId, milyem: 916, per_mille: '0,5', valid_from: '2026-11-01' } });
    expect(own).toMatchObject({ status: 201, body: { norm: { per_mille: '0.50', workshop_id: otherWorkshopId } } });
    // A second receipt of the job, of a milligram (a line of 0 g is refused), is judged against it.
    const second = (await write(settle('0.001'))).body.voucher;
    expect(second).toMatchObject({ loss_g: '0.009', norm_per_mille: '0.50', above_norm: true });
    expect((await t.call('GET', API.metalVouchers, { token: admin })).body.vouchers.find((v: { id: number }) => v.id === second.id)).toMatchObject({ above_norm: true });
    expect((await t.call('GET', API.metalNorms, { token: office })).body.norms.map((n: { milyem: number; per_mille: string }) => `${n.milyem}:${n.per_mille}`)).toEqual(
      expect.arrayContaining(['916:1.50', '750:2.00', '585:2.50', '916:0.50']),
    );

    // Workshop A over the walk's days: 100 + 12.5 issued (12.5 reversed), 46.358 returned.
    const report = (await t.call('GET', `${API.metalLoss}?from=2026-11-01&to=2026-11-14`, { token: office })).body.loss;
    expect(report.find((row: { workshop_id: number; milyem: number }) => row.workshop_id === workshopId && row.milyem === 916)).toMatchObject({
      issued_g: '100.000',
      returned_g: '46.358',
      loss_g: '53.642',
      loss_per_mille: '536.42',
      norm_per_mille: '1.50',
      above_norm: true,
    });
    expect((await t.call('GET', API.metalLoss, { token: master })).status).toBe(403);
  });

  test("a karat option value stands for the purity its name says, until the office says otherwise", async () => {
    const { id: eighteen } = await t.db.insertInto('product_option_values').values({ option_id: 5, value_name: '18 ayar' }).returning('id').executeTakeFirstOrThrow();
    const purities = (await t.call('GET', API.metalPurities, { token: admin })).body.purities as Array<{ id: number; ayar: number | null; metal: string }>;
    const of = (ayar: number) => purities.find((p) => p.metal === 'gold' && p.ayar === ayar)!.id;
    const karat = async () => (await t.call('GET', API.metalKarats, { token: office })).body.karats.find((k: { option_value_id: number }) => k.option_value_id === eighteen);
    expect(await karat()).toEqual({ option_value_id: eighteen, value_name: '18 ayar', purity_id: of(18), set_by_office: false });
    expect((await t.call('PUT', API.metalKarat(eighteen), { token: office, body: { purity_id: of(22) } })).status).toBe(403);
    expect((await t.call('PUT', API.metalKarat(eighteen), { token: admin, body: { purity_id: 999_999 } })).body.code).toBe('PURITY_UNKNOWN');
    expect((await t.call('PUT', API.metalKarat(eighteen), { token: admin, body: {} })).status).toBe(400);
    expect((await t.call('PUT', API.metalKarat(eighteen), { token: admin, body: { purity_id: null } })).body.karat).toMatchObject({ purity_id: null, set_by_office: true });
    expect((await t.call('PUT', API.metalKarat(eighteen), { token: admin, body: { purity_id: of(22) } })).body.karat).toMatchObject({ purity_id: of(22), set_by_office: true });
    // A material value is no karat.
    const { id: material } = await t.db.insertInto('product_option_values').values({ option_id: 1, value_name: '14K Altın' }).returning('id').executeTakeFirstOrThrow();
    expect((await t.call('PUT', API.metalKarat(material), { token: admin, body: { purity_id: of(14) } })).status).toBe(404);
  });

  test('a refining lot shares its recovered fine gold by the net issued over its period, exactly', async () => {
    const body = { date: '2026-11-30', period_from: '2026-11-01', period_to: '2026-11-30', dust_g: '25,5', assayed_milyem: 80, recovered_fine_g: '1.9999' };
    expect((await t.call('POST', API.metalRefining, { token: office, body })).status).toBe(403);
    expect((await t.call('POST', API.metalRefining, { token: admin, body: { ...body, recovered_fine_g: '1.99999' } })).status).toBe(400);
    const lot = (await t.call('POST', API.metalRefining, { token: admin, body })).body.lot;
    expect(lot).toMatchObject({ number: expect.stringMatching(/^RF-\d{6}$/), dust_g: '25.500', assayed_fine_g: '2.0400', recovered_fine_g: '1.9999' });
    // Workshop A handled 100 g (its 12,5 g issue was reversed), workshop B 10 g and more.
    expect(lot.shares.find((s: { workshop_id: number }) => s.workshop_id === workshopId)).toMatchObject({ handled_g: '100.000' });
    const units = (g: string) => Number(g.replace('.', ''));
    expect(lot.shares.reduce((sum: number, s: { fine_g: string }) => sum + units(s.fine_g), 0)).toBe(19_999);
    const { workshops } = (await t.call('GET', `${API.metalLoss}?from=2026-11-01&to=2026-11-30`, { token: office })).body;
    expect(workshops.reduce((sum: number, r: { recovered_fine_g: string }) => sum + units(r.recovered_fine_g), 0)).toBe(19_999);
    // A workshop's loss in fine gold is what its account grew by over the period; the recovered share is taken off it.
    const november = await statementOf(workshopId, '?from=2026-11-01&to=2026-11-30');
    const ours = workshops.find((w: { workshop_id: number }) => w.workshop_id === workshopId);
    const share = lot.shares.find((s: { workshop_id: number }) => s.workshop_id === workshopId).fine_g;
    expect(ours).toMatchObject({ loss_fine_g: fromUnits(units(november.closing_fine_g) - units(november.opening_fine_g), FINE_PLACES), recovered_fine_g: share });
    expect(units(ours.unrecovered_fine_g)).toBe(units(ours.loss_fine_g) - units(share));
    expect((await t.call('GET', API.metalRefining, { token: office })).body.lots[0].id).toBe(lot.id);
  });

  test("a job issued in several purities is held against each line's own norm, weighed by its net", async () => {
    // 10 g of 22 ayar (norm 1.50) and 30 g of 18 ayar (norm 2.00): 1.875 per mille allowed of the 40 g.
    const issue = (await write({ type: 'issue', workshop_id: workshopId, date: '2026-12-01', lines: [gold22(10), { kind: 'raw', metal: 'gold', milyem: 750, gross_g: 30 }] })).body.voucher;
    await confirm(issue.id);
    const settle = (gross: string) => write({ type: 'receipt', workshop_id: workshopId, date: '2026-12-02', settles_id: issue.id, lines: [gold22(gross, 'finished')] });
    // 0.07 g lost is 1.75 per mille: above the 22 ayar line's norm alone, within the job's.
    expect((await settle('39.93')).body.voucher).toMatchObject({ loss_g: '0.070', loss_per_mille: '1.75', norm_per_mille: '1.88', above_norm: false });
    // A job with a line of a purity no norm names cannot be judged.
    const fine = (await write({ type: 'issue', workshop_id: workshopId, date: '2026-12-01', lines: [gold22(10), { kind: 'raw', metal: 'gold', milyem: 995, gross_g: 1 }] })).body.voucher;
    await confirm(fine.id);
    expect((await write({ type: 'receipt', workshop_id: workshopId, date: '2026-12-02', settles_id: fine.id, lines: [gold22('5', 'finished')] })).body.voucher).toMatchObject({ norm_per_mille: null, above_norm: false });
  });

  // Last: a lock closes the periods before its day for every test after it.
  test('a closed period takes no voucher, written or confirmed, and is never opened again', async () => {
    const early = (await write({ type: 'issue', workshop_id: workshopId, date: '2026-09-15', lines: [gold22(1)] })).body.voucher;
    expect((await t.call('PUT', API.metalLock, { token: office, body: { locked_before: '2026-10-01' } })).status).toBe(403);
    expect((await t.call('PUT', API.metalLock, { token: admin, body: { locked_before: '2026-10-01' } })).body).toEqual({ locked_before: '2026-10-01' });
    expect((await t.call('GET', API.metalLock, { token: master })).body).toEqual({ locked_before: '2026-10-01' });
    expect(await confirm(early.id)).toMatchObject({ status: 409, body: { code: 'METAL_PERIOD_LOCKED' } });
    expect((await write({ type: 'issue', workshop_id: workshopId, date: '2026-09-30', lines: [gold22(1)] })).body.code).toBe('METAL_PERIOD_LOCKED');
    expect((await write({ type: 'issue', workshop_id: workshopId, date: '2026-10-01', lines: [gold22(1)] })).status).toBe(201);
    expect((await t.call('PUT', API.metalLock, { token: admin, body: { locked_before: '2026-09-01' } })).body.code).toBe('METAL_LOCK_BACKWARDS');
    expect((await t.call('GET', API.metalLock, { token: admin })).body.locked_before).toBe('2026-10-01');
  });

  test('over random vouchers and reversals the balance is the exact sum of its entries', async () => {
    const owner = await userWithRole('rastgele', 3);
    const fresh = (await t.call('POST', '/api/v1/workshops', { token: admin, body: workshopBody(owner.user_id, 'W3') })).body.workshop.id as number;
    const tablet = owner.token;
    let expected = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom('issue', 'receipt'), fc.integer({ min: 1, max: 999_999_999 }), fc.constantFrom(995, 916, 750, 585, 333), fc.boolean()), { minLength: 1, maxLength: 6 }),
        async (vouchers) => {
          for (const [type, mg, milyem, reverse] of vouchers) {
            const body = { type, workshop_id: fresh, date: '2026-11-05', lines: [{ kind: 'raw', metal: 'gold', milyem, gross_g: fromUnits(mg % 100_000_000, 3) }] };
            const written = (await write(body)).body.voucher;
            await confirm(written.id, tablet);
            expected += (type === 'issue' ? 1 : -1) * Number(written.lines[0].fine_g.replace('.', ''));
            if (reverse) {
              const undo = (await write({ type, workshop_id: fresh, date: '2026-11-06', reverses_id: written.id, lines: [] })).body.voucher;
              await confirm(undo.id, tablet);
              expected -= (type === 'issue' ? 1 : -1) * Number(written.lines[0].fine_g.replace('.', ''));
            }
          }
          const statement = await statementOf(fresh);
          const entries = statement.entries.reduce((sum: number, e: { fine_g: string }) => sum + Number(e.fine_g.replace('.', '')), 0);
          return statement.closing_fine_g === fromUnits(expected, FINE_PLACES) && entries === expected;
        },
      ),
      { numRuns: 8, seed: 20261124 },
    );
  });
});
