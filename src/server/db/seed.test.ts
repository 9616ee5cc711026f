import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../config';
import { testDatabases } from '../../../test/databases';
import { verifyPassword } from '../modules/auth/passwords';
import { migrateToLatest, openDatabase } from '.';
import { bootstrap } from './seed';

describe.each(testDatabases())('first start on $name', (database) => {
  const configFor = (url: string, env: Record<string, string>) =>
    loadConfig({ DATABASE_URL: url, DATA_DIR: mkdtempSync(join(tmpdir(), 'seed-')), LOG_LEVEL: 'silent', ...env });

  test('creates the admin with a generated password and one demo user per role, once', async () => {
    const url = await database.create();
    const handle = openDatabase(url);
    try {
      await migrateToLatest(handle.db);
      await migrateToLatest(handle.db);
      const config = configFor(url, { DEMO_DATA: 'true', ADMIN_USERNAME: 'patron' });
      const accounts = await bootstrap(handle.db, config);
      expect(accounts.map((a) => [a.username, a.role])).toEqual([
        ['patron', 2],
        ['ofis', 4],
        ['atolye', 3],
        ['musteri', 5],
        ['pasif', 1],
      ]);
      for (const account of accounts) {
        const row = await handle.db.selectFrom('users').select(['password_hash', 'role_id']).where('username', '=', account.username).executeTakeFirstOrThrow();
        expect(await verifyPassword(account.password!, row.password_hash)).toBe(true);
        expect(row.role_id).toBe(account.role);
      }
      expect(await bootstrap(handle.db, config)).toEqual([]);

      // The demo catalogue: products with options and routings, workshops and customers of the demo users.
      const count = async (table: 'products' | 'workshops' | 'customers' | 'product_production_steps') =>
        Number((await handle.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      expect(await count('products')).toBe(300);
      expect(await count('workshops')).toBeGreaterThanOrEqual(3);
      expect(await count('customers')).toBeGreaterThanOrEqual(2);
      expect(await count('product_production_steps')).toBeGreaterThan(600);
      // The demo steps reuse the built-in ones rather than add namesakes.
      const steps = (await handle.db.selectFrom('production_steps').select('step_name').execute()).map((s) => s.step_name);
      expect(steps.filter((name) => ['Kesim', 'Kaynak', 'Cila', 'Kalite Kontrol'].includes(name)).sort()).toEqual(['Cila', 'Kalite Kontrol', 'Kaynak', 'Kesim']);
      expect(new Set(steps).size).toBe(steps.length);
      const atolye = await handle.db.selectFrom('users').select('id').where('username', '=', 'atolye').executeTakeFirstOrThrow();
      expect(await handle.db.selectFrom('workshops').select('name').where('user_id', '=', atolye.id).executeTakeFirst()).toBeDefined();
      const musteri = await handle.db.selectFrom('users').select('id').where('username', '=', 'musteri').executeTakeFirstOrThrow();
      expect(await handle.db.selectFrom('customers').select('name').where('user_id', '=', musteri.id).executeTakeFirst()).toBeDefined();

      // Orders with lines in every state, some of them the demo customer's and the demo workshop's.
      const statuses = await handle.db.selectFrom('order_lines').select('order_line_status_id').distinct().execute();
      expect(statuses.map((s) => s.order_line_status_id).sort()).toEqual([1, 2, 3, 4, 5]);
      const customer = await handle.db.selectFrom('customers').select('id').where('user_id', '=', musteri.id).executeTakeFirstOrThrow();
      const own = await handle.db.selectFrom('orders').select('id').where('customer_id', '=', customer.id).execute();
      expect(own.length).toBeGreaterThan(0);
    } finally {
      await handle.close();
    }
  });

  test('takes the admin password from ADMIN_PASSWORD and adds no demo users without DEMO_DATA', async () => {
    const url = await database.create();
    const handle = openDatabase(url);
    try {
      await migrateToLatest(handle.db);
      const accounts = await bootstrap(handle.db, configFor(url, { DEMO_DATA: 'false', ADMIN_PASSWORD: 'given-secret' }));
      expect(accounts).toEqual([{ username: 'admin', password: null, role: 2 }]);
      const row = await handle.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
      expect(await verifyPassword('given-secret', row.password_hash)).toBe(true);
    } finally {
      await handle.close();
    }
  });
});
