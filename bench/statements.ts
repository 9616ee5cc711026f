/*
 * Statements per request of the mixed load's kinds (bench/mixed.ts), counted at the database client:
 * each kind sent one at a time to the product in this process, on a seeded database, and the
 * statements it sent between its request and its answer counted. Unlike a rate, the figures do not
 * depend on the machine's load.
 *
 *   npm run bench -- --skip-clone statements [--repeat=20] [--verbose]   on PostgreSQL (a statement is a round trip there)
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../config';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db';
import { API } from '../src/shared/api';
import { manualOrderBody, MIX, seed } from './mixed';
import { ADMIN_PASSWORD, forecastDone, option, postgresDatabase, USER_PASSWORD } from './product';
import { printTable } from './table';

type Report = (name: string, value: string) => void;

/** Counts the statements sent through pg while `counting` is on, by text. */
function statementCounter() {
  const texts = new Map<string, number>();
  let counting = false;
  const note = (text: unknown) => {
    if (!counting) return;
    const key = typeof text === 'string' ? text : String((text as { text?: unknown })?.text ?? '(cursor)');
    texts.set(key, (texts.get(key) ?? 0) + 1);
  };
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    note(args[0]);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  return {
    start: () => {
      texts.clear();
      counting = true;
    },
    stop: () => {
      counting = false;
      return new Map(texts);
    },
  };
}

export async function statements(report: Report): Promise<void> {
  const repeat = option('repeat', 'STATEMENTS_REPEAT', 20);
  const verbose = process.argv.includes('--verbose');
  const counter = statementCounter();
  const name = 'postgres';
  {
    const database = await postgresDatabase();
    try {
      const seeded = await seed(database, 4000);
      const config = loadConfig({
        DATABASE_URL: database.url,
        DATA_DIR: database.dataDir,
        ADMIN_PASSWORD,
        DEMO_DATA: 'false',
        LOG_LEVEL: 'silent',
        SHOPIFY_API_BASE_URL: 'http://127.0.0.1:1',
      });
      const handle = openDatabase(config.databaseUrl);
      const app = await buildApp(config, handle, join(tmpdir(), 'no-client-build'));
      await app.ready();
      // The forecast a starting server runs writes lines of its own: counted from when it is done.
      await forecastDone(handle.db);
      const login = async (username: string) => {
        const response = await app.inject({ method: 'POST', url: API.login, payload: { username, password: USER_PASSWORD } });
        return `Bearer ${response.json<{ token: string }>().token}`;
      };
      const workshop = seeded.workshops[0];
      const workshopAuth = await login(workshop.username);
      const customerAuth = await login(seeded.customers[0].username);
      const officeAuth = await login(seeded.offices[0]);
      const open = seeded.open.filter((line) => line.workshop_id === workshop.id);
      let tapped = 0;
      const kinds: Record<string, () => { method: 'GET' | 'POST' | 'PATCH'; url: string; auth: string; payload?: object }> = {
        workshopList: () => ({ method: 'GET', url: API.myWorkshopOrders, auth: workshopAuth }),
        customerList: () => ({ method: 'GET', url: API.myCustomerOrders, auth: customerAuth }),
        gridPage: () => ({ method: 'GET', url: `${API.orders}?limit=500&offset=0`, auth: officeAuth }),
        nextStep: () => {
          // Each line once: a line tapped to quality control is refused a second tap.
          const line = open[tapped++];
          return { method: 'PATCH', url: API.myWorkshopNextStep(line.id), auth: workshopAuth, payload: { current_order_line_process: line.step } };
        },
        manualOrder: () => ({
          method: 'POST',
          url: API.manualOrder,
          auth: customerAuth,
          payload: manualOrderBody([{ product_id: seeded.products[tapped++ % seeded.products.length], quantity: 2 }]),
        }),
      };
      const rows: string[][] = [['kind', 'statements', 'answers']];
      for (const [kind, request] of Object.entries(kinds)) {
        // One unmeasured request first: what a process reads once is not counted against each request.
        const statuses = new Map<number, number>();
        let total = 0;
        let done = 0;
        const all = new Map<string, number>();
        for (let i = 0; i <= repeat; i++) {
          const { method, url, auth, payload } = request();
          counter.start();
          const response = await app.inject({ method, url, headers: { authorization: auth, 'accept-encoding': 'gzip, deflate, br' }, payload });
          await new Promise((resolve) => setTimeout(resolve, 20));
          const texts = counter.stop();
          if (i === 0) continue;
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          // A refused tap (a canceled line) writes nothing: only answers that did what was asked count.
          if (response.statusCode >= 300) continue;
          done++;
          for (const [text, n] of texts) {
            total += n;
            all.set(text, (all.get(text) ?? 0) + n);
          }
        }
        rows.push([kind, (total / done).toFixed(1), [...statuses].map(([status, n]) => `${status} x${n}`).join(', ')]);
        if (verbose) {
          console.log(`\n${name} ${kind}:`);
          for (const [text, n] of [...all].sort((a, b) => b[1] - a[1])) console.log(`  ${(n / done).toFixed(2).padStart(6)}  ${text.replace(/\s+/g, ' ').slice(0, 100) + " … " + text.replace(/\s+/g, ' ').slice(-200)}`);
        }
      }
      const perKind = new Map(rows.slice(1).map(([kind, per]) => [kind, Number(per)]));
      const mixed = Object.entries(MIX).reduce((sum, [kind, share]) => sum + (share / 100) * (perKind.get(kind) ?? 0), 0);
      rows.push(['the mix (bench/mixed.ts shares)', mixed.toFixed(1), '']);
      printTable(`${name}: statements per request, ${repeat} requests of each kind, one at a time (only successful answers counted)`, rows);
      for (const [kind, per] of rows.slice(1)) report(`statements per request, ${name}, ${kind}`, per);
      await app.close();
      await handle.close();
      // pg's pool resolves its end before its sockets close: a cluster stopped at once would answer
      // them with an error the ended pool no longer listens for.
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      await database.drop();
    }
  }
}
