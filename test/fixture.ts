import { createHash } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { RouteEntry } from '../src/server/plugins/route-table';
import { API } from '../src/shared/api';
import { Role, type RoleId } from '../src/shared/roles';
import { ADMIN, startTestApp, type TestApp } from './server';

/*
 * The shared world of the generated route tests (src/server/route-table.test.ts, fuzz.test.ts): a
 * user of every role, two workshops and two customers, each with its own product and order line,
 * a routing, a workshop process and an option value, so every path parameter of every route can
 * name a real record. Also: who calls (the callers), the fingerprint of the stored data, and a
 * request that must answer in time.
 */

/** Who calls a route: nobody, a user of each role, and the other workshop and customer, who own line B. */
export interface Caller {
  name: string;
  /** null: anonymous (no Authorization header). */
  role: RoleId | null;
  /** 'A' for the owners of line A (and every other user), 'B' for the other workshop and customer. */
  owner: 'A' | 'B';
  username?: string;
  password?: string;
  userId?: number;
  token?: string;
}

export interface FixtureIds {
  /** Workshop A (of the 'workshop' caller) and B (of 'other workshop'). */
  workshop: number;
  otherWorkshop: number;
  customer: number;
  otherCustomer: number;
  /** Product A (in workshop A, with a routing of two steps) and B (in workshop B, built-in process). */
  product: number;
  otherProduct: number;
  /** An office-made step used by product A's routing. */
  step: number;
  /** A step of workshop A's process list. */
  process: number;
  option: number;
  optionValue: number;
  /** An entry of the fixed lists (statuses ...). */
  lookup: number;
  /** Line A: product A, workshop A, customer A; line B the same with B. */
  line: number;
  otherLine: number;
  /** The order of line A. */
  lineOrder: number;
  /** A purity of the metal ledger's table, and a pending voucher issued to workshop A. */
  purity: number;
  voucher: number;
  /** A karat option value. */
  karat: number;
  /** A named view of the admin's order grid. */
  gridView: number;
  /** Workshop A's notification of line A, given to it. */
  notification: number;
}

/** What a refused request may still write, and why; everything else is fingerprinted. */
export const NOT_FINGERPRINTED = {
  /*
   * The abuse limits count refused attempts (a wrong password, a taken name, a reset request):
   * counting them is what the table is for, on a refusal as on a success.
   */
  /*
   * The figures' sums and counts, and their parts not yet added (migration 0042), follow the lines and
   * orders, which are fingerprinted; on PostgreSQL the server folds the parts into them in the
   * background, whatever request is answered meanwhile.
   */
  tables: ['rate_limits', 'line_figure_sums', 'line_figure_deltas', 'line_figure_order_counts', 'line_figure_count_deltas'],
  /*
   * The guard records a session's activity (at most once a minute) before it checks the role. The job
   * worker works stored jobs (a store's subscriptions) in the background, whatever request is answered
   * meanwhile: a job's state is its own, but a refused request that stores a job still shows as a row.
   */
  columns: {
    sessions: ['last_activity_at'],
    jobs: ['status', 'attempts', 'run_after', 'locked_until', 'last_error', 'updated_at', 'finished_at'],
  } as Record<string, string[]>,
};

/** Longest wait for one answer; inject has no network, so only a hung handler reaches it. */
export const REQUEST_TIMEOUT_MS = 10_000;

export const routeKey = (route: Pick<RouteEntry, 'method' | 'url'>) => `${route.method} ${route.url}`;

/** Declared: public, or a non-empty list of roles. */
export function isDeclared(route: RouteEntry): boolean {
  return route.config.public === true || (Array.isArray(route.config.roles) && route.config.roles.length > 0);
}

/** Path parameters of a route pattern (`:id`, `:processId`). */
export function paramsOf(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((match) => match[1]);
}

/**
 * The record each path parameter names, by the route's path: ids of real records, so an allowed
 * call reaches its handler. A parameter no rule knows fails the test that asks (a new route needs
 * a rule here).
 */
const PARAM_RULES: Array<[pattern: RegExp, ids: (f: FixtureIds) => Record<string, number>]> = [
  [/\/production-steps\/:id\b/, (f) => ({ id: f.step })],
  [/\/(statuses|quality-control-statuses|packing-statuses)\/:id\b/, (f) => ({ id: f.lookup })],
  [/\/product-option-values\/:id\b/, (f) => ({ id: f.optionValue })],
  [/\/product-options\/:id\b/, (f) => ({ id: f.option })],
  [/\/workshops\/:id\/processes\/:processId\b/, (f) => ({ id: f.workshop, processId: f.process })],
  [/\/workshops\/:id\b/, (f) => ({ id: f.workshop })],
  [/\/products?\/:id\b/, (f) => ({ id: f.product })],
  [/\/customers(\/B2B)?\/:id\b/, (f) => ({ id: f.customer })],
  [/\/orders\/:id\/cancel\b/, (f) => ({ id: f.lineOrder })],
  [/\/metal\/purities\/:id\b/, (f) => ({ id: f.purity })],
  [/\/metal\/karats\/:id\b/, (f) => ({ id: f.karat })],
  [/\/metal\/vouchers\/:id\b/, (f) => ({ id: f.voucher })],
  [/\/metal\/workshops\/:id\b/, (f) => ({ id: f.workshop })],
  [/\/me\/grid-views\/\w+\/:id\b/, (f) => ({ id: f.gridView })],
  [/\/notifications\/:id\b/, (f) => ({ id: f.notification })],
  // No connection has this id (404): a real one would send the call to a store over the network.
  [/\/technical\/shops\/:id\b/, () => ({ id: 999_999 })],
  // No job or waiting item has this id (404 and 409 are the answers these routes give anyway).
  [/\/technical\/shopify\/(jobs|pending-items)\/:id\b/, () => ({ id: 999_999 })],
  // No mail server in the probes: a mail id that is none.
  [/\/mail\/:id\b/, () => ({ id: 999_999 })],
];

/** The fixture's id for each parameter of `route` (an owned line's route: line A). */
export function paramIds(route: RouteEntry, ids: FixtureIds): Record<string, number> {
  const names = paramsOf(route.url);
  if (names.length === 0) return {};
  if (route.config.owns === 'line') return { id: ids.line };
  const rule = PARAM_RULES.find(([pattern]) => pattern.test(route.url));
  const found = rule ? rule[1](ids) : {};
  const missing = names.filter((name) => found[name] === undefined);
  if (missing.length) throw new Error(`test/fixture.ts has no record for :${missing.join(', :')} of ${routeKey(route)}`);
  return found;
}

/** The route's path with each parameter replaced (values are inserted as given: encode them first). */
export function fillPath(url: string, values: Record<string, string | number>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => String(values[name]));
}

/** An injected request that must answer within REQUEST_TIMEOUT_MS, else the test fails. */
export async function answerOf(t: TestApp, options: InjectOptions, timeoutMs = REQUEST_TIMEOUT_MS): Promise<LightMyRequestResponse> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms: ${options.method} ${options.url}`)), timeoutMs);
  });
  try {
    return await Promise.race([t.app.inject(options), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Per table: its row count and a hash of its rows in primary-key order. */
export type Fingerprint = Map<string, { rows: number; hash: string }>;

/** The tables whose fingerprint differs, with their row counts before and after. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name)?.hash !== after.get(name)?.hash || before.get(name)?.rows !== after.get(name)?.rows)
    .map((name) => `${name} (${before.get(name)?.rows ?? '-'} -> ${after.get(name)?.rows ?? '-'} rows)`);
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Reads the fingerprint of every table (but NOT_FINGERPRINTED) in one statement: the row count and
 * every row as JSON in primary-key order, hashed here. Tables and keys come from the catalogue, so
 * a table added later is fingerprinted too.
 */
async function fingerprinter(t: TestApp): Promise<() => Promise<Fingerprint>> {
  const postgres = t.config.databaseUrl.startsWith('postgres');
  const tables = new Map<string, { columns: string[]; key: string[] }>();
  if (postgres) {
    const columns = await sql<{ table_name: string; column_name: string }>`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`.execute(t.db);
    for (const { table_name, column_name } of columns.rows) {
      if (!tables.has(table_name)) tables.set(table_name, { columns: [], key: [] });
      tables.get(table_name)!.columns.push(column_name);
    }
    const keys = await sql<{ table_name: string; column_name: string }>`
      select k.table_name, k.column_name from information_schema.table_constraints c
      join information_schema.key_column_usage k on k.constraint_schema = c.constraint_schema and k.constraint_name = c.constraint_name
      where c.table_schema = current_schema() and c.constraint_type = 'PRIMARY KEY'
      order by k.table_name, k.ordinal_position`.execute(t.db);
    for (const { table_name, column_name } of keys.rows) tables.get(table_name)?.key.push(column_name);
  } else {
    const names = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(t.db);
    for (const { name } of names.rows) {
      const info = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${name})`.execute(t.db);
      tables.set(name, {
        columns: info.rows.map((column) => column.name),
        key: info.rows.filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk).map((column) => column.name),
      });
    }
  }
  for (const name of NOT_FINGERPRINTED.tables) tables.delete(name);
  if (!tables.has('users') || !tables.has('order_lines')) throw new Error(`fingerprint: tables not found (${[...tables.keys()].join(', ')})`);

  const parts = [...tables].map(([name, { columns, key }]) => {
    const kept = columns.filter((column) => !(NOT_FINGERPRINTED.columns[name] ?? []).includes(column));
    const order = (key.length ? key : kept).map(quote).join(', ');
    const row = postgres
      ? `json_build_array(${kept.map(quote).join(', ')})::text`
      : `json_array(${kept.map(quote).join(', ')})`;
    const rows = postgres
      ? `(select string_agg(${row}, E'\\n' order by ${order}) from ${quote(name)})`
      : `(select group_concat(r, char(10)) from (select ${row} as r from ${quote(name)} order by ${order}))`;
    return `select '${name}' as name, (select count(*) from ${quote(name)}) as n, ${rows} as rows`;
  });
  const statement = sql.raw<{ name: string; n: number | string; rows: string | null }>(parts.join('\nunion all\n'));
  return async () => {
    const result = await statement.execute(t.db);
    return new Map(result.rows.map((r) => [r.name, { rows: Number(r.n), hash: createHash('sha256').update(r.rows ?? '').digest('hex') }]));
  };
}

/**
 * A body each writing route takes as valid (or nearly: the login's password is wrong, so it never
 * opens a session), keyed `METHOD /path`; the fuzz mutates these, and the matrix sends them to
 * owned-line routes, which read their body before they look the line up. A route without one gets
 * `{}`. Entries must name routes of the table (the fuzz test checks).
 */
export function plausibleBodies(ids: FixtureIds, users: { inactive: number; workshop: number; customer: number }): Record<string, unknown> {
  const product = { title: 'Yüzük', price: 1000, workmanship_rate: 20, production_expected_days: 5, expected_weight: 4, material_id: ids.optionValue, vendor: 'Atölye', sku: 'YZK-1' };
  const workshop = { name: 'Atölye A', code: 'A', address: 'Kapalıçarşı', company_name: 'A Kuyum', phone_number: '0212', tax_number: '1', user_id: users.workshop };
  const customer = { name: 'alici_a', email: 'alici_a@example.com', phone: '0532', address: 'Bağdat Cd.', company_name: 'A Ltd', credit: 1000, tax_number: '2', user_id: users.customer };
  const store = { user_id: users.customer, shop_name: 'Mağaza', api_key: 'key', api_secret: 'secret', access_token: 'token' };
  const routing = { product_id: ids.product, steps: [{ step_id: ids.step, position_in_process: 1 }] };
  const order = { address: 'Bağdat Cd. 1', email: 'alici@example.com', phone_number: '0532', country: 'Türkiye', zip_code: '34000', first_name: 'Ali', last_name: 'Veli', notes: 'Hediye', products: [{ product_id: ids.product, quantity: 1 }], credit_exceeded_confirmed: true };
  const gridState = { grid: { sort: { sortModel: [{ colId: 'status', sort: 'asc' }] }, filter: { filterModel: { status: { filterType: 'text', type: 'contains', filter: 'Paketleme' } } } }, quickFilter: 'acil' };
  return {
    [`POST ${API.login}`]: { username: 'admin', password: 'not-the-password' },
    [`POST ${API.register}`]: { username: 'yeni_kisi', email: 'yeni_kisi@example.com', password: 'secret-pass' },
    [`POST ${API.refresh}`]: { refresh_token: 'not-a-refresh-token' },
    [`POST ${API.forgotPassword}`]: { email: 'nobody@example.com' },
    [`POST ${API.resetPassword}`]: { token: 'not-a-reset-token', password: 'secret-pass-2' },
    [`POST ${API.changePassword}`]: { username: 'admin', old_password: 'not-the-password', new_password: 'new-secret-pass' },
    [`POST ${API.changeUserRoles}`]: [{ ID: users.inactive, Role: 1 }],
    [`POST ${API.productionSteps}`]: { step_name: 'Cila 2', description: 'El cilası' },
    [`PUT ${API.productionStep(':id')}`]: { step_name: 'Döküm', description: 'Mum döküm' },
    [`POST ${API.products}`]: product,
    [`PUT ${API.product(':id')}`]: product,
    [`POST ${API.routingBulk}`]: routing,
    [`PUT ${API.routingBulk}`]: routing,
    [`POST ${API.workmanshipRate(':id')}`]: { workmanship_rate: 20 },
    [`POST ${API.ourProductId(':id')}`]: { our_product_id: 'P-1' },
    [`POST ${API.expectedProductionDays(':id')}`]: { production_expected_days: 5 },
    [`POST ${API.shop}`]: store,
    [`POST ${API.shopCredentials}`]: { ...store, shop_domain: 'magaza.example.com', webhook_secret: 'hook' },
    [`POST ${API.workshops}`]: { ...workshop, code: 'C' },
    [`PUT ${API.workshop(':id')}`]: workshop,
    [`POST ${API.workshopProcesses(':id')}`]: { step_id: ids.step },
    [`PUT ${API.workshopAssignProduct(':id')}`]: { product_id: ids.product },
    [`POST ${API.workshopProducts(':id')}`]: { product_ids: [ids.product] },
    [`PUT ${API.workshopProducts(':id')}`]: { product_ids: [ids.product] },
    [`POST ${API.productWorkshop(':id')}`]: { workshop_id: ids.workshop },
    [`PUT ${API.productWorkshop(':id')}`]: { workshop_id: ids.workshop },
    [`POST ${API.productsWorkshop}`]: { product_id: ids.product, workshop_id: ids.workshop },
    [`POST ${API.customers}`]: customer,
    [`POST ${API.b2bCustomer}`]: customer,
    [`PUT ${API.customerCredit(':id')}`]: { credit: 1500.5 },
    [`PUT ${API.generalSettings}`]: { system_email: 'ofis@example.com', phone: '0212', time_zone: 'Europe/Istanbul', currency: 'TRY', gram_tolerance_percent: 10 },
    [`POST ${API.manualOrder}`]: order,
    [`PATCH ${API.myWorkshopApprove(':id')}`]: { approved: true },
    [`PATCH ${API.myWorkshopNextStep(':id')}`]: { current_order_line_process: -1 },
    [`POST ${API.myWorkshopGram(':id')}`]: { product_gram: 4 },
    [`PATCH ${API.myCustomerApprove(':id')}`]: { approved: true },
    [`PUT ${API.qualityStatus(':id')}`]: { approved: false, reason: 'Taş düştü', return_step_id: ids.step },
    [`PUT ${API.correctGram(':id')}`]: { product_gram: 4.1 },
    [`PUT ${API.myLanguage}`]: { language: 'en' },
    [`PUT ${API.gridViewsCurrent('orders')}`]: { state: gridState },
    [`POST ${API.gridViews('orders')}`]: { name: 'Acil işler', state: gridState },
    [`PUT ${API.gridView('orders', ':id')}`]: { name: 'Acil işler 2', state: gridState },
    [`PUT ${API.notificationPreferences}`]: { preferences: { lines_assigned: 'email' } },
  };
}

export interface Fixture {
  t: TestApp;
  ids: FixtureIds;
  /** anonymous, inactive, admin, workshop, office, customer, other workshop, other customer. */
  callers: Caller[];
  caller(name: string): Caller;
  /** plausibleBodies of this fixture. */
  bodies: Record<string, unknown>;
  fingerprint(): Promise<Fingerprint>;
  /**
   * After a request that may have ended the caller's session (a logout, a password change): logs
   * in again when the session of its token is no longer active. True when it had to.
   */
  keepSession(caller: Caller): Promise<boolean>;
  close(): Promise<void>;
}

const PASSWORD = 'secret-pass';

/** The app on a fresh database with the whole fixture built through the routes themselves. */
export async function startFixture(databaseUrl: string, env: Record<string, string> = {}): Promise<Fixture> {
  const t = await startTestApp(databaseUrl, env);
  try {
    return await build(t);
  } catch (error) {
    await t.close();
    throw error;
  }
}

async function build(t: TestApp): Promise<Fixture> {
  const admin = await t.login();
  const ok = async (method: InjectOptions['method'], url: string, body: unknown, status = [200, 201]) => {
    const answer = await t.call(method, url, { token: admin.token, body });
    if (!status.includes(answer.status)) throw new Error(`fixture: ${method} ${url} answered ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const user = async (username: string, role: RoleId, owner: 'A' | 'B', name: string): Promise<Caller> => {
    const { user_id } = await t.newUser(username, PASSWORD);
    if (role !== Role.Inactive) await ok('POST', API.changeUserRoles, [{ ID: user_id, Role: role }]);
    const { token } = await t.login(username, PASSWORD);
    return { name, role, owner, username, password: PASSWORD, userId: user_id, token };
  };

  const callers: Caller[] = [
    { name: 'anonymous', role: null, owner: 'A' },
    await user('bekleyen', Role.Inactive, 'A', 'inactive'),
    { name: 'admin', role: Role.Admin, owner: 'A', username: ADMIN.username, password: ADMIN.password, userId: admin.user_id, token: admin.token },
    await user('usta_a', Role.Workshop, 'A', 'workshop'),
    await user('ofis', Role.Office, 'A', 'office'),
    await user('alici_a', Role.Customer, 'A', 'customer'),
    await user('usta_b', Role.Workshop, 'B', 'other workshop'),
    await user('alici_b', Role.Customer, 'B', 'other customer'),
  ];
  const caller = (name: string) => {
    const found = callers.find((c) => c.name === name);
    if (!found) throw new Error(`no caller ${name}`);
    return found;
  };

  const workshopBody = (user_id: number, code: string) => ({ name: `Atölye ${code}`, code, address: 'Kapalıçarşı', company_name: `${code} Kuyum`, phone_number: '0212', tax_number: '1', user_id });
  const customerBody = (user_id: number, name: string) => ({ name, email: `${name}@example.com`, phone: '0532', address: 'Bağdat Cd.', company_name: `${name} Ltd`, credit: 1000, tax_number: '2', user_id });
  const workshop = (await ok('POST', API.workshops, workshopBody(caller('workshop').userId!, 'A'))).workshop.id as number;
  const otherWorkshop = (await ok('POST', API.workshops, workshopBody(caller('other workshop').userId!, 'B'))).workshop.id as number;
  const customer = (await ok('POST', API.customers, customerBody(caller('customer').userId!, 'alici_a'))).customer.id as number;
  const otherCustomer = (await ok('POST', API.customers, customerBody(caller('other customer').userId!, 'alici_b'))).customer.id as number;

  const step = (await ok('POST', API.productionSteps, { step_name: 'Döküm' })).production_step.id as number;
  const polish = (await ok('POST', API.productionSteps, { step_name: 'Mıhlama' })).production_step.id as number;
  await ok('POST', API.workshopProcesses(workshop), { step_id: step });
  const process = (await t.db.selectFrom('workshop_processes').select('id').where('workshop_id', '=', workshop).executeTakeFirstOrThrow()).id;

  const option = 1;
  const { id: optionValue } = await t.db.insertInto('product_option_values').values({ option_id: option, value_name: '14 Ayar' }).returning('id').executeTakeFirstOrThrow();
  const productBody = (title: string) => ({ title, price: 1000, workmanship_rate: 20, production_expected_days: 5, expected_weight: 4, material_id: optionValue });
  const product = (await ok('POST', API.products, productBody('Yüzük'))).product.id as number;
  const otherProduct = (await ok('POST', API.products, productBody('Kolye'))).product.id as number;
  await ok('PUT', API.routingBulk, { product_id: product, steps: [{ step_id: step, position_in_process: 1 }, { step_id: polish, position_in_process: 2 }] });
  await ok('PUT', API.workshopAssignProduct(workshop), { product_id: product });
  await ok('PUT', API.workshopAssignProduct(otherWorkshop), { product_id: otherProduct });

  const order = { address: 'Bağdat Cd. 1', email: 'alici@example.com', phone_number: '0532', country: 'Türkiye', zip_code: '34000' };
  const place = async (buyer: Caller, productId: number) => {
    const answer = await t.call('POST', API.manualOrder, { token: buyer.token, body: { ...order, products: [{ product_id: productId, quantity: 1 }] } });
    if (answer.status !== 201) throw new Error(`fixture: order answered ${answer.status} ${JSON.stringify(answer.body)}`);
    return (await t.db.selectFrom('order_lines').select('id').where('order_id', '=', answer.body.order.id).executeTakeFirstOrThrow()).id;
  };
  const line = await place(caller('customer'), product);
  const otherLine = await place(caller('other customer'), otherProduct);
  const { order_id: lineOrder } = await t.db.selectFrom('order_lines').select('order_id').where('id', '=', line).executeTakeFirstOrThrow();
  const gridView = (await ok('POST', API.gridViews('orders'), { name: 'Paketleme', state: { grid: {} } })).view.id as number;
  const { id: purity } = await t.db.selectFrom('metal_purities').select('id').orderBy('id').executeTakeFirstOrThrow();
  const { id: karat } = await t.db.insertInto('product_option_values').values({ option_id: 5, value_name: '14 ayar' }).returning('id').executeTakeFirstOrThrow();
  const voucher = (await ok('POST', API.metalVouchers, { type: 'issue', workshop_id: workshop, date: '2026-11-02', lines: [{ kind: 'raw', metal: 'gold', milyem: 916, gross_g: 100 }] })).voucher.id as number;

  const { id: notification } = await t.db.selectFrom('notifications').select('id').where('user_id', '=', caller('workshop').userId!).orderBy('id').executeTakeFirstOrThrow();

  const fingerprint = await fingerprinter(t);

  async function keepSession(who: Caller): Promise<boolean> {
    if (!who.token) return false;
    const sid = JSON.parse(Buffer.from(who.token.split('.')[1], 'base64url').toString('utf8')).sid as string;
    const session = await t.db.selectFrom('sessions').select('active').where('id', '=', sid).executeTakeFirst();
    if (session?.active === 1) return false;
    who.token = (await t.login(who.username, who.password)).token;
    return true;
  }

  const ids = { workshop, otherWorkshop, customer, otherCustomer, product, otherProduct, step, process, option, optionValue, lookup: 1, line, otherLine, lineOrder, purity, voucher, karat, gridView, notification };
  return {
    t,
    ids,
    callers,
    caller,
    bodies: plausibleBodies(ids, { inactive: caller('inactive').userId!, workshop: caller('workshop').userId!, customer: caller('customer').userId! }),
    fingerprint,
    keepSession,
    close: () => t.close(),
  };
}
