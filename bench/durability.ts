/*
 * Durability (hardening issue): `kill -9` of the real server while 20 writers place manual orders,
 * three times; after each restart on the same database, every acknowledged order must be there,
 * with all its lines.
 *
 *   npm run bench -- --skip-clone durability
 *   npm run bench -- --skip-clone durability --writers=20 --rounds=3 --databases=sqlite
 *   (or DURABILITY_WRITERS, DURABILITY_ROUNDS, DURABILITY_DATABASES)
 *
 * A writer is a keep-alive connection of a B2B customer's session sending manual orders of one to
 * three units one after another. An order is acknowledged when its 201 answer has arrived whole
 * (it carries the order's id and its line count). The server is killed (SIGKILL) at a random moment
 * 2 to 5 s after the writers start, so requests are in flight, then started again on the same
 * database: SQLite recovers from its WAL; on PostgreSQL only the product's process dies (the
 * database server stays up), which checks that the product answers only after its commit.
 */
import http from 'node:http';
import { type Db, openDatabase } from '../src/server/db';
import { seedCatalogue } from '../src/server/db/demo-catalogue';
import { API } from '../src/shared/api';
import {
  type BenchDatabase,
  listOption,
  login,
  machineLoad,
  option,
  ownerUsers,
  pool,
  postgresDatabase,
  prepare,
  type RunningProduct,
  sqliteDatabase,
  startProduct,
} from './product';

type Report = (name: string, value: string) => void;

interface Round {
  acknowledged: number;
  /** Requests sent whose answer had not arrived when the server died. */
  inFlight: number;
  /** Acknowledged orders absent after the restart, or with fewer lines than acknowledged. */
  missing: number;
  /** Orders written but never acknowledged (in flight at the kill): allowed, shown for interest. */
  unacknowledgedWritten: number;
  /** Answers other than 201 before the kill (should be none). */
  refused: number;
  killedAfterMs: number;
  restartMs: number;
}

const countOrders = async (db: Db) => Number((await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

/**
 * Runs `read` on a connection of the bench's own, closed afterwards: none stays open across a kill,
 * so a restarted SQLite server recovers from the files alone.
 */
async function reading<T>(database: BenchDatabase, read: (db: Db) => Promise<T>): Promise<T> {
  const handle = openDatabase(database.url);
  try {
    return await read(handle.db);
  } finally {
    await handle.close();
  }
}

/** Writers until the kill: returns the acknowledged orders (id -> lines). */
async function write(product: RunningProduct, auths: string[], products: number[], killAfterMs: number) {
  const acknowledged = new Map<number, number>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: auths.length });
  let inFlight = 0;
  let refused = 0;
  let dead = false;
  let state = 12345;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const order = () =>
    JSON.stringify({
      email: 'yazar@example.com',
      phone_number: '0500 000 00 00',
      address: 'Bench Mah. 1',
      country: 'Türkiye',
      zip_code: '34000',
      notes: 'durability',
      products: [{ product_id: products[Math.floor(next() * products.length)], quantity: 1 + Math.floor(next() * 3) }],
      // Past the customer's credit after a few orders: confirmed, as a customer would.
      credit_exceeded_confirmed: true,
    });
  const send = (auth: string) =>
    new Promise<boolean>((resolve) => {
      inFlight++;
      const req = http.request(
        `${product.base}${API.manualOrder}`,
        { method: 'POST', agent, headers: { authorization: auth, 'content-type': 'application/json' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            inFlight--;
            if (res.statusCode === 201) {
              const { order: created } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { order: { id: number; lines: number } };
              acknowledged.set(created.id, created.lines);
            } else refused++;
            resolve(true);
          });
          // The connection died mid-answer: not acknowledged.
          res.on('error', () => resolve(false));
          res.on('aborted', () => resolve(false));
        },
      );
      req.on('error', () => resolve(false));
      req.end(order());
    });
  const killer = new Promise<number>((resolve) =>
    setTimeout(() => {
      dead = true;
      const pending = inFlight;
      void product.kill().then(() => resolve(pending));
    }, killAfterMs),
  );
  await Promise.all(
    auths.map(async (auth) => {
      while (!dead && (await send(auth)));
    }),
  );
  const pendingAtKill = await killer;
  agent.destroy();
  return { acknowledged, inFlight: pendingAtKill, refused };
}

async function rounds(database: BenchDatabase, writers: number, count: number): Promise<Round[]> {
  const seeded = await prepare(database, async (db) => {
    await seedCatalogue(db, 300);
    const owners = await ownerUsers(db);
    const products = (await db.selectFrom('products').select('id').where('workshop_id', 'is not', null).orderBy('id').execute()).map((p) => p.id);
    return { ...owners, products };
  });
  const results: Round[] = [];
  let product = await startProduct(database);
  try {
    for (let round = 0; round < count; round++) {
      const auths = await pool(Array.from({ length: writers }, (_, i) => seeded.customers[i % seeded.customers.length].username), 4, (name) => login(product.base, name));
      const before = await reading(database, countOrders);
      const killAfterMs = 2000 + Math.floor(Math.random() * 3000);
      const { acknowledged, inFlight, refused } = await write(product, auths, seeded.products, killAfterMs);
      const restarting = Date.now();
      product = await startProduct(database);
      const restartMs = Date.now() - restarting;
      // Read back after the restarted server has opened (and, on SQLite, recovered) the database.
      const ids = [...acknowledged.keys()];
      const { found, written } = await reading(database, async (db) => {
        const lines = new Map<number, number>();
        for (let i = 0; i < ids.length; i += 500) {
          const chunk = ids.slice(i, i + 500);
          for (const { id } of await db.selectFrom('orders').select('id').where('id', 'in', chunk).execute()) lines.set(id, 0);
          const rows = await db
            .selectFrom('order_lines')
            .select(['order_id', (eb) => eb.fn.countAll<number>().as('n')])
            .where('order_id', 'in', chunk)
            .groupBy('order_id')
            .execute();
          for (const row of rows) lines.set(row.order_id, Number(row.n));
        }
        return { found: lines, written: (await countOrders(db)) - before };
      });
      const missing = ids.filter((id) => (found.get(id) ?? -1) < acknowledged.get(id)!).length;
      results.push({ acknowledged: ids.length, inFlight, missing, unacknowledgedWritten: written - (ids.length - missing), refused, killedAfterMs: killAfterMs, restartMs });
    }
  } finally {
    await product.stop();
  }
  return results;
}

export async function durability(report: Report): Promise<void> {
  const writers = option('writers', 'DURABILITY_WRITERS', 20);
  const count = option('rounds', 'DURABILITY_ROUNDS', 3);
  const databases = listOption('databases', 'DURABILITY_DATABASES', ['sqlite', 'postgres']);
  console.log(`\nDurability: ${writers} writers placing manual orders, kill -9 of the server 2-5 s in, restart on the same database, ${count} rounds per database (${machineLoad()}).`);
  for (const name of databases) {
    const database = name === 'postgres' ? await postgresDatabase() : name === 'sqlite' ? sqliteDatabase() : null;
    if (!database) throw new Error(`--databases: unknown database ${name} (sqlite, postgres)`);
    let results: Round[];
    try {
      results = await rounds(database, writers, count);
    } finally {
      await database.drop();
    }
    const rows = [['round', 'killed after', 'acknowledged', 'in flight at kill', 'written, unacknowledged', 'missing', 'non-201 before kill', 'restart to ready']];
    results.forEach((r, i) =>
      rows.push([String(i + 1), `${r.killedAfterMs} ms`, String(r.acknowledged), String(r.inFlight), String(r.unacknowledgedWritten), String(r.missing), String(r.refused), `${r.restartMs} ms`]),
    );
    const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
    console.log(`\n${name} (${database.settings})`);
    for (const [index, r] of rows.entries()) {
      console.log(`  ${r.map((cell, i) => cell.padStart(widths[i])).join('  ')}`);
      if (index === 0) console.log(`  ${widths.map((w) => '-'.repeat(w)).join('  ')}`);
    }
    const acknowledged = results.reduce((sum, r) => sum + r.acknowledged, 0);
    const missing = results.reduce((sum, r) => sum + r.missing, 0);
    report(
      `kill -9 durability, ${name}`,
      `${missing} of ${acknowledged} acknowledged orders missing after ${results.length} kill -9 and restarts (${writers} writers; per round ${results.map((r) => `${r.missing}/${r.acknowledged}`).join(', ')}; goal 0)`,
    );
  }
}
