import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { loadConfig } from '../config';
import { buildApp } from '../src/server/app';
import { migrateToLatest, openDatabase } from '../src/server/db';
import { bootstrap } from '../src/server/db/seed';
import { API, type LoginResponse } from '../src/shared/api';

export const ADMIN = { username: 'admin', password: 'admin-secret' };

/**
 * The production app (same factory, same options) on a fresh database, talked to through inject.
 * `env` overrides configuration the way the environment does in production.
 */
export async function startTestApp(databaseUrl: string, env: Record<string, string> = {}) {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: mkdtempSync(join(process.env.TEST_TMP_DIR ?? tmpdir(), 'app-data-')),
    SESSION_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_DATA: 'false',
    LOGIN_RATE_LIMIT: '10000',
    LOG_LEVEL: 'silent',
    // Stores are never reached over the network: a store call fails at once on a closed local port.
    SHOPIFY_API_BASE_URL: 'http://127.0.0.1:1',
    ...env,
  });
  const database = openDatabase(config.databaseUrl, { statementTimeoutMs: config.dbStatementTimeoutMs });
  await migrateToLatest(database.db);
  await bootstrap(database.db, config);
  const app = await buildApp(config, database, join(tmpdir(), 'no-client-build'));

  async function call(method: InjectOptions['method'], url: string, options: { token?: string; body?: unknown } = {}) {
    const response = await app.inject({
      method,
      url,
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
    });
    const body = String(response.headers['content-type'] ?? '').includes('json') ? response.json() : response.body;
    return { status: response.statusCode, body, headers: response.headers };
  }

  async function login(username = ADMIN.username, password = ADMIN.password): Promise<LoginResponse> {
    const { status, body } = await call('POST', '/api/v1/user/login', { body: { username, password } });
    if (status !== 200) throw new Error(`login ${username} failed: ${status} ${JSON.stringify(body)}`);
    return body as LoginResponse;
  }

  /** Registers a user (role 1) and logs in as them. */
  async function newUser(username: string, password = 'secret-pass'): Promise<LoginResponse> {
    const { status } = await call('POST', '/api/v1/user/register', {
      body: { username, email: `${username}@example.com`, password },
    });
    if (status !== 201) throw new Error(`register ${username} failed: ${status}`);
    return login(username, password);
  }

  /** Registers a user and has the admin give it `role` (registration makes every user inactive). */
  async function newUserAs(username: string, role: number): Promise<LoginResponse> {
    const user = await newUser(username);
    const { token } = await login();
    const { status } = await call('POST', API.changeUserRoles, { token, body: [{ ID: user.user_id, Role: role }] });
    if (status !== 200) throw new Error(`role of ${username} not changed: ${status}`);
    return user;
  }

  return {
    app,
    db: database.db,
    config,
    call,
    login,
    newUser,
    newUserAs,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;
