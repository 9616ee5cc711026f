/*
 * Shopify order webhooks against the real server started as operators start it (SQLite): 1,000
 * orders of a store, delivered as Shopify delivers them at their worst (20 % sent twice with the
 * same webhook id, 5 % with orders/updated before orders/create, 2 % forged), a few at a time.
 * Reports the answer times, whether the stored orders are exactly the distinct valid ones with no
 * line twice, and how long a new line takes to reach its workshop's tablet (its live socket).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../src/server/db';
import { API } from '../src/shared/api';
import { Role } from '../src/shared/roles';
import type { LiveMessage } from '../src/shared/live';
import { liveClient } from '../test/live-client';
import { type FakeOrder, sendWebhook, startShopifyFake, webhookPayload } from '../test/shopify-fake';
import { percentile } from './mixed';
import { addUser, ADMIN_PASSWORD, login, machineLoad, option, pool, prepare, type RunningProduct, sqliteDatabase, startProduct, USER_PASSWORD } from './product';

type Report = (name: string, value: string) => void;

const DOMAIN = 'bench-atolye.myshopify.com';
const SECRET = 'bench-webhook-secret';
const ms = (value: number) => `${value.toFixed(1)} ms`;

interface Delivery {
  order: FakeOrder;
  topic: string;
  webhookId: string;
  forged: boolean;
}

/** The store's workshop and customer, each with its user, and a product of the workshop for each of the store's variants. */
export async function seedShopOwners(db: Db, variants: ReadonlyArray<{ id: number; title: string; sku: string | null }>) {
  const at = new Date().toISOString();
  const workshopUser = await addUser(db, 'bench_usta', Role.Workshop);
  const customerUser = await addUser(db, 'bench_magaza', Role.Customer);
  const workshop = await db.insertInto('workshops').values({ name: 'Bench Usta', user_id: workshopUser, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('customers')
    .values({ user_id: customerUser, name: 'Bench Mağaza', email: 'magaza@bench.example', phone: '1', address: 'x', company_name: 'x', tax_number: '1', created_at: at, updated_at: at })
    .execute();
  for (const variant of variants) {
    await db
      .insertInto('products')
      .values({ title: variant.title, shopify_variant_id: String(variant.id), sku: variant.sku, price: 1000, workmanship_rate: 20, workshop_id: workshop.id, user_id: customerUser, created_at: at, updated_at: at })
      .execute();
  }
  return { workshopUser, customerUser };
}

/** The deliveries of `orders` in the order they are sent: duplicates, early updates and forgeries mixed in. */
function deliveries(orders: FakeOrder[], forged: FakeOrder[]): Delivery[] {
  const out: Delivery[] = [];
  orders.forEach((order, i) => {
    const create: Delivery = { order, topic: 'orders/create', webhookId: randomUUID(), forged: false };
    // 5 %: the shop's orders/updated overtakes its orders/create.
    if (i % 20 === 7) out.push({ order, topic: 'orders/updated', webhookId: randomUUID(), forged: false });
    out.push(create);
    // 20 %: Shopify sends the same webhook again (a retry after a slow answer).
    if (i % 5 === 2) out.push({ ...create });
  });
  // 2 %: forged deliveries of orders the shop never sent, spread through the run.
  forged.forEach((order, i) => out.splice(Math.floor(((i + 1) * out.length) / (forged.length + 1)), 0, { order, topic: 'orders/create', webhookId: randomUUID(), forged: true }));
  return out;
}

export async function shopWebhooks(report: Report): Promise<void> {
  const count = option('shop-webhooks', 'SHOP_WEBHOOKS', 1000);
  console.log(`\nShop webhooks: ${count} orders on SQLite (${machineLoad()}).`);
  const fake = await startShopifyFake();
  const store = fake.addStore({ domain: DOMAIN, name: 'Bench Atölye', webhookSecret: SECRET });
  const variants = Array.from({ length: 20 }, (_, i) => store.addProduct({ title: `Kolye ${i}`, variants: [{ sku: `K-${i}`, price: '1000.00' }] }).variants[0]);
  const orders = Array.from({ length: count }, (_, i) =>
    store.addOrder({ lineItems: [{ variantId: variants[i % variants.length].id, quantity: 1 + (i % 2), properties: { İsim: `Ad ${i}` } }] }),
  );
  const forged = Array.from({ length: Math.round(count * 0.02) }, (_, i) => store.addOrder({ lineItems: [{ variantId: variants[i % variants.length].id, quantity: 1 }] }));

  const database = sqliteDatabase();
  let product: RunningProduct | undefined;
  let socket: ReturnType<typeof liveClient> | undefined;
  try {
    const ids = await prepare(database, async (db) => {
      const { customerUser } = await seedShopOwners(db, variants);
      return { customerUser };
    });
    product = await startProduct(database);
    const base = product.base;
    const admin = await login(base, 'admin', ADMIN_PASSWORD);
    const connected = await fetch(`${base}${API.shopCredentials}`, {
      method: 'POST',
      headers: { authorization: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: ids.customerUser, shop_name: 'bench-atolye', shop_domain: DOMAIN, api_key: 'k', api_secret: 's', access_token: 't', webhook_secret: SECRET }),
    });
    if (connected.status !== 201) throw new Error(`connecting the store: ${connected.status}`);

    // The workshop's tablet: its live socket hears each new line.
    const master = (await login(base, 'bench_usta', USER_PASSWORD)).replace(/^Bearer /, '');
    socket = liveClient(`${base.replace(/^http/, 'ws')}/ws/orders`, { authMessage: master });
    await socket.next((m) => m.type === 'ready', 10_000);
    const heardAt = new Map<number, number>();
    socket.socket.on('message', (data) => {
      const now = performance.now();
      const message = JSON.parse(String(data)) as LiveMessage;
      for (const event of message.type === 'batch' ? message.events : [message]) {
        if (event.type === 'new_order' && !heardAt.has(event.order_id)) heardAt.set(event.order_id, now);
      }
    });

    const sent = deliveries(orders, forged);
    const firstSent = new Map<string, number>();
    const started = performance.now();
    const answers = await pool(sent, 8, async (delivery) => {
      const at = performance.now();
      if (!delivery.forged && !firstSent.has(delivery.order.name)) firstSent.set(delivery.order.name, at);
      const answer = await sendWebhook({ url: `${base}${API.shopifyWebhook}`, domain: DOMAIN, topic: delivery.topic, payload: webhookPayload(DOMAIN, delivery.topic, delivery.order), secret: SECRET, webhookId: delivery.webhookId, badHmac: delivery.forged });
      return { ...answer, forged: delivery.forged };
    });
    const sending = performance.now() - started;
    const times = answers.map((a) => a.ms).sort((a, b) => a - b);
    const wrong = answers.filter((a) => a.status !== (a.forged ? 401 : 200));

    // Every accepted webhook worked on: no job waiting or running.
    const until = Date.now() + 120_000;
    for (;;) {
      const events = (await (await fetch(`${base}${API.shopEvents}`, { headers: { authorization: admin } })).json()) as { events: Array<{ status: string }> };
      if (events.events.every((e) => e.status === 'done' || e.status === 'failed')) break;
      if (Date.now() > until) throw new Error('webhook jobs still waiting after 120 s');
      await new Promise((resolve) => setImmediate(resolve));
    }
    const drained = performance.now() - started;
    const { orders: lines } = (await (await fetch(`${base}${API.orders}`, { headers: { authorization: admin, accept: 'application/json' } })).json()) as {
      orders: Array<{ order_number: string; order_id: number; shop_line_item_id?: string; item_index: number }>;
    };
    const byOrder = new Map<string, typeof lines>();
    for (const line of lines) byOrder.set(line.order_number, [...(byOrder.get(line.order_number) ?? []), line]);
    const expectedLines = orders.reduce((sum, o) => sum + o.lineItems.reduce((s, item) => s + item.quantity, 0), 0);
    const forgedStored = forged.filter((o) => byOrder.has(o.name)).length;
    const duplicated = [...byOrder.values()].reduce((sum, group) => sum + group.length - new Set(group.map((l) => `${l.order_id}:${l.item_index}`)).size, 0);

    // Webhook sent to the line heard on the tablet, per order.
    const orderIdOf = new Map(lines.map((l) => [l.order_number, l.order_id]));
    const reach = orders.flatMap((o) => {
      const id = orderIdOf.get(o.name);
      const heard = id === undefined ? undefined : heardAt.get(id);
      return heard === undefined ? [] : [heard - firstSent.get(o.name)!];
    });
    reach.sort((a, b) => a - b);

    report(
      'shop: webhook answer',
      `p50 ${ms(percentile(times, 0.5))}, p99 ${ms(percentile(times, 0.99))}, max ${ms(times[times.length - 1])} over ${answers.length} deliveries (${count} orders; ${sent.filter((d) => d.topic === 'orders/updated').length} orders/updated before their create, ${sent.length - count - forged.length - sent.filter((d) => d.topic === 'orders/updated').length} sent twice, ${forged.length} forged), 8 at a time; all sent in ${(sending / 1000).toFixed(1)} s; wrong statuses ${wrong.length}; ${machineLoad()}; goal p99 < 100 ms: ${percentile(times, 0.99) < 100 ? 'met' : 'NOT met'}`,
    );
    report(
      'shop: orders stored',
      `${byOrder.size} orders (distinct valid ${count}; forged stored ${forgedStored}), ${lines.length} lines (expected ${expectedLines}), lines duplicated ${duplicated}; every job done ${(drained / 1000).toFixed(1)} s after the first delivery; ${byOrder.size === count && lines.length === expectedLines && duplicated === 0 && forgedStored === 0 ? 'exact' : 'NOT EXACT'}`,
    );
    report(
      'shop: webhook to workshop tablet',
      `p50 ${ms(percentile(reach, 0.5))}, p99 ${ms(percentile(reach, 0.99))}, max ${ms(reach[reach.length - 1] ?? NaN)} from the first delivery of an order to its new_order event on the workshop's live socket, ${reach.length} of ${count} orders heard (the deliveries are sent 8 at a time as fast as they are answered, so the later ones queue behind the earlier ones' jobs)`,
    );
  } finally {
    socket?.close();
    await product?.stop();
    await database.drop();
    await fake.stop();
  }
}
