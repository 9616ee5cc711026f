import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '.';

const dataDir = () => mkdtempSync(join(tmpdir(), 'config-'));

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
