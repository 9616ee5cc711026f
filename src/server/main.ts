import type { AddressInfo } from 'node:net';
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
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database.db);
  const accounts = await bootstrap(database.db, config);
  const app = await buildApp(config, database);
  app.addHook('onClose', () => database.close());

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  console.log(`Listening on http://${host}:${port}`);
  printAccounts(accounts);

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
