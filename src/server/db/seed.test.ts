import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { loadConfig } from '../../../config';
import { testDatabases } from '../../../test/databases';
import { isBarcode } from '../../shared/barcode';
import { placeOf, samePlace } from '../../shared/flow';
import { applyAction, checkGram, CREATED_STATE, gramDeviates, isClosedLine, type LineAction, lineState } from '../../shared/lifecycle';
import { isLate } from '../../shared/late';
import { Role } from '../../shared/roles';
import { DEFAULT_SETTINGS } from '../../shared/schemas/settings';
import { LineStatus, NOT_STARTED, PackingStatus } from '../../shared/statuses';
import { verifyPassword } from '../modules/auth/passwords';
import { creditStandingOf } from '../modules/customers/service';
import { LINE_STATE_COLUMNS } from '../modules/order-lines/queries';
import { ACTION_NAMES } from '../modules/orders/life-cycle';
import { routingOf } from '../modules/products/service';
import { type Db, migrateToLatest, openDatabase } from '.';
import { seedOrders } from './demo-orders';
import { bootstrap } from './seed';

/** The life-cycle action of each history name, as life-cycle.ts records them. */
const ACTION_OF_NAME = new Map(Object.entries(ACTION_NAMES).map(([type, name]) => [name, type as LineAction['type']]));


const time = (at: string | null) => (at === null ? null : Date.parse(at));

/**
 * Replays every line's history through the life cycle from the created state and lists every way
 * the stored line, or a history row, differs from what the product itself would have written.
 */
async function replayDemo(db: Db, tolerance: number): Promise<string[]> {
  const lines = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('workshops as w', 'w.id', 'l.workshop_id')
    .leftJoin('customers as c', 'c.id', 'o.customer_id')
    .select([
      'l.id',
      'l.product_id',
      'o.source',
      'p.expected_weight',
      'w.user_id as workshop_user',
      'c.user_id as customer_user',
      'l.created_at',
      'l.updated_at',
      'l.delivery_to_office',
      'l.gram_flagged',
      'l.cancel_reason',
      'l.shipment_tracking_number',
      ...LINE_STATE_COLUMNS,
    ])
    .orderBy('l.id')
    .execute();
  const admin = await db.selectFrom('users').select('id').where('role_id', '=', Role.Admin).orderBy('id').executeTakeFirstOrThrow();
  const history = new Map<number, Array<{ action: string; user_id: number | null; from_status: number | null; to_status: number | null; from_step: number | null; to_step: number | null; detail: string | null; created_at: string }>>();
  for (const row of await db.selectFrom('order_line_history').selectAll().orderBy('order_line_id').orderBy('id').execute()) {
    history.set(row.order_line_id, [...(history.get(row.order_line_id) ?? []), row]);
  }
  const routings = new Map<number, number[]>();
  for (const { product_id } of lines) if (!routings.has(product_id)) routings.set(product_id, await routingOf(db, product_id));
  const now = Date.now();
  const wrong: string[] = [];
  for (const line of lines) {
    const routing = routings.get(line.product_id)!;
    let state = CREATED_STATE;
    let at = time(line.created_at)!;
    let delivered: number | null = null;
    let flagged = 0;
    let canceled: { at: number; reason: string | null } | null = null;
    let tracking: string | null = null;
    const fail = (what: string) => wrong.push(`line ${line.id}: ${what}`);
    for (const row of history.get(line.id) ?? []) {
      if (row.action === 'metal_received' || row.action === 'metal_returned') {
        // Taken into the metal ledger by a confirmed receipt, or given back by its reversal: no move,
        // by the workshop that confirmed it, naming the voucher.
        const still = row.from_status === state.status && row.to_status === state.status && row.from_step === state.step && row.to_step === state.step;
        if (!still || row.user_id !== line.workshop_user || !row.detail) fail(`${row.action} recorded ${row.from_status}/${row.from_step} -> ${row.to_status}/${row.to_step} by ${row.user_id} (${row.detail})`);
        state = { ...state, received: row.action === 'metal_received' };
        continue;
      }
      const type = ACTION_OF_NAME.get(row.action);
      if (type === undefined) {
        fail(`unknown action ${row.action}`);
        break;
      }
      const action = (
        type === 'nextStep'
          ? { type, routing }
          : type === 'qcReject'
            ? { type, returnStep: row.to_step, routing }
            : type === 'stepBack'
              ? { type, step: row.to_step, routing }
              : type === 'enterGram'
                ? { type, gram: Number(row.detail) }
                : { type }
      ) as LineAction;
      const outcome = applyAction(state, action);
      if (!outcome.ok) {
        fail(`${row.action} refused (${outcome.refusal}) at status ${state.status}, step ${state.step}`);
        break;
      }
      const rowAt = time(row.created_at)!;
      if (row.from_status !== state.status || row.from_step !== state.step || row.to_status !== outcome.next.status || row.to_step !== outcome.next.step) {
        fail(`${row.action} recorded ${row.from_status}/${row.from_step} -> ${row.to_status}/${row.to_step}, the rule says ${state.status}/${state.step} -> ${outcome.next.status}/${outcome.next.step}`);
      }
      if (rowAt < at || rowAt > now) fail(`${row.action} at ${row.created_at} is before the move before it or in the future`);
      const workshopMove = type === 'nextStep' || type === 'workshopApprove' || type === 'enterGram';
      const expectedUser = workshopMove ? line.workshop_user : type === 'customerApprove' ? line.customer_user : admin.id;
      const byShop = type === 'cancel' && line.source === 'shopify' && row.user_id === null;
      if (row.user_id !== expectedUser && !byShop) fail(`${row.action} by user ${row.user_id}, not ${expectedUser}`);
      const needsDetail = type === 'enterGram' || type === 'cancel' || type === 'ship' || type === 'stepBack';
      if (needsDetail !== (row.detail !== null && row.detail !== '')) fail(`${row.action} with detail ${row.detail}`);
      if (outcome.deliveredToOffice) delivered = rowAt;
      if (type === 'enterGram') flagged = gramDeviates(Number(row.detail), line.expected_weight, tolerance) ? 1 : 0;
      if (type === 'cancel') canceled = { at: rowAt, reason: row.detail };
      if (type === 'ship') tracking = row.detail;
      state = outcome.next;
      at = rowAt;
    }
    const stored = { ...lineState(line), gram: line.product_gram === null ? null : Number(line.product_gram) };
    if (!isDeepStrictEqual(stored, state)) fail(`stored ${JSON.stringify(stored)}, replayed ${JSON.stringify(state)}`);
    if (Number(line.gram_flagged) !== flagged) fail(`gram_flagged ${line.gram_flagged}, replayed ${flagged}`);
    if (time(line.delivery_to_office) !== delivered) fail(`delivery_to_office ${line.delivery_to_office}, replayed ${delivered}`);
    if (time(line.updated_at) !== at) fail(`updated_at ${line.updated_at}, last move ${new Date(at).toISOString()}`);
    if (time(line.canceled_at) !== (canceled?.at ?? null) || line.cancel_reason !== (canceled?.reason ?? null)) fail(`canceled ${line.canceled_at} (${line.cancel_reason})`);
    if (line.shipment_tracking_number !== tracking) fail(`tracking ${line.shipment_tracking_number}, replayed ${tracking}`);
  }
  return wrong;
}

describe.each(testDatabases())('first start on $name', (database) => {
  const configFor = (url: string, env: Record<string, string>) =>
    loadConfig({ DATABASE_URL: url, DATA_DIR: mkdtempSync(join(tmpdir(), 'seed-')), LOG_LEVEL: 'silent', ...env });
  /** Runs `work` on a new database, migrated, and closes it afterwards. */
  const onNewDatabase = async (work: (db: Db, url: string) => Promise<void>) => {
    const url = await database.create();
    const handle = openDatabase(url);
    try {
      await migrateToLatest(handle.db);
      await work(handle.db, url);
    } finally {
      await handle.close();
    }
  };

  test('creates the admin with a generated password and one demo user per role, once', async () => {
    await onNewDatabase(async (db, url) => {
      // Migrating again changes nothing.
      await migrateToLatest(db);
      const config = configFor(url, { DEMO_DATA: 'true', ADMIN_USERNAME: 'patron' });
      const accounts = await bootstrap(db, config);
      expect(accounts.map((a) => [a.username, a.role])).toEqual([
        ['patron', 2],
        ['ofis', 4],
        ['atolye', 3],
        ['musteri', 5],
        ['pasif', 1],
      ]);
      for (const account of accounts) {
        const row = await db.selectFrom('users').select(['password_hash', 'role_id']).where('username', '=', account.username).executeTakeFirstOrThrow();
        expect(await verifyPassword(account.password!, row.password_hash)).toBe(true);
        expect(row.role_id).toBe(account.role);
      }
      expect(await bootstrap(db, config)).toEqual([]);

      // The demo catalogue: products with options and routings, workshops and customers of the demo users.
      const count = async (table: 'products' | 'workshops' | 'customers' | 'product_production_steps') =>
        Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      expect(await count('products')).toBe(300);
      expect(await count('workshops')).toBeGreaterThanOrEqual(3);
      expect(await count('customers')).toBeGreaterThanOrEqual(2);
      expect(await count('product_production_steps')).toBeGreaterThan(600);
      // The demo steps reuse the built-in ones rather than add namesakes.
      const steps = (await db.selectFrom('production_steps').select('step_name').execute()).map((s) => s.step_name);
      expect(steps.filter((name) => ['Kesim', 'Kaynak', 'Cila', 'Kalite Kontrol'].includes(name)).sort()).toEqual(['Cila', 'Kalite Kontrol', 'Kaynak', 'Kesim']);
      expect(new Set(steps).size).toBe(steps.length);
      const atolye = await db.selectFrom('users').select('id').where('username', '=', 'atolye').executeTakeFirstOrThrow();
      expect(await db.selectFrom('workshops').select('name').where('user_id', '=', atolye.id).executeTakeFirst()).toBeDefined();
      const musteri = await db.selectFrom('users').select('id').where('username', '=', 'musteri').executeTakeFirstOrThrow();
      expect(await db.selectFrom('customers').select('name').where('user_id', '=', musteri.id).executeTakeFirst()).toBeDefined();

      // Orders with lines in every state, some of them the demo customer's and the demo workshop's.
      const statuses = await db.selectFrom('order_lines').select('order_line_status_id').distinct().execute();
      expect(statuses.map((s) => s.order_line_status_id).sort()).toEqual([1, 2, 3, 4, 5]);
      const customer = await db.selectFrom('customers').select('id').where('user_id', '=', musteri.id).executeTakeFirstOrThrow();
      const own = await db.selectFrom('orders').select('id').where('customer_id', '=', customer.id).execute();
      expect(own.length).toBeGreaterThan(0);
    });
  });

  test("the demo's metal ledger: confirmed jobs settled by their receipts, one above its norm, a refining lot and a voucher waiting for the tablet", async () => {
    await onNewDatabase(async (db, url) => {
      await bootstrap(db, configFor(url, { DEMO_DATA: 'true' }));
      const vouchers = await db.selectFrom('metal_vouchers').select(['type', 'status', 'settles_id', 'above_norm']).orderBy('id').execute();
      const receipts = vouchers.filter((v) => v.type === 'receipt');
      expect(receipts.length).toBeGreaterThan(0);
      expect(receipts.every((v) => v.status === 'confirmed' && v.settles_id !== null)).toBe(true);
      expect(receipts.map((v) => v.above_norm)).toContain(1);
      expect(vouchers.at(-1)).toMatchObject({ type: 'issue', status: 'pending' });
      expect(await db.selectFrom('metal_refining_lots').select('id').execute()).toHaveLength(1);
      const received = await db.selectFrom('order_lines').select('id').where('metal_received_at', 'is not', null).execute();
      expect(received.length).toBeGreaterThan(0);
    });
  });

  test('every demo line is one the life cycle could have produced: its history replays to its state', async () => {
    await onNewDatabase(async (db, url) => {
      // A tolerance other than the default, so a flag set against the default would show.
      const tolerance = 4;
      await db.insertInto('settings').values({ key: 'general', value: JSON.stringify({ ...DEFAULT_SETTINGS, gram_tolerance_percent: tolerance }), updated_at: new Date().toISOString() }).execute();
      await bootstrap(db, configFor(url, { DEMO_DATA: 'true' }));
      // Beyond the demo's hundred lines, enough for every kind of move to occur.
      await seedOrders(db, 1500, null, 3);
      const customer = await db.selectFrom('customers').select('id').orderBy('id').executeTakeFirstOrThrow();
      await seedOrders(db, 1500, customer.id, 4);

      const wrong = await replayDemo(db, tolerance);
      expect({ count: wrong.length, first: wrong.slice(0, 10) }).toEqual({ count: 0, first: [] });

      const lines = await db
        .selectFrom('order_lines as l')
        .innerJoin('products as p', 'p.id', 'l.product_id')
        .select(['l.order_line_status_id', 'l.current_order_line_process', 'l.product_gram', 'l.gram_flagged', 'l.packing_status_id', 'l.canceled_at', 'l.delivery_to_office', 'l.production_expected_date', 'p.expected_weight', 'l.barcode', 'l.closed_at'])
        .execute();
      // A line closed (canceled or shipped) has the time it closed, as the line writer records it; no other has one.
      expect(lines.filter((l) => isClosedLine(l) !== (l.closed_at !== null))).toEqual([]);
      // Every piece stays where it stands now, in one open stay (none once closed), as the line writer records it.
      const places = await db
        .selectFrom('order_lines as l')
        .leftJoin('line_stays as s', (join) => join.onRef('s.order_line_id', '=', 'l.id').on('s.left_at', 'is', null))
        .select(['l.id', 'l.workshop_id', 'l.order_line_status_id', 'l.current_order_line_process', 'l.canceled_at', 'l.packing_status_id', 's.workshop_id as stay_workshop', 's.phase', 's.step_id'])
        .execute();
      const stayOf = (l: (typeof places)[number]) => (l.phase === null ? null : { workshop_id: l.stay_workshop, phase: l.phase, step_id: l.step_id });
      const placeNow = (l: (typeof places)[number]) => placeOf({ status: l.order_line_status_id, step: l.current_order_line_process, workshop: l.workshop_id, closed: isClosedLine(l) });
      expect(places.length).toBe(lines.length);
      expect(places.filter((l) => !samePlace(stayOf(l), placeNow(l)))).toEqual([]);
      // Every line has a valid barcode of its own, as the line writer gives them.
      expect(lines.filter((l) => !isBarcode(l.barcode))).toEqual([]);
      expect(new Set(lines.map((l) => l.barcode)).size).toBe(lines.length);
      expect(lines.filter((l) => l.order_line_status_id === LineStatus.Completed && l.current_order_line_process === NOT_STARTED)).toEqual([]);
      const weighed = lines.filter((l) => l.product_gram !== null);
      const deviates = (l: (typeof lines)[number]) => gramDeviates(Number(l.product_gram), l.expected_weight, tolerance);
      expect(weighed.filter((l) => Number(l.gram_flagged) === 1 && !deviates(l))).toEqual([]);
      expect(weighed.filter((l) => Number(l.gram_flagged) === 0 && deviates(l))).toEqual([]);
      // Every demo weighing is one the gram routes take unasked (issue 24's bounds).
      expect(weighed.filter((l) => checkGram(Number(l.product_gram), l.expected_weight, DEFAULT_SETTINGS).verdict !== 'fine')).toEqual([]);

      // The walk reaches every state and every kind of move.
      expect([...new Set(lines.map((l) => l.order_line_status_id))].sort()).toEqual([1, 2, 3, 4, 5]);
      expect(weighed.some((l) => Number(l.gram_flagged) === 1)).toBe(true);
      expect(weighed.some((l) => Number(l.gram_flagged) === 0)).toBe(true);
      expect(lines.some((l) => l.canceled_at !== null)).toBe(true);
      expect(lines.some((l) => l.packing_status_id === PackingStatus.HandedToCarrier)).toBe(true);
      expect(lines.some((l) => isLate(l))).toBe(true);
      const actions = await db.selectFrom('order_line_history').select('action').distinct().execute();
      // Every move of the life cycle, and the demo workshop's pieces received into the metal ledger.
      expect(actions.map((a) => a.action).sort()).toEqual([...Object.values(ACTION_NAMES), 'metal_received'].sort());
      const canceledOrders = await db.selectFrom('orders').select('id').where('canceled_at', 'is not', null).execute();
      expect(canceledOrders.length).toBeGreaterThan(0);
    });
  });

  test('the demo data tells one story: completed lines at their last step, options that agree, credit that covers the open orders, order numbers without gaps', async () => {
    await onNewDatabase(async (db, url) => {
      await bootstrap(db, configFor(url, { DEMO_DATA: 'true' }));

      const completed = await db.selectFrom('order_lines').select(['id', 'product_id', 'current_order_line_process']).where('order_line_status_id', '=', LineStatus.Completed).execute();
      expect(completed.length).toBeGreaterThan(0);
      const notAtLast = [];
      for (const line of completed) if ((await routingOf(db, line.product_id)).at(-1) !== line.current_order_line_process) notAtLast.push(line);
      expect(notAtLast).toEqual([]);

      // A gold's karat is the one its name says; silver and platinum have none: in the catalogue and on the lines.
      const names = new Map((await db.selectFrom('product_option_values').select(['id', 'value_name']).execute()).map((value) => [value.id, value.value_name]));
      const chosen = [
        ...(await db.selectFrom('products').select(['material_id', 'karat_id']).distinct().execute()),
        ...(await db.selectFrom('order_lines').select(['material_id', 'karat_id']).distinct().execute()),
      ].map((row) => ({ material: names.get(row.material_id ?? -1) ?? null, karat: names.get(row.karat_id ?? -1) ?? null }));
      expect(chosen.some((row) => row.karat !== null)).toBe(true);
      const disagree = chosen.filter(({ material, karat }) => {
        const gold = /^(\d+)K Altın$/.exec(material ?? '');
        return karat !== (gold ? `${gold[1]} ayar` : null);
      });
      expect(disagree).toEqual([]);

      const customers = await db.selectFrom('customers').select(['id', 'name', 'credit', 'credit_currency']).execute();
      const standings = await Promise.all(customers.map(async (customer) => ({ name: customer.name, ...(await creditStandingOf(db, customer)) })));
      expect(standings.some((standing) => standing.open_order_amount > 0)).toBe(true);
      expect(standings.filter((standing) => standing.available_credit < 0)).toEqual([]);

      // Each kind of number (a manual order's B2B-000001, a shop's #1001) counts on by one.
      const numbers = (await db.selectFrom('orders').select('order_number').orderBy('id').execute()).map((o) => o.order_number);
      const runs = new Map<string, number[]>();
      for (const number of numbers) {
        const [, prefix = number, digits = 'NaN'] = /^(.*?)(\d+)$/.exec(number) ?? [];
        runs.set(prefix, [...(runs.get(prefix) ?? []), Number(digits)]);
      }
      expect([...runs.keys()].sort()).toEqual(['#', 'B2B-']);
      for (const [prefix, run] of runs) expect({ prefix, run }).toEqual({ prefix, run: run.map((_, index) => run[0] + index) });
    });
  });

  test('the same seed gives the same demo lines and moves', async () => {
    await onNewDatabase(async (db, url) => {
      await bootstrap(db, configFor(url, { DEMO_DATA: 'true' }));
      const walked = async () => {
        const after = Number((await db.selectFrom('order_lines').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id);
        await seedOrders(db, 300, null, 21);
        const lines = await db
          .selectFrom('order_lines')
          .select(['id', 'product_id', 'item_index', 'item_count', 'order_line_status_id', 'current_order_line_process', 'workshop_started_process_id', 'quality_control_id', 'product_gram', 'packing_status_id', 'customer_approval_status_id', 'gram_flagged', 'cancel_reason'])
          .where('id', '>', after)
          .orderBy('id')
          .execute();
        const history = await db.selectFrom('order_line_history').select(['order_line_id', 'action', 'to_step', 'detail']).where('order_line_id', '>', after).orderBy('id').execute();
        return lines.map(({ id, ...line }) => ({ ...line, moves: history.filter((h) => h.order_line_id === id).map(({ order_line_id: _, ...move }) => move) }));
      };
      const first = await walked();
      expect(first).toHaveLength(300);
      expect(await walked()).toEqual(first);
    });
  });

  test('takes the admin password from ADMIN_PASSWORD and adds no demo users without DEMO_DATA', async () => {
    await onNewDatabase(async (db, url) => {
      const accounts = await bootstrap(db, configFor(url, { DEMO_DATA: 'false', ADMIN_PASSWORD: 'given-secret' }));
      expect(accounts).toEqual([{ username: 'admin', password: null, role: 2 }]);
      const row = await db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
      expect(await verifyPassword('given-secret', row.password_hash)).toBe(true);
    });
  });
});
