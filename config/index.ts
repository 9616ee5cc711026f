import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Everything the server reads from its environment, after defaults and checks. */
export interface Config {
  port: number;
  host: string;
  /** `sqlite:<path>` (embedded file, `:memory:` allowed) or a `postgres://` URL. */
  databaseUrl: string;
  sessionSecret: string;
  adminUsername: string;
  adminPassword: string | null;
  /** Address of the first admin, used for password resets. */
  adminEmail: string;
  demoData: boolean;
  smtpUrl: string | null;
  publicUrl: string;
  /** Where generated files (SQLite database, session secret) live. */
  dataDir: string;
  /** Failed logins allowed per client address and username within `loginRateWindowMs`. */
  loginRateLimit: number;
  loginRateWindowMs: number;
  /** Failed logins allowed per client address, whatever the usernames, within `loginFailureWindowMs`. */
  loginFailureLimit: number;
  loginFailureWindowMs: number;
  /** Failed password changes allowed per user in 15 minutes. */
  passwordChangeLimit: number;
  /** Password-reset requests allowed per e-mail address in an hour, and per client address in an hour. */
  forgotPasswordLimit: number;
  forgotPasswordClientLimit: number;
  /** Registrations allowed per client address in an hour. */
  registerLimit: number;
  /** Largest accepted request body in bytes. */
  bodyLimit: number;
  /** Units (order lines) one manual order may create. */
  maxUnitsPerOrder: number;
  /** PostgreSQL cancels a statement that runs longer (0: never); SQLite has no such limit. */
  dbStatementTimeoutMs: number;
  /** Key that encrypts shop secrets at rest (derived from the session secret when unset). */
  secretsKey: string;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (rate limits). */
  trustProxy: boolean;
  /** Print the start banner and request logs. */
  logLevel: 'silent' | 'error' | 'warn' | 'info' | 'debug';
  /** On SIGTERM/SIGINT, how long requests in flight may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** The live channel (/ws/orders). */
  live: {
    /**
     * Days a change of an order line stays in the change log a reconnecting client resumes from;
     * a client away longer reads its lists anew.
     */
    changeRetentionDays: number;
    /** How often open sockets' sessions are checked: a logout or role change closes them within this. */
    sessionCheckMs: number;
    /** Ping interval; a socket that missed a pong is dropped at the next one. */
    pingMs: number;
    /**
     * Without PUBLIC_URL the product does not know the address users type, so a socket's page
     * may be any origin on the host the socket itself reached; with it, only PUBLIC_URL's.
     */
    sameHostOrigins: boolean;
  };
  /** The Shopify link (src/server/modules/shopify). */
  shopify: {
    /** The GraphQL Admin API version every store is asked with. */
    apiVersion: string;
    /**
     * Every store reached at `<apiBaseUrl>/shops/<store domain>` instead of `https://<store domain>`:
     * the local Shopify-protocol server (npm run shop:fake). Null: the stores themselves.
     */
    apiBaseUrl: string | null;
    /** One request to a store may take this long. */
    timeoutMs: number;
    /** Jobs (received webhooks, fulfilments, reconciliation) are looked for this often when none is known to wait. */
    jobPollMs: number;
    /**
     * Jobs this process works on at once; 0: none (it only answers, another process works them).
     * Null: by the database, 1 on SQLite (one writer), 4 on PostgreSQL.
     */
    jobWorkers: number | null;
  };
  /** How often the housekeeping (change log, finished jobs, expired rate-limit counters) runs. */
  housekeepingEveryMs: number;
}

export class ConfigError extends Error {}

export const DEFAULTS = {
  PORT: '3000',
  HOST: '127.0.0.1',
  DATABASE_URL: 'sqlite:./data/app.db',
  ADMIN_USERNAME: 'admin',
  DEMO_DATA: 'true',
  LOGIN_RATE_LIMIT: '10',
  LOGIN_RATE_WINDOW_MS: '60000',
  LOGIN_FAILURE_LIMIT: '100',
  LOGIN_FAILURE_WINDOW_MS: '600000',
  PASSWORD_CHANGE_LIMIT: '5',
  FORGOT_PASSWORD_LIMIT: '3',
  FORGOT_PASSWORD_CLIENT_LIMIT: '20',
  REGISTER_LIMIT: '20',
  BODY_LIMIT: '1048576',
  MAX_UNITS_PER_ORDER: '1000',
  DB_STATEMENT_TIMEOUT_MS: '30000',
  LOG_LEVEL: 'warn',
  TRUST_PROXY: 'false',
  SHUTDOWN_TIMEOUT_MS: '10000',
  LIVE_SESSION_CHECK_MS: '5000',
  LIVE_PING_MS: '30000',
  // A tablet left offline over a long weekend still resumes from where it was.
  CHANGE_RETENTION_DAYS: '7',
  HOUSEKEEPING_EVERY_MS: '3600000',
  SHOPIFY_API_VERSION: '2026-10',
  SHOPIFY_TIMEOUT_MS: '10000',
  SHOPIFY_JOB_POLL_MS: '5000',
  JOB_WORKERS: '',
} as const;

type Env = Record<string, string | undefined>;

function integer(env: Env, name: keyof typeof DEFAULTS, min: number, max: number): number {
  const raw = (env[name] ?? DEFAULTS[name]).trim();
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name}=${raw} is invalid: expected an integer from ${min} to ${max}`);
  }
  return value;
}

function boolean(env: Env, name: keyof typeof DEFAULTS): boolean {
  const raw = (env[name] ?? DEFAULTS[name]).trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name}=${raw} is invalid: expected true or false`);
}

function url(name: string, raw: string, protocols: string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name}=${raw} is invalid: not a URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name}=${raw} is invalid: expected ${protocols.join(' or ')}`);
  }
  return raw;
}

/** The SQLite file path of a `sqlite:` URL, or null for PostgreSQL. */
export function sqlitePath(databaseUrl: string): string | null {
  return databaseUrl.startsWith('sqlite:') ? databaseUrl.slice('sqlite:'.length) : null;
}

function databaseUrl(env: Env): string {
  const raw = (env.DATABASE_URL ?? DEFAULTS.DATABASE_URL).trim();
  if (raw.startsWith('sqlite:')) {
    if (!sqlitePath(raw)) throw new ConfigError(`DATABASE_URL=${raw} is invalid: sqlite: needs a file path`);
    return raw;
  }
  return url('DATABASE_URL', raw, ['postgres:', 'postgresql:']);
}

/** Reads the secret from the data folder, creating it on first start. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Shopify's API versions are named by quarter: yyyy-01, -04, -07 or -10. */
function shopifyApiVersion(env: Env): string {
  const raw = (env.SHOPIFY_API_VERSION ?? DEFAULTS.SHOPIFY_API_VERSION).trim();
  if (!/^\d{4}-(01|04|07|10)$/.test(raw)) throw new ConfigError(`SHOPIFY_API_VERSION=${raw} is invalid: expected a version such as 2026-10`);
  return raw;
}

/** The address users and shops reach the product at: PUBLIC_URL, else where it listens (PORT, HOST). */
export function publicUrlOf(env: Env): string {
  const port = integer(env, 'PORT', 0, 65535);
  const host = (env.HOST ?? DEFAULTS.HOST).trim();
  if (!host) throw new ConfigError('HOST is invalid: empty');
  return env.PUBLIC_URL?.trim()
    ? url('PUBLIC_URL', env.PUBLIC_URL.trim().replace(/\/+$/, ''), ['http:', 'https:'])
    : `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 0, 65535);
  const host = (env.HOST ?? DEFAULTS.HOST).trim();
  const publicUrl = publicUrlOf(env);
  const dbUrl = databaseUrl(env);
  const sqlite = sqlitePath(dbUrl);
  const dataDir = resolve(env.DATA_DIR ?? (sqlite && sqlite !== ':memory:' ? dirname(sqlite) : './data'));

  const sessionSecret = env.SESSION_SECRET?.trim() || persistedSecret(dataDir);
  if (sessionSecret.length < 32) throw new ConfigError('SESSION_SECRET is invalid: use at least 32 characters');

  const adminUsername = (env.ADMIN_USERNAME ?? DEFAULTS.ADMIN_USERNAME).trim();
  if (!/^[A-Za-z0-9_]{3,20}$/.test(adminUsername)) {
    throw new ConfigError(`ADMIN_USERNAME=${adminUsername} is invalid: 3-20 letters, digits or underscores`);
  }
  const adminPassword = env.ADMIN_PASSWORD ?? null;
  if (adminPassword !== null && adminPassword.length < 6) {
    throw new ConfigError('ADMIN_PASSWORD is invalid: use at least 6 characters');
  }

  const adminEmail = (env.ADMIN_EMAIL ?? `${adminUsername}@example.com`).trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(adminEmail)) throw new ConfigError(`ADMIN_EMAIL=${adminEmail} is invalid: not an e-mail address`);

  const smtpUrl = env.SMTP_URL?.trim() ? url('SMTP_URL', env.SMTP_URL.trim(), ['smtp:', 'smtps:']) : null;

  const logLevel = (env.LOG_LEVEL ?? DEFAULTS.LOG_LEVEL).trim() as Config['logLevel'];
  if (!['silent', 'error', 'warn', 'info', 'debug'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL=${logLevel} is invalid: silent, error, warn, info or debug`);
  }

  return {
    port,
    host,
    databaseUrl: dbUrl,
    sessionSecret,
    adminUsername,
    adminPassword,
    adminEmail,
    demoData: boolean(env, 'DEMO_DATA'),
    smtpUrl,
    publicUrl,
    dataDir,
    loginRateLimit: integer(env, 'LOGIN_RATE_LIMIT', 1, 1_000_000),
    loginRateWindowMs: integer(env, 'LOGIN_RATE_WINDOW_MS', 1000, 86_400_000),
    loginFailureLimit: integer(env, 'LOGIN_FAILURE_LIMIT', 1, 1_000_000),
    loginFailureWindowMs: integer(env, 'LOGIN_FAILURE_WINDOW_MS', 1000, 86_400_000),
    passwordChangeLimit: integer(env, 'PASSWORD_CHANGE_LIMIT', 1, 1_000_000),
    forgotPasswordLimit: integer(env, 'FORGOT_PASSWORD_LIMIT', 1, 1_000_000),
    forgotPasswordClientLimit: integer(env, 'FORGOT_PASSWORD_CLIENT_LIMIT', 1, 1_000_000),
    registerLimit: integer(env, 'REGISTER_LIMIT', 1, 1_000_000),
    bodyLimit: integer(env, 'BODY_LIMIT', 1024, 100 * 1024 * 1024),
    maxUnitsPerOrder: integer(env, 'MAX_UNITS_PER_ORDER', 1, 100_000),
    dbStatementTimeoutMs: integer(env, 'DB_STATEMENT_TIMEOUT_MS', 0, 3_600_000),
    secretsKey: env.SECRETS_KEY?.trim() || sessionSecret,
    trustProxy: boolean(env, 'TRUST_PROXY'),
    logLevel,
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 100, 600_000),
    live: {
      sessionCheckMs: integer(env, 'LIVE_SESSION_CHECK_MS', 50, 600_000),
      pingMs: integer(env, 'LIVE_PING_MS', 1000, 600_000),
      changeRetentionDays: integer(env, 'CHANGE_RETENTION_DAYS', 1, 3650),
      sameHostOrigins: !env.PUBLIC_URL?.trim(),
    },
    shopify: {
      apiVersion: shopifyApiVersion(env),
      apiBaseUrl: env.SHOPIFY_API_BASE_URL?.trim() ? url('SHOPIFY_API_BASE_URL', env.SHOPIFY_API_BASE_URL.trim().replace(/\/+$/, ''), ['http:', 'https:']) : null,
      timeoutMs: integer(env, 'SHOPIFY_TIMEOUT_MS', 100, 600_000),
      jobPollMs: integer(env, 'SHOPIFY_JOB_POLL_MS', 10, 3_600_000),
      jobWorkers: env.JOB_WORKERS?.trim() ? integer(env, 'JOB_WORKERS', 0, 64) : null,
    },
    housekeepingEveryMs: integer(env, 'HOUSEKEEPING_EVERY_MS', 1000, 86_400_000),
  };
}
