import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../ddl';

/*
 * The figures (a workshop's cards and statistics, a customer's figures, the office report) read
 * sums kept per owner instead of every line the owner ever had: a few rows per workshop or
 * customer, whatever its history.
 *
 * `line_figure_sums`: per owner (kind 'w' a workshop, 'c' a customer; owner 0: none yet), its
 * orders' currency, a line's status and whether it is canceled: the lines, their prices and costs,
 * and the lines delivered to the office after they were made with their milliseconds from creation
 * to delivery. `line_figure_orders`: per owner and order, its lines and those not canceled, with
 * the order's currency and whether the order is canceled; `line_figure_order_counts` counts them
 * per owner and currency (its orders with a line not canceled, its canceled orders).
 *
 * Triggers keep all three in the writing statement's transaction: whatever writes a line (the line
 * writer, the demo seed, a migration) takes its old row's part away and adds its new row's, so the
 * sums are additive and never depend on the order rows are written in. Here they are filled from
 * the lines there are; `fillFigureSums` does it again for a load that bypasses triggers. What
 * depends on the hour (late lines, the last 24 hours) is not kept here: it is read live over the
 * few lines it can concern (the partial indexes below).
 */

const KINDS = ['workshop_id', 'customer_id'] as const;
const KIND = { workshop_id: 'w', customer_id: 'c' } as const;

/**
 * Milliseconds from a line's creation to its delivery to the office (null when not delivered); a
 * line counts as delivered when they are positive, as `productionDays` of src/shared/figures.ts
 * counts it when this was written (a migration keeps its own copy).
 */
const millis = (db: Kysely<any>, r: string) =>
  isPostgres(db)
    ? `round(extract(epoch from (${r}.delivery_to_office - ${r}.created_at)) * 1000)::bigint`
    : `cast(round((julianday(${r}.delivery_to_office) - julianday(${r}.created_at)) * 86400000) as integer)`;

/** Adds each row of a sums table's key to the row kept of that key in line_figure_sums. */
export const ADD_TO_SUMS = `on conflict (kind, owner_id, currency, status_id, canceled) do update set lines = line_figure_sums.lines + excluded.lines,
        price = line_figure_sums.price + excluded.price, cost = line_figure_sums.cost + excluded.cost,
        delivered = line_figure_sums.delivered + excluded.delivered, production_ms = line_figure_sums.production_ms + excluded.production_ms`;

/**
 * The part of the lines of `from` (rows `r`, joined with their order `o`) in each sum, times `sign`;
 * grouped when `grouped`. Into line_figure_sums, or appended to `deltas` (a later migration's table
 * of the sums' parts not yet added).
 */
export function sumsOf(db: Kysely<any>, from: string, sign: string, grouped: boolean, deltas?: string) {
  const agg = (e: string) => (grouped ? `sum(${e})` : e);
  const ms = millis(db, 'r');
  return KINDS.map(
    (column) => `insert into ${deltas ?? 'line_figure_sums'} (kind, owner_id, currency, status_id, canceled, lines, price, cost, delivered, production_ms)
      select '${KIND[column]}', coalesce(r.${column}, 0), o.currency, r.order_line_status_id, case when r.canceled_at is null then 0 else 1 end,
        ${agg(sign)}, ${agg(`${sign} * coalesce(r.total_price, 0)`)}, ${agg(`${sign} * coalesce(r.product_cost, 0)`)},
        ${agg(`case when ${ms} > 0 then ${sign} else 0 end`)}, ${agg(`case when ${ms} > 0 then ${sign} * ${ms} else 0 end`)}
      from ${from} inner join orders o on o.id = r.order_id
      ${grouped ? `group by coalesce(r.${column}, 0), o.currency, r.order_line_status_id, case when r.canceled_at is null then 0 else 1 end order by 2, 3, 4, 5` : 'where true'}
      ${deltas ? '' : ADD_TO_SUMS}`,
  ).concat(
    KINDS.map(
      (column) => `insert into line_figure_orders (kind, owner_id, order_id, currency, canceled, lines, live_lines)
      select '${KIND[column]}', coalesce(r.${column}, 0), o.id, o.currency, case when o.canceled_at is null then 0 else 1 end,
        ${agg(sign)}, ${agg(`case when r.canceled_at is null then ${sign} else 0 end`)}
      from ${from} inner join orders o on o.id = r.order_id
      ${grouped ? `group by coalesce(r.${column}, 0), o.id, o.currency, o.canceled_at order by 2, 3` : 'where true'}
      on conflict (kind, owner_id, order_id) do update set lines = line_figure_orders.lines + excluded.lines, live_lines = line_figure_orders.live_lines + excluded.live_lines`,
    ),
  );
}

/** Adds each row of a counts table's key to the count kept of that key in line_figure_order_counts. */
export const ADD_TO_COUNTS =
  'on conflict (kind, owner_id, currency) do update set orders = line_figure_order_counts.orders + excluded.orders, canceled_orders = line_figure_order_counts.canceled_orders + excluded.canceled_orders';

/**
 * An owner's orders per currency counted from its rows of line_figure_orders `r`, times `sign`; into
 * line_figure_order_counts, or appended to `deltas` (a later migration's table of parts not yet added).
 */
export const countsOf = (from: string, sign: string, grouped: boolean, deltas?: string) => {
  const agg = (e: string) => (grouped ? `sum(${e})` : e);
  // Counted from scratch, a count replaces what was kept; a row's part adds to it.
  const kept = grouped ? 'on conflict (kind, owner_id, currency) do update set orders = excluded.orders, canceled_orders = excluded.canceled_orders' : ADD_TO_COUNTS;
  return [
    `insert into ${deltas ?? 'line_figure_order_counts'} (kind, owner_id, currency, orders, canceled_orders)
      select r.kind, r.owner_id, r.currency, ${agg(`case when r.live_lines > 0 then ${sign} else 0 end`)}, ${agg(`case when r.canceled = 1 and r.lines > 0 then ${sign} else 0 end`)}
      from ${from} ${grouped ? 'group by r.kind, r.owner_id, r.currency' : 'where true'}
      ${deltas ? '' : kept}`,
  ];
};

/** The columns of a line the sums read: a change of another (a gram, a step, when it closed) moves nothing. */
const COUNTED = ['workshop_id', 'customer_id', 'order_id', 'order_line_status_id', 'canceled_at', 'total_price', 'product_cost', 'delivery_to_office', 'created_at'];
/** Whether any counted column differs between the rows `before` and `after` (`differs`: the dialect's null-safe inequality). */
export const anyCounted = (before: string, after: string, differs: string) => COUNTED.map((column) => `${before}.${column} ${differs} ${after}.${column}`).join(' or ');
const ORDER_COLUMNS = ['kind', 'owner_id', 'order_id', 'currency', 'canceled', 'lines', 'live_lines'];
const ORDER_CANCELED = `update line_figure_orders set canceled = case when new.canceled_at is null then 0 else 1 end where order_id = new.id`;

/**
 * A trigger `name` adding each written row's part (`add`, over the row as `r`) to the sums: its old
 * row's taken away, its new row's added. `columns` are the row's columns `add` reads; an update is
 * left alone unless `changed` (of `old` and `new`) holds, so a write that moves no sum locks none.
 */
async function track(db: Kysely<any>, table: string, name: string, columns: string[], changed: string, add: (from: string, sign: string) => string[]) {
  const statements = (from: string, sign: string) => add(from, sign).map((statement) => `${statement};`).join('\n');
  if (isPostgres(db)) {
    await sql.raw(`create function ${name}_add(${table}, integer) returns void language sql as $$ ${statements('(select ($1).*) r', '$2')} $$`).execute(db);
    await sql
      .raw(
        `create function ${name}_track() returns trigger language plpgsql as $$ begin
          if tg_op <> 'INSERT' then perform ${name}_add(old, -1); end if;
          if tg_op <> 'DELETE' then perform ${name}_add(new, 1); end if;
          return null; end $$`,
      )
      .execute(db);
    await sql.raw(`create trigger ${name} after insert or delete on ${table} for each row execute function ${name}_track()`).execute(db);
    await sql.raw(`create trigger ${name}_update after update on ${table} for each row when (${changed}) execute function ${name}_track()`).execute(db);
    return;
  }
  // SQLite cannot select `new.*`: the row's columns are named one by one.
  const rowOf = (row: 'new' | 'old') => `(select ${columns.map((c) => `${row}.${c} as ${c}`).join(', ')}) r`;
  await sql.raw(`create trigger ${name}_insert after insert on ${table} begin ${statements(rowOf('new'), '1')} end`).execute(db);
  await sql.raw(`create trigger ${name}_delete after delete on ${table} begin ${statements(rowOf('old'), '-1')} end`).execute(db);
  await sql.raw(`create trigger ${name}_update after update on ${table} when ${changed} begin ${statements(rowOf('old'), '-1')} ${statements(rowOf('new'), '1')} end`).execute(db);
}

/** The PostgreSQL statement triggers' bodies for lines inserted, deleted and updated (`moved`: the rows counted as changed). */
export function lineTriggerBodies(db: Kysely<any>, moved: string, deltas?: string) {
  const statements = (from: string, sign: string) => sumsOf(db, from, sign, true, deltas).map((statement) => `${statement};`).join('\n');
  const changedRows = (side: 'x' | 'y') => `(select ${side}.* from old_rows x inner join new_rows y on y.id = x.id where ${moved}) r`;
  return {
    inserted: statements('new_rows r', '1'),
    deleted: statements('old_rows r', '-1'),
    updated: `${statements(changedRows('x'), '-1')}\n${statements(changedRows('y'), '1')}`,
  };
}

/**
 * On PostgreSQL the lines' sums are kept once per statement, over its transition tables: an order
 * of a thousand lines adds its parts up once instead of a thousand times, and takes the sum rows
 * in key order (the grouped statements are sorted), so two writers never wait on each other in a
 * circle. An update counts only the rows whose counted columns changed (`moved`, of `x` the old
 * row and `y` the new), so a write that moves no sum locks none.
 */
async function trackLinesPerStatement(db: Kysely<any>, name: string, moved: string) {
  for (const [event, body] of Object.entries(lineTriggerBodies(db, moved))) {
    await sql.raw(`create function ${name}_${event}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`).execute(db);
  }
  await sql.raw(`create trigger ${name}_insert after insert on order_lines referencing new table as new_rows for each statement execute function ${name}_inserted()`).execute(db);
  await sql.raw(`create trigger ${name}_delete after delete on order_lines referencing old table as old_rows for each statement execute function ${name}_deleted()`).execute(db);
  await sql
    .raw(`create trigger ${name}_update after update on order_lines referencing old table as old_rows new table as new_rows for each statement execute function ${name}_updated()`)
    .execute(db);
}

/** Each trigger that keeps sums, with the table it watches. */
const TRACKERS = [
  ['order_lines_figure_sums', 'order_lines'],
  ['line_figure_orders_counts', 'line_figure_orders'],
] as const;

async function createTriggers(db: Kysely<any>) {
  if (isPostgres(db)) await trackLinesPerStatement(db, TRACKERS[0][0], anyCounted('x', 'y', 'is distinct from'));
  else await track(db, 'order_lines', TRACKERS[0][0], COUNTED, anyCounted('old', 'new', 'is not'), (from, sign) => sumsOf(db, from, sign, false));
  const counted = (row: string) => [`(${row}.live_lines > 0)`, `(${row}.canceled = 1 and ${row}.lines > 0)`];
  const countChanges = counted('old').map((term, i) => `${term} <> ${counted('new')[i]}`).join(' or ');
  await track(db, 'line_figure_orders', TRACKERS[1][0], ORDER_COLUMNS, countChanges, (from, sign) => countsOf(from, sign, false));
  // An order canceled or taken back: its owners' rows say so (and so their counts).
  if (isPostgres(db)) {
    await sql.raw(`create function orders_figure_canceled_track() returns trigger language plpgsql as $$ begin ${ORDER_CANCELED}; return null; end $$`).execute(db);
    await sql.raw(`create trigger orders_figure_canceled after update of canceled_at on orders for each row execute function orders_figure_canceled_track()`).execute(db);
  } else {
    await sql.raw(`create trigger orders_figure_canceled after update of canceled_at on orders begin ${ORDER_CANCELED}; end`).execute(db);
  }
}

/** The three tables summed again from every line, as a load that bypasses the triggers leaves them. */
export async function fillFigureSums(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('line_figure_sums').execute();
  await db.deleteFrom('line_figure_orders').execute();
  await db.deleteFrom('line_figure_order_counts').execute();
  for (const statement of sumsOf(db, 'order_lines r', '1', true)) await sql.raw(statement).execute(db);
  for (const statement of countsOf('line_figure_orders r', '1', true)) await sql.raw(statement).execute(db);
}

/** A table of the sums' columns, each of a workshop's or customer's group (a later migration keeps their parts in one too). */
export function sumsTable(db: Kysely<any>, name: string) {
  const money = isPostgres(db) ? 'numeric' : 'real';
  return ownerTable(db, name)
    .addColumn('status_id', 'integer', (c) => c.notNull())
    .addColumn('canceled', 'integer', (c) => c.notNull())
    .addColumn('lines', 'integer', (c) => c.notNull())
    .addColumn('price', money, (c) => c.notNull())
    .addColumn('cost', money, (c) => c.notNull())
    .addColumn('delivered', 'integer', (c) => c.notNull())
    .addColumn('production_ms', 'bigint', (c) => c.notNull());
}

/** A table of the order counts' columns, per owner and currency. */
export function countsTable(db: Kysely<any>, name: string) {
  return ownerTable(db, name).addColumn('orders', 'integer', (c) => c.notNull()).addColumn('canceled_orders', 'integer', (c) => c.notNull());
}

/** A table whose rows belong to a workshop's or a customer's figures (`kind`, `owner_id`) in a currency. */
function ownerTable(db: Kysely<any>, name: string) {
  return db.schema
    .createTable(name)
    .addColumn('kind', 'varchar(1)', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull());
}

export async function up(db: Kysely<any>): Promise<void> {
  await sumsTable(db, 'line_figure_sums').addPrimaryKeyConstraint('line_figure_sums_pk', ['kind', 'owner_id', 'currency', 'status_id', 'canceled']).execute();
  // On SQLite the key holds the row, so an owner's orders are one range read.
  let orders = db.schema
    .createTable('line_figure_orders')
    .addColumn('kind', 'varchar(1)', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('canceled', 'integer', (c) => c.notNull())
    .addColumn('lines', 'integer', (c) => c.notNull())
    .addColumn('live_lines', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('line_figure_orders_pk', ['kind', 'owner_id', 'order_id']);
  if (!isPostgres(db)) orders = orders.modifyEnd(sql`without rowid`);
  await orders.execute();
  await countsTable(db, 'line_figure_order_counts').addPrimaryKeyConstraint('line_figure_order_counts_pk', ['kind', 'owner_id', 'currency']).execute();
  await db.schema.createIndex('line_figure_orders_order_idx').on('line_figure_orders').column('order_id').execute();
  // The late lines of an owner: neither canceled nor delivered, by their expected date.
  for (const column of KINDS) {
    await db.schema
      .createIndex(`order_lines_${column.replace('_id', '')}_undelivered_idx`)
      .on('order_lines')
      .columns([column, 'production_expected_date'])
      .where(sql.ref('canceled_at'), 'is', null)
      .where(sql.ref('delivery_to_office'), 'is', null)
      .execute();
  }
  await fillFigureSums(db);
  await createTriggers(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger orders_figure_canceled on orders`.execute(db);
    await sql`drop function orders_figure_canceled_track()`.execute(db);
    const [[lines], [orders, ordersTable]] = TRACKERS;
    for (const event of ['insert', 'delete', 'update']) await sql.raw(`drop trigger ${lines}_${event} on order_lines`).execute(db);
    for (const event of ['inserted', 'deleted', 'updated']) await sql.raw(`drop function ${lines}_${event}()`).execute(db);
    for (const trigger of [orders, `${orders}_update`]) await sql.raw(`drop trigger ${trigger} on ${ordersTable}`).execute(db);
    await sql.raw(`drop function ${orders}_track()`).execute(db);
    await sql.raw(`drop function ${orders}_add(${ordersTable}, integer)`).execute(db);
  } else {
    await sql`drop trigger orders_figure_canceled`.execute(db);
    for (const [name] of TRACKERS) for (const kind of ['insert', 'delete', 'update']) await sql.raw(`drop trigger ${name}_${kind}`).execute(db);
  }
  for (const column of KINDS) await db.schema.dropIndex(`order_lines_${column.replace('_id', '')}_undelivered_idx`).execute();
  for (const table of ['line_figure_order_counts', 'line_figure_orders', 'line_figure_sums']) await db.schema.dropTable(table).execute();
}
