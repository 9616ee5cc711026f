import { testDatabases } from '../../../../test/databases';
import { countedFigureSums, keptFigureSums } from '../../../../test/figure-sums';
import { startTestApp, type TestApp } from '../../../../test/server';
import { stayCountsKeptAndCounted } from '../../../../test/stay-counts';
import { sql } from 'kysely';
import { API, type LineHistoryDto } from '../../../shared/api';
import { isClosedLine } from '../../../shared/lifecycle';
import { Role } from '../../../shared/roles';
import { lineBus } from '../live/bus';
import { closedSql } from '../order-lines/figures';
import { type ShopOrder, takeShopOrder } from '../shopify/intake';

/*
 * Every path that writes order lines goes through the line writer: each line it changes gets
 * exactly one history row and one row of the change log (a line made gets its change, its history
 * beginning with its first move), and an action answers the version of each change it made.
 */
describe.each(testDatabases())('the line writer on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let master: string;
  let buyer: string;
  let workshop: number;
  let otherWorkshop: number;
  let product: number;
  let steps: number[];
  let store: { id: number; user_id: number };
  // The shop's intake runs in a job; here it is called as the job calls it.
  const bus = lineBus({ dialect: 'sqlite', databaseUrl: '', log: { warn: () => undefined, info: () => undefined } });

  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
    const m = await t.newUserAs('usta_yazici', Role.Workshop);
    const other = await t.newUserAs('usta_diger', Role.Workshop);
    const b = await t.newUserAs('alici_yazici', Role.Customer);
    [master, buyer] = [m.token, b.token];
    const details = { address: 'x', company_name: 'x', tax_number: '1' };
    workshop = (await t.call('POST', API.workshops, { token: admin, body: { ...details, name: 'Birinci', code: 'B1', phone_number: '1', user_id: m.user_id } })).body.workshop.id;
    otherWorkshop = (await t.call('POST', API.workshops, { token: admin, body: { ...details, name: 'İkinci', code: 'B2', phone_number: '1', user_id: other.user_id } })).body.workshop.id;
    await t.call('POST', API.customers, { token: admin, body: { ...details, name: 'Alıcı', email: 'a@example.com', phone: '1', credit: 1_000_000, user_id: b.user_id } });
    steps = [];
    for (const step_name of ['Döküm', 'Rodaj']) steps.push((await t.call('POST', API.productionSteps, { token: admin, body: { step_name } })).body.production_step.id);
    product = (await t.call('POST', API.products, { token: admin, body: { title: 'Yüzük', price: 1000, expected_weight: 4 } })).body.product.id;
    await t.call('PUT', API.routingBulk, { token: admin, body: { product_id: product, steps: steps.map((step_id, i) => ({ step_id, position_in_process: i + 1 })) } });
    await t.call('PUT', API.workshopAssignProduct(workshop), { token: admin, body: { product_id: product } });
    await t.db.updateTable('products').set({ shopify_variant_id: '7001' }).where('id', '=', product).execute();
    const connected = await t.call('POST', API.shopCredentials, {
      token: admin,
      body: { user_id: b.user_id, shop_name: 'yazici', shop_domain: 'yazici.myshopify.com', api_key: 'key', api_secret: 'secret', access_token: 'token', webhook_secret: 'hook' },
    });
    store = { id: connected.body.shop.id, user_id: b.user_id };
  });
  afterAll(() => t.close());

  const at = '2026-11-24T09:00:00.000Z';
  const shopOrder = (id: string, quantity: number, cancelledAt: string | null = null): ShopOrder => ({
    id,
    name: `#${id}`,
    email: null,
    phone: null,
    note: null,
    currency: 'TRY',
    createdAt: at,
    updatedAt: at,
    cancelledAt,
    cancelReason: cancelledAt ? 'CUSTOMER' : null,
    shipping: { firstName: 'Ayşe', lastName: null, address: 'x', city: null, province: null, zip: null, country: null, phone: null },
    items: [{ id: `${id}1`, variantId: '7001', sku: null, title: 'Yüzük', quantity, price: 1000, properties: [] }],
  });
  const takeShop = (order: ShopOrder) => bus.write(t.db, (trx, record) => takeShopOrder(trx, record, store, order));
  const linesOf = async (orderId: number) => (await t.db.selectFrom('order_lines').select('id').where('order_id', '=', orderId).orderBy('id').execute()).map((line) => line.id);
  const placed = async (quantity: number) => {
    const answer = await t.call('POST', API.manualOrder, { token: buyer, body: { address: 'x', email: 'a@example.com', phone_number: '1', country: 'TR', zip_code: '1', products: [{ product_id: product, quantity }] } });
    return linesOf(answer.body.order.id);
  };
  const orderOf = async (line: number) => (await t.db.selectFrom('order_lines').select('order_id').where('id', '=', line).executeTakeFirstOrThrow()).order_id;

  /** The body of an answer that must succeed. */
  const ok = (answer: { status: number; body: { versions?: Record<string, number>; voucher?: { id: number } } }) => {
    if (answer.status >= 300) throw new Error(`answered ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const as = (token: () => string) => async (method: 'PATCH' | 'POST' | 'PUT', path: string, body: unknown = {}) => ok(await t.call(method, path, { token: token(), body }));
  const [byMaster, byAdmin, byBuyer] = [as(() => master), as(() => admin), as(() => buyer)];
  /** The lines each path made, for the paths after it. */
  const made: Record<'manual' | 'shop' | 'shopCanceled', number[]> = { manual: [], shop: [], shopCanceled: [] };
  const walked = () => made.manual[0];
  const other = () => made.manual[1];
  let receipt: number;

  /** What a path changed (the lines it is expected to change) and the versions its answer gave (an action's). */
  type Outcome = { lines: number[]; versions?: Record<string, number> };
  const acted = async (line: number, answer: Promise<{ versions?: Record<string, number> }>): Promise<Outcome> => ({ lines: [line], versions: (await answer).versions });

  /** Every writer path, in an order the life cycle takes; each runs after the ones above it. */
  const PATHS: Array<[name: string, history: 0 | 1, run: () => Promise<Outcome>]> = [
    ['manual order', 0, async () => ({ lines: (made.manual = await placed(2)) })],
    ['shop order', 0, async () => ({ lines: (made.shop = await linesOf((await takeShop(shopOrder('5001', 2))).order_id)) })],
    ['another shop order', 0, async () => ({ lines: (made.shopCanceled = await linesOf((await takeShop(shopOrder('5002', 1))).order_id)) })],
    ['workshop approval', 1, () => acted(walked(), byMaster('PATCH', API.myWorkshopApprove(walked()), { approved: true }))],
    ['next step, the first', 1, () => acted(walked(), byMaster('PATCH', API.myWorkshopNextStep(walked())))],
    ['next step', 1, () => acted(walked(), byMaster('PATCH', API.myWorkshopNextStep(walked())))],
    ['next step into quality control', 1, () => acted(walked(), byMaster('PATCH', API.myWorkshopNextStep(walked())))],
    ['quality rejection', 1, () => acted(walked(), byAdmin('PUT', API.qualityStatus(walked()), { approved: false, reason: 'Çizik', return_step_id: steps[1] }))],
    ['next step after the rework', 1, () => acted(walked(), byMaster('PATCH', API.myWorkshopNextStep(walked())))],
    ['quality approval', 1, () => acted(walked(), byAdmin('PUT', API.qualityStatus(walked()), { approved: true }))],
    ['gram entry', 1, () => acted(walked(), byMaster('POST', API.myWorkshopGram(walked()), { product_gram: 4.1 }))],
    ['gram weighed again', 1, () => acted(walked(), byMaster('POST', API.myWorkshopGram(walked()), { product_gram: 4.2 }))],
    ['gram correction', 1, () => acted(walked(), byAdmin('PUT', API.correctGram(walked()), { product_gram: 4.15 }))],
    [
      'metal receipt',
      1,
      async () => {
        const [piece] = (await t.call('GET', API.metalReceivable(workshop), { token: admin })).body.pieces;
        const finished = { kind: 'finished', metal: 'gold', milyem: 750, gross_g: piece.gross_g, order_product_id: walked() };
        receipt = (await byAdmin('POST', API.metalVouchers, { type: 'receipt', workshop_id: workshop, date: '2026-11-20', lines: [finished] })).voucher!.id;
        await byMaster('POST', API.metalVoucherConfirm(receipt));
        return { lines: [walked()] };
      },
    ],
    [
      'metal receipt reversed',
      1,
      async () => {
        const undo = (await byAdmin('POST', API.metalVouchers, { type: 'receipt', workshop_id: workshop, date: '2026-11-21', reverses_id: receipt, lines: [] })).voucher!.id;
        await byMaster('POST', API.metalVoucherConfirm(undo));
        return { lines: [walked()] };
      },
    ],
    ['packing approval', 1, () => acted(walked(), byAdmin('PUT', API.approveShipping(walked())))],
    ['customer approval', 1, () => acted(walked(), byBuyer('PATCH', API.myCustomerApprove(walked()), { approved: true }))],
    ['shipment', 1, () => acted(walked(), byAdmin('PUT', API.shipment(walked()), { shipment_tracking_number: 'YK-1' }))],
    ['next step of another line', 1, () => acted(other(), byMaster('PATCH', API.myWorkshopNextStep(other())))],
    ['next step of it', 1, () => acted(other(), byMaster('PATCH', API.myWorkshopNextStep(other())))],
    ['step back', 1, () => acted(other(), byAdmin('PUT', API.stepBack(other()), { step_id: steps[0], reason: 'Ölçü' }))],
    [
      'product move',
      1,
      async () => {
        await byAdmin('PUT', API.workshopAssignProduct(otherWorkshop), { product_id: product });
        // The lines not started follow their product; the ones in production stay.
        return { lines: [...made.shop, ...made.shopCanceled] };
      },
    ],
    ['line cancel', 1, () => acted(other(), byAdmin('PUT', API.cancelLine(other()), { reason: 'Vazgeçti' }))],
    ['order cancel', 1, async () => ({ lines: made.shop, versions: (await byAdmin('PUT', API.cancelOrder(await orderOf(made.shop[0])), { reason: 'Vazgeçti' })).versions })],
    [
      "the shop's cancellation",
      1,
      async () => {
        await takeShop(shopOrder('5002', 1, '2026-11-24T10:00:00.000Z'));
        return { lines: made.shopCanceled };
      },
    ],
  ];

  const last = async (table: 'order_line_history' | 'order_line_changes') => Number((await t.db.selectFrom(table).select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);
  /** Rows of either table written after `since`, as line id -> count; the change log's with their ids. */
  async function writtenSince(since: { history: number; changes: number }) {
    const history = await t.db.selectFrom('order_line_history').select('order_line_id as line').where('id', '>', since.history).execute();
    const changes = await t.db.selectFrom('order_line_changes').select(['id', 'line_id as line']).where('id', '>', since.changes).orderBy('id').execute();
    const count = (rows: Array<{ line: number }>) => rows.reduce<Record<number, number>>((counts, row) => ({ ...counts, [row.line]: (counts[row.line] ?? 0) + 1 }), {});
    return { history: count(history), changes: count(changes), versions: Object.fromEntries(changes.map((row) => [String(row.line), row.id])) };
  }

  test('each writer path writes one history row (none for a line made) and one change per line changed, and an action answers its versions; the figure sums follow', async () => {
    for (const [name, history, run] of PATHS) {
      const since = { history: await last('order_line_history'), changes: await last('order_line_changes') };
      const outcome = await run();
      const written = await writtenSince(since);
      const each = (count: number) => Object.fromEntries(outcome.lines.map((line) => [line, count]));
      expect({ name, history: written.history, changes: written.changes }).toEqual({ name, history: history ? each(1) : {}, changes: each(1) });
      if (outcome.versions) expect({ name, versions: outcome.versions }).toEqual({ name, versions: written.versions });
      // The figures' sums follow every write: as if counted again from every line.
      expect({ name, ...(await keptFigureSums(t.db)) }).toEqual({ name, ...(await countedFigureSums(t.db)) });
    }
  });

  test('a line records when it closed: its cancellation, or its shipment (its last history row); an open or unshipped line has no such time', async () => {
    await placed(1);
    const lines = await t.db
      .selectFrom('order_lines as l')
      .select(['l.id', 'l.canceled_at', 'l.packing_status_id', 'l.closed_at', sql<number>`case when ${closedSql()} then 1 else 0 end`.as('closed')])
      .orderBy('l.id')
      .execute();
    const shippedAt = async (id: number) =>
      (await t.db.selectFrom('order_line_history').select('created_at').where('order_line_id', '=', id).where('action', '=', 'ship').executeTakeFirstOrThrow()).created_at;
    const instant = (at: string | null) => (at === null ? null : new Date(at).toISOString());
    // The walk's paths leave lines canceled (three ways) and shipped; the one just placed is open.
    expect(lines.filter((line) => isClosedLine(line)).length).toBeGreaterThan(2);
    expect(lines.some((line) => !isClosedLine(line))).toBe(true);
    for (const line of lines) {
      // The SQL twin and the shared rule agree on every line.
      expect({ id: line.id, closed: Number(line.closed) === 1 }).toEqual({ id: line.id, closed: isClosedLine(line) });
      const expected = !isClosedLine(line) ? null : line.canceled_at !== null ? instant(line.canceled_at) : instant(await shippedAt(line.id));
      expect({ id: line.id, closed_at: instant(line.closed_at) }).toEqual({ id: line.id, closed_at: expected });
    }
  });

  test("a moved line's history names the workshop it left and the one it went to", async () => {
    const history = (await t.call('GET', API.lineHistory(made.shop[0]), { token: admin })).body.history as LineHistoryDto[];
    expect(history.find((row) => row.action === 'workshop_move')).toMatchObject({
      from_workshop_id: workshop,
      from_workshop_name: 'Birinci',
      to_workshop_id: otherWorkshop,
      to_workshop_name: 'İkinci',
      from_step: -1,
      to_step: -1,
    });
    // Each later row says where the piece was: the workshop it went to.
    expect(history.filter((row) => row.action !== 'workshop_move').map((row) => [row.action, row.from_workshop_name, row.to_workshop_name])).toEqual([['cancel', 'İkinci', 'İkinci']]);
  });

  test("every move records the piece's stays: one per place, each left when the next begins, none open once the line is closed", async () => {
    const staysOf = (line: number) =>
      t.db.selectFrom('line_stays').select(['workshop_id', 'phase', 'step_id', 'entered_at', 'left_at']).where('order_line_id', '=', line).orderBy('entered_at').orderBy('id').execute();
    const places = async (line: number) => (await staysOf(line)).map((stay) => [stay.workshop_id, stay.phase, stay.step_id]);
    const [first, second] = steps;
    // Made, steps, quality control, rejected back to a step, quality control again, packing,
    // completed until handed to the carrier; approvals, grams and metal receipts move nothing.
    expect(await places(walked())).toEqual([
      [workshop, 'waiting', null],
      [workshop, 'step', first],
      [workshop, 'step', second],
      [workshop, 'quality_control', null],
      [workshop, 'step', second],
      [workshop, 'quality_control', null],
      [workshop, 'packing', null],
      [workshop, 'carrier', null],
    ]);
    expect(await places(other())).toEqual([
      [workshop, 'waiting', null],
      [workshop, 'step', first],
      [workshop, 'step', second],
      [workshop, 'step', first],
    ]);
    // Following their product to another workshop, then canceled.
    for (const line of [...made.shop, ...made.shopCanceled]) {
      expect(await places(line)).toEqual([
        [workshop, 'waiting', null],
        [otherWorkshop, 'waiting', null],
      ]);
    }
    for (const line of [walked(), other(), ...made.shop, ...made.shopCanceled]) {
      const stays = await staysOf(line);
      // Each stay is left when the next one begins; the last one when the line closed.
      stays.forEach((stay, index) => expect(stay.left_at).toEqual(stays[index + 1]?.entered_at ?? stay.left_at));
      const closed = await t.db.selectFrom('order_lines').select('closed_at').where('id', '=', line).executeTakeFirstOrThrow();
      expect(new Date(stays.at(-1)!.left_at!).toISOString()).toBe(new Date(closed.closed_at!).toISOString());
    }

    // A piece of a product in no workshop waits for one, until its product is put in one.
    const loose = (await t.call('POST', API.products, { token: admin, body: { title: 'Kolye', price: 500 } })).body.product.id;
    const answer = await byBuyer('POST', API.manualOrder, { address: 'x', email: 'a@example.com', phone_number: '1', country: 'TR', zip_code: '1', products: [{ product_id: loose, quantity: 1 }] });
    const [line] = await linesOf((answer as unknown as { order: { id: number } }).order.id);
    expect(await staysOf(line)).toEqual([expect.objectContaining({ workshop_id: null, phase: 'unassigned', step_id: null, left_at: null })]);
    await byAdmin('PUT', API.workshopAssignProduct(workshop), { product_id: loose });
    const stays = await staysOf(line);
    expect(stays.map((stay) => [stay.workshop_id, stay.phase, stay.left_at === null])).toEqual([
      [null, 'unassigned', false],
      [workshop, 'waiting', true],
    ]);
    const open = await t.db.selectFrom('line_stays').select('order_line_id').where('left_at', 'is', null).execute();
    expect(new Set(open.map((stay) => stay.order_line_id)).size).toBe(open.length);
    // The flow report's counts kept by every move, as counted again from the stays.
    const counts = await stayCountsKeptAndCounted(t.db);
    expect(counts.kept).toEqual(counts.counted);
  });
});
