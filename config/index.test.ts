import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '.';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'config-'));
  dirs.push(dir);
  return dir;
};

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

test('defaults: SQLite file, local address, demo data on, secret generated once and kept', () => {
  const dir = dataDir();
  const config = loadConfig({ DATA_DIR: dir });
  expect(config).toMatchObject({
    port: 3000,
    host: '127.0.0.1',
    databaseUrl: 'sqlite:./data/app.db',
    adminUsername: 'admin',
    adminPassword: null,
    demoData: true,
    smtpUrl: null,
    publicUrl: 'http://127.0.0.1:3000',
  });
  expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  expect(readFileSync(join(dir, 'session-secret'), 'utf8')).toBe(config.sessionSecret);
  expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(config.sessionSecret);
});

test('environment variables override the defaults', () => {
  const config = loadConfig({
    DATA_DIR: dataDir(),
    PORT: '8080',
    HOST: '0.0.0.0',
    DATABASE_URL: 'postgres://app:secret@db:5432/app',
    SESSION_SECRET: 's'.repeat(40),
    ADMIN_USERNAME: 'patron',
    ADMIN_PASSWORD: 'secret1',
    DEMO_DATA: 'false',
    SMTP_URL: 'smtp://mail:25',
    PUBLIC_URL: 'https://atolye.example/',
  });
  expect(config).toMatchObject({
    port: 8080,
    host: '0.0.0.0',
    databaseUrl: 'postgres://app:secret@db:5432/app',
    sessionSecret: 's'.repeat(40),
    adminUsername: 'patron',
    adminPassword: 'secret1',
    demoData: false,
    smtpUrl: 'smtp://mail:25',
    publicUrl: 'https://atolye.example',
  });
});

test.each([
  ['PORT', 'abc'],
  ['PORT', '70000'],
  ['DATABASE_URL', 'mysql://x/y'],
  ['DATABASE_URL', 'sqlite:'],
  ['SESSION_SECRET', 'short'],
  ['ADMIN_USERNAME', 'a b'],
  ['ADMIN_PASSWORD', '123'],
  ['DEMO_DATA', 'maybe'],
  ['SMTP_URL', 'http://mail'],
  ['PUBLIC_URL', 'not a url'],
  ['LOG_LEVEL', 'loud'],
])('%s=%s stops the start with a line naming it', (name, value) => {
  const load = () => loadConfig({ DATA_DIR: dataDir(), [name]: value });
  expect(load).toThrow(ConfigError);
  expect(load).toThrow(new RegExp(`^${name}`));
});

test('a SQLite DATABASE_URL keeps its path, and without DATA_DIR the secret lives next to the database', () => {
  const dir = dataDir();
  const config = loadConfig({ DATABASE_URL: `sqlite:${join(dir, 'shop.db')}` });
  expect(config.databaseUrl).toBe(`sqlite:${join(dir, 'shop.db')}`);
  expect(config.dataDir).toBe(dir);
  expect(readFileSync(join(dir, 'session-secret'), 'utf8')).toBe(config.sessionSecret);
});

test('postgresql:// is accepted like postgres://, PORT=0 asks for any free port, a given secret is not written', () => {
  const dir = dataDir();
  const config = loadConfig({
    DATA_DIR: dir,
    DATABASE_URL: 'postgresql://app@localhost/app',
    PORT: '0',
    SESSION_SECRET: 'x'.repeat(32),
  });
  expect(config).toMatchObject({ databaseUrl: 'postgresql://app@localhost/app', port: 0, sessionSecret: 'x'.repeat(32) });
  expect(() => readFileSync(join(dir, 'session-secret'))).toThrow();
});

test.each([
  ['true', true],
  ['1', true],
  ['yes', true],
  ['FALSE', false],
  ['0', false],
  ['off', false],
])('DEMO_DATA=%s means %s', (value, expected) => {
  expect(loadConfig({ DATA_DIR: dataDir(), DEMO_DATA: value }).demoData).toBe(expected);
});

test('ADMIN_PASSWORD of exactly 6 characters is enough; 5 is not', () => {
  expect(loadConfig({ DATA_DIR: dataDir(), ADMIN_PASSWORD: '123456' }).adminPassword).toBe('123456');
  expect(() => loadConfig({ DATA_DIR: dataDir(), ADMIN_PASSWORD: '12345' })).toThrow(/^ADMIN_PASSWORD is invalid/);
});

test.each([
  ['PORT', '-1'],
  ['PORT', '80.5'],
  ['HOST', '  '],
  ['DATABASE_URL', 'postgres//missing-colon'],
  ['SMTP_URL', 'mail.example:25'],
  ['PUBLIC_URL', 'ftp://atolye.example'],
])('%s=%j is refused with a ConfigError naming it', (name, value) => {
  const load = () => loadConfig({ DATA_DIR: dataDir(), [name]: value });
  expect(load).toThrow(ConfigError);
  expect(load).toThrow(new RegExp(`^${name}`));
});

test('abuse limits: defaults, overrides, and an invalid value stops the start naming it', () => {
  expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({
    loginRateLimit: 10,
    loginRateWindowMs: 60_000,
    loginFailureLimit: 100,
    loginFailureWindowMs: 600_000,
    passwordChangeLimit: 5,
    forgotPasswordLimit: 3,
    forgotPasswordClientLimit: 20,
    registerLimit: 20,
  });
  expect(
    loadConfig({
      DATA_DIR: dataDir(),
      LOGIN_FAILURE_LIMIT: '500',
      LOGIN_FAILURE_WINDOW_MS: '3600000',
      PASSWORD_CHANGE_LIMIT: '3',
      FORGOT_PASSWORD_LIMIT: '1',
      FORGOT_PASSWORD_CLIENT_LIMIT: '50',
      REGISTER_LIMIT: '200',
    }),
  ).toMatchObject({
    loginFailureLimit: 500,
    loginFailureWindowMs: 3_600_000,
    passwordChangeLimit: 3,
    forgotPasswordLimit: 1,
    forgotPasswordClientLimit: 50,
    registerLimit: 200,
  });
  for (const [name, value] of [
    ['LOGIN_RATE_LIMIT', '0'],
    ['LOGIN_FAILURE_LIMIT', '0'],
    ['LOGIN_FAILURE_LIMIT', 'many'],
    ['LOGIN_FAILURE_WINDOW_MS', '999'],
    ['PASSWORD_CHANGE_LIMIT', '-1'],
    ['FORGOT_PASSWORD_LIMIT', '2.5'],
    ['FORGOT_PASSWORD_CLIENT_LIMIT', ''],
    ['REGISTER_LIMIT', '10000000'],
  ]) {
    const load = () => loadConfig({ DATA_DIR: dataDir(), [name]: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(new RegExp(`^${name}=`));
  }
});

test('server limits: units per manual order and the PostgreSQL statement timeout, with defaults and checks', () => {
  expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ maxUnitsPerOrder: 1000, dbStatementTimeoutMs: 30_000 });
  expect(loadConfig({ DATA_DIR: dataDir(), MAX_UNITS_PER_ORDER: '250', DB_STATEMENT_TIMEOUT_MS: '0' })).toMatchObject({
    maxUnitsPerOrder: 250,
    dbStatementTimeoutMs: 0,
  });
  for (const [name, value] of [
    ['MAX_UNITS_PER_ORDER', '0'],
    ['MAX_UNITS_PER_ORDER', '1e3'],
    ['MAX_UNITS_PER_ORDER', '100001'],
    ['DB_STATEMENT_TIMEOUT_MS', '-1'],
    ['DB_STATEMENT_TIMEOUT_MS', '30s'],
    ['DB_STATEMENT_TIMEOUT_MS', '3600001'],
  ]) {
    const load = () => loadConfig({ DATA_DIR: dataDir(), [name]: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(new RegExp(`^${name}=`));
  }
});

test('the Shopify link: a quarterly API version, an http(s) base of the local server, bounded times', () => {
  const base = { SESSION_SECRET: 'x'.repeat(40) };
  expect(loadConfig(base).shopify).toEqual({ apiVersion: '2026-10', apiBaseUrl: null, timeoutMs: 10_000, jobPollMs: 5000, jobWorkers: null });
  expect(loadConfig({ ...base, JOB_WORKERS: '0' }).shopify.jobWorkers).toBe(0);
  expect(() => loadConfig({ ...base, JOB_WORKERS: '-1' })).toThrow('JOB_WORKERS');
  expect(loadConfig({ ...base, SHOPIFY_API_VERSION: '2027-01', SHOPIFY_API_BASE_URL: 'http://127.0.0.1:4010/' }).shopify).toMatchObject({ apiVersion: '2027-01', apiBaseUrl: 'http://127.0.0.1:4010' });
  expect(() => loadConfig({ ...base, SHOPIFY_API_VERSION: '2026-11' })).toThrow('SHOPIFY_API_VERSION');
  expect(() => loadConfig({ ...base, SHOPIFY_API_BASE_URL: 'ftp://x' })).toThrow('SHOPIFY_API_BASE_URL');
  expect(() => loadConfig({ ...base, SHOPIFY_TIMEOUT_MS: '5' })).toThrow('SHOPIFY_TIMEOUT_MS');
});

test('housekeeping: changes kept 7 days by default (a tablet offline over a weekend resumes), hourly, both bounded', () => {
  const base = { SESSION_SECRET: 'x'.repeat(40) };
  expect(loadConfig(base)).toMatchObject({ live: { changeRetentionDays: 7 }, housekeepingEveryMs: 3_600_000 });
  expect(loadConfig({ ...base, CHANGE_RETENTION_DAYS: '30', HOUSEKEEPING_EVERY_MS: '60000' })).toMatchObject({ live: { changeRetentionDays: 30 }, housekeepingEveryMs: 60_000 });
  expect(() => loadConfig({ ...base, CHANGE_RETENTION_DAYS: '0' })).toThrow('CHANGE_RETENTION_DAYS');
  expect(() => loadConfig({ ...base, HOUSEKEEPING_EVERY_MS: '10' })).toThrow('HOUSEKEEPING_EVERY_MS');
});
