import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from '../../config';
import { buildApp } from './app';
import { migrateToLatest, openDatabase } from './db';
import { bootstrap, type SeededAccount } from './db/seed';
import { Role, type RoleId } from '../shared/roles';

const ROLE_LABELS: Record<RoleId, string> = {
  [Role.Inactive]: 'inactive',
  [Role.Admin]: 'admin',
  [Role.Workshop]: 'workshop',
  [Role.Office]: 'office',
  [Role.Customer]: 'B2B customer',
};

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

function printAccounts(accounts: SeededAccount[]): void {
  if (accounts.length === 0) return;
  console.log('First start, accounts created (passwords are shown only now):');
  for (const { username, password, role } of accounts) {
    console.log(`  ${ROLE_LABELS[role].padEnd(13)} ${username.padEnd(10)} ${password ?? '(password from ADMIN_PASSWORD)'}`);
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const database = openDatabase(config.databaseUrl, { statementTimeoutMs: config.dbStatementTimeoutMs });
  await migrateToLatest(database.db);
  const accounts = await bootstrap(database.db, config);
  const app = await buildApp(config, database);
  app.addHook('onClose', () => database.close());

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  console.log(`Listening on http://${host}:${port}`);
  printAccounts(accounts);

  stopOnSignals(app, config.shutdownTimeoutMs);
}

/**
 * Graceful shutdown on SIGTERM or SIGINT: `app.close()` is the one place that stops the server. It
 * refuses new connections and closes idle keep-alive ones at once, answers 503 to a request that
 * still arrives on an open connection, lets requests in flight finish (their answers close their
 * connections), then runs every onClose hook (WebSockets, mailer, session sweep, the database).
 * Exit 0 when all is closed; a second signal, or requests still running after `timeoutMs`, end the
 * process at once with exit code 1.
 */
function stopOnSignals(app: FastifyInstance, timeoutMs: number): void {
  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    if (closing) {
      console.error(`${signal} again: exiting without waiting for requests in flight`);
      process.exit(1);
    }
    closing = true;
    console.log(`${signal}: finishing requests in flight, then stopping`);
    const timer = setTimeout(() => {
      console.error(`Requests still running after ${timeoutMs} ms: exiting anyway`);
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    app.close().then(
      () => {
        clearTimeout(timer);
        console.log('Stopped');
        process.exit(0);
      },
      (error) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
