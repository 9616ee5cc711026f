/*
 * The catalogue sync against the local Shopify-protocol server: a store of 10,000 variants (2,500
 * products of 4), its bucket at 1,000 points refilled at 100 a second, synced in this process on a
 * fresh SQLite database, first page by page (the bulk threshold lifted), then a second such store
 * through one bulk operation as the product does above 2,000 variants.
 *
 *   npm run bench -- --skip-clone shop-sync
 *   npm run bench -- --skip-clone shop-sync --shop-variants=2000   (or SHOP_SYNC_VARIANTS)
 *
 * Beside the time, the least time the bucket allows for the same requests: they go one after the
 * other, and the last one can be sent only once the bucket has paid for all the others (their actual
 * cost) and holds the last one's requested cost; the least time is that wait plus the last request's
 * own time, or all the requests' own times when those add up to more.
 */
import { loadConfig } from '../config';
import { migrateToLatest, openDatabase } from '../src/server/db';
import { bootstrap } from '../src/server/db/seed';
import { BULK_ABOVE_VARIANTS, catalogueSyncs } from '../src/server/modules/shopify/catalogue-syncs';
import { shopifyClients } from '../src/server/modules/shopify/client';
import { Role } from '../src/shared/roles';
import { startShopifyFake, type FakeStore, type ShopifyFake } from '../test/shopify-fake';
import { ADMIN_PASSWORD, addUser, option, sqliteDatabase } from './product';

type Report = (name: string, value: string) => void;

const BUCKET = { maximumAvailable: 1000, restoreRate: 100 };
const VARIANTS_PER_PRODUCT = 4;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export async function shopSync(report: Report): Promise<void> {
  const variants = option('shop-variants', 'SHOP_SYNC_VARIANTS', 10_000);
  const products = Math.max(1, Math.round(variants / VARIANTS_PER_PRODUCT));
  const fake: ShopifyFake = await startShopifyFake();
  const database = sqliteDatabase();
  const config = loadConfig({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, ADMIN_PASSWORD, DEMO_DATA: 'false', LOG_LEVEL: 'silent', SHOPIFY_API_BASE_URL: fake.url });
  const handle = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(handle.db);
    await bootstrap(handle.db, config);
    const db = handle.db;
    const userId = await addUser(db, 'magaza', Role.Customer);
    const at = new Date().toISOString();
    await db.insertInto('customers').values({ user_id: userId, name: 'Mağaza', email: 'magaza@bench.example', phone: '1', address: 'x', company_name: 'Mağaza', tax_number: '1', credit: 0, created_at: at, updated_at: at }).execute();

    /** A store of `products` x 4 variants, synced once; the figures of that sync. */
    async function run(name: string, bulkAboveVariants: number) {
      const domain = `${name}.myshopify.com`;
      const store: FakeStore = fake.addStore({ domain, bucket: BUCKET });
      store.addProducts(products, VARIANTS_PER_PRODUCT);
      const connection = await db
        .insertInto('shop_connections')
        .values({ kind: 'store', user_id: userId, shop_name: name, shop_domain: domain, api_key: 'bench', api_secret: 'bench', access_token: 'bench', created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      /** Each GraphQL round trip as the client saw it (ms). */
      const trips: number[] = [];
      const timed: typeof fetch = async (input, init) => {
        const started = performance.now();
        const response = await fetch(input, init);
        trips.push(performance.now() - started);
        return response;
      };
      const client = shopifyClients(config.shopify, { fetch: timed }).forStore({ domain, accessToken: store.accessToken, clientId: 'bench', clientSecret: 'bench' });
      const runner = catalogueSyncs({ db, dialect: 'sqlite', log: { error: (object) => console.error(object), warn: (object) => console.warn(object) }, bulkAboveVariants });
      const started = performance.now();
      await runner.start([{ id: connection.id, user_id: userId, client }]);
      let row = await db.selectFrom('catalogue_syncs').selectAll().where('connection_id', '=', connection.id).executeTakeFirstOrThrow();
      while (row.status === 'running') {
        await sleep(50);
        row = await db.selectFrom('catalogue_syncs').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      }
      const took = performance.now() - started;
      await runner.close();
      if (row.status !== 'done') throw new Error(`the ${name} sync ${row.status}: ${row.error}`);
      const calls = store.calls();
      const paid = calls.filter((call) => !call.throttled);
      const last = paid[paid.length - 1];
      const spentBeforeLast = paid.slice(0, -1).reduce((sum, call) => sum + call.actualCost, 0);
      const waitMs = (Math.max(0, spentBeforeLast + last.requestedCost - BUCKET.maximumAvailable) / BUCKET.restoreRate) * 1000;
      const ownMs = trips.reduce((sum, trip) => sum + trip, 0);
      const leastMs = Math.max(ownMs, waitMs + trips[trips.length - 1]);
      return { row, took, calls, leastMs, points: paid.reduce((sum, call) => sum + call.actualCost, 0), throttled: calls.filter((call) => call.throttled).length };
    }

    const pages = await run('sayfa-magaza', Number.POSITIVE_INFINITY);
    report(
      'shop sync by pages',
      `${seconds(pages.took)} for ${pages.row.done} variants of ${products} products (added ${pages.row.added}, failed ${pages.row.failed}) beside ${seconds(pages.leastMs)} ` +
        `the bucket allows (${(pages.took / pages.leastMs).toFixed(2)} x, goal <= 1.2 x): ${pages.calls.length} requests, ${pages.points} points at ${BUCKET.restoreRate}/s ` +
        `from a bucket of ${BUCKET.maximumAvailable}; throttled answers ${pages.throttled}`,
    );
    const bulk = await run('toplu-magaza', BULK_ABOVE_VARIANTS);
    report(
      'shop sync in bulk',
      `${seconds(bulk.took)} for ${bulk.row.done} variants through one bulk operation (added ${bulk.row.added}, failed ${bulk.row.failed}): ${bulk.calls.length} requests, ` +
        `${bulk.points} points, status read every second until done; throttled answers ${bulk.throttled}`,
    );
  } finally {
    await handle.close();
    await fake.stop();
    await database.drop();
  }
}
