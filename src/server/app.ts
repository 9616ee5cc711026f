import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { DatabaseHandle } from './db';
import { createMailer } from './modules/mail/transport';
import { auditRoutes } from './modules/audit/routes';
import { authRoutes } from './modules/auth/routes';
import { tokenKey } from './modules/auth/tokens';
import { customerRoutes } from './modules/customers/routes';
import { lineBus } from './modules/live/bus';
import { languageRoutes } from './modules/languages/routes';
import { liveRoutes } from './modules/live/routes';
import { liveSocket } from './modules/live/socket';
import { lookupRoutes } from './modules/lookups/routes';
import { archiveRoutes } from './modules/order-lines/archive-routes';
import { ticketRoutes } from './modules/order-lines/tickets-routes';
import { byCodeRoutes } from './modules/order-lines/by-code';
import { orderRoutes } from './modules/orders/routes';
import { productionStepRoutes } from './modules/production-steps/routes';
import { productRoutes } from './modules/products/routes';
import { shopRoutes } from './modules/shops/routes';
import { settingsRoutes } from './modules/settings/routes';
import { secretsCipher } from './modules/shops/secrets';
import { storeClient } from './modules/shops/service';
import { catalogueSyncs } from './modules/shopify/catalogue-syncs';
import { shopifyClients } from './modules/shopify/client';
import { jobWorker, MAIL_JOB_KIND } from './modules/jobs/queue';
import { MAIL_RETRY, mailJobHandler } from './modules/mail/outbox';
import { mailRoutes } from './modules/mail/routes';
import { housekeepingEvery } from './modules/housekeeping/runner';
import { foldFiguresEvery } from './modules/order-lines/figures';
import { digestsEvery } from './modules/notifications/digest';
import { fulfilShipment } from './modules/shopify/fulfilment';
import { reconcileEvery, reconcileJobHandler } from './modules/shopify/reconcile';
import { FORECAST_JOB } from '../shared/forecast';
import { forecastEvery, forecastJobHandler } from './modules/orders/forecast-job';
import { shopifyRoutes } from './modules/shopify/routes';
import { metalRoutes } from './modules/metal/routes';
import { subscribeStore } from './modules/shopify/subscriptions';
import { shopifyWebhookRoutes, webhookJobHandler } from './modules/shopify/webhooks';
import { userRoutes } from './modules/users/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { flowRoutes } from './modules/flow/routes';
import { scorecardRoutes } from './modules/scorecard/routes';
import { gridViewRoutes } from './modules/views/routes';
import { composeMail } from './modules/notifications/mail';
import { SHOP_JOB_RETRY } from './modules/shopify/job-retry';
import { notificationRoutes } from './modules/notifications/routes';
import { workshopRoutes } from './modules/workshops/routes';
import { apiDocsRoutes } from './openapi/routes';
import { requireSessions, sweepSessions } from './plugins/auth';
import { answerFrameworkError, handleErrors, routeNotFound } from './plugins/errors';
import { collectRoutes } from './plugins/route-table';
import { closeConnectionsOnClose, healthRoutes } from './plugins/health';
import { type LogDestination, loggingServerOptions } from './plugins/logging';
import { API } from '../shared/api';
import { BROTLI_QUALITY } from './compressed-pages';

export const CLIENT_DIR = resolve(__dirname, '../../dist/client');

/**
 * The whole HTTP application, ready to listen or to answer `inject` calls; it never listens itself.
 * `logDestination` receives the log lines instead of standard output (tests read them).
 */
export async function buildApp(
  config: Config,
  { db, dialect }: DatabaseHandle,
  clientDir = CLIENT_DIR,
  logDestination?: LogDestination,
): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggingServerOptions(config.logLevel, logDestination),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    frameworkErrors: answerFrameworkError,
  });
  handleErrors(app);
  collectRoutes(app);
  // No API answer is ever kept: a tablet's Back showed a stale line with its old buttons from the cache.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The camera scanner's barcode reader is WebAssembly (served from our origin): compiling it needs this, and no eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // The order grid reads its lines in a worker of our own origin (a script file, never a blob).
        workerSrc: ["'self'"],
        // React sets style attributes; no inline script is ever allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Product photos come from the shop's CDN; against a local Shopify-protocol server, from that server alone.
        imgSrc: ["'self'", 'data:', 'https:', ...(config.shopify.apiBaseUrl ? [new URL(config.shopify.apiBaseUrl).origin] : [])],
        // 'self' takes the page's own origin over ws: and wss: too: the live channel, no other host.
        connectSrc: ["'self'"],
        // The product may run on plain HTTP inside an office network; the client warns about it.
        upgradeInsecureRequests: null,
      },
    },
  });
  // Answers up to 64 KB (a workshop's list, a page of lines) compress in one synchronous call: far
  // cheaper than the stream path the plugin picks by default on two cores.
  // The compact line lists (application/...+ndjson) compress like JSON. A streamed list is flushed
  // after every page it writes: left to itself the compressor holds the first pages back until its
  // block fills, and the grid waited about 0.4 s for its first rows.
  await app.register(compress, {
    syncThreshold: 65_536,
    customTypes: /^text\/(?!event-stream)|(?:\+|\/)(?:nd)?json(?:;|$)/,
    brotliOptions: { flush: zlib.constants.BROTLI_OPERATION_FLUSH, params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { flush: zlib.constants.Z_SYNC_FLUSH },
  });
  // Load balancer probes: outside /api and its session guard, never rate limited.
  healthRoutes(app, db, config.logLevel);
  closeConnectionsOnClose(app);

  const mailer = createMailer(config.smtpUrl, config.publicUrl);
  if (mailer) app.addHook('onClose', async () => mailer.close());
  const key = await tokenKey(config.sessionSecret);
  // Committed line changes, told to the live sockets of this process and (PostgreSQL) every other.
  const bus = lineBus({ dialect, databaseUrl: config.databaseUrl, log: app.log });
  await bus.start();
  app.addHook('onClose', async () => bus.close());
  await liveSocket(app, { db, bus, tokenKey: key, publicUrl: config.publicUrl, ...config.live });
  // One client per store for the whole process: every caller of a store shares its cost bucket and token.
  const shopify = shopifyClients(config.shopify);
  // The shops' webhooks become durable jobs, worked on after the answer by this process's worker
  // (on PostgreSQL several at once, and in every process).
  const shopCipher = secretsCipher(config.secretsKey);
  const clientOf = (connectionId: number | null) => {
    if (connectionId === null) throw new Error('a shop job without its store');
    return storeClient(db, shopCipher, shopify, connectionId);
  };
  const webhookUri = `${config.publicUrl}${API.shopifyWebhook}`;
  const jobs = jobWorker({
    db,
    dialect,
    handlers: {
      webhook: webhookJobHandler(db, bus),
      subscribe: async (job) => void (await subscribeStore(await clientOf(job.connection_id), webhookUri)),
      fulfil: async (job) => void (await fulfilShipment(await clientOf(job.connection_id), JSON.parse(job.payload))),
      reconcile: reconcileJobHandler(db, bus, clientOf),
      [FORECAST_JOB]: forecastJobHandler(db, bus),
    },
    pollMs: config.shopify.jobPollMs,
    concurrency: config.shopify.jobWorkers ?? (dialect === 'postgres' ? 4 : 1),
    retry: SHOP_JOB_RETRY,
    log: app.log,
  });
  // Mail has its own worker, so a slow mail server never holds up a webhook; none without a mail server.
  // Without a mail server its jobs are done unsent: notifications stay in the product.
  const mailLinks = { publicUrl: config.publicUrl, secret: config.sessionSecret };
  const compose = composeMail(db, mailLinks);
  const mails = jobWorker({
    db,
    dialect,
    handlers: { [MAIL_JOB_KIND]: mailJobHandler(mailer, compose) },
    retry: MAIL_RETRY,
    pollMs: config.shopify.jobPollMs,
    concurrency: 1,
    log: app.log,
  });
  app.addHook('onReady', async () => mails.start());
  app.addHook('onClose', async () => mails.close());
  let stopReconciling = () => {};
  let stopForecasting = () => {};
  app.addHook('onReady', async () => {
    await jobs.start();
    stopReconciling = reconcileEvery(db, jobs.wake, app.log);
    stopForecasting = forecastEvery(db, jobs.wake, app.log);
  });
  app.addHook('onClose', async () => {
    stopReconciling();
    stopForecasting();
    await jobs.close();
  });
  let stopHousekeeping = async () => {};
  app.addHook('onReady', async () => {
    stopHousekeeping = housekeepingEvery(db, config.housekeepingEveryMs, { changeRetentionDays: config.live.changeRetentionDays }, app.log);
  });
  app.addHook('onClose', async () => stopHousekeeping());
  let stopFolding = async () => {};
  app.addHook('onReady', async () => {
    stopFolding = foldFiguresEvery(db, app.log);
  });
  app.addHook('onClose', async () => stopFolding());
  let stopDigests = async () => {};
  app.addHook('onReady', async () => {
    stopDigests = digestsEvery(db, config.housekeepingEveryMs, app.log);
  });
  app.addHook('onClose', async () => stopDigests());
  shopifyWebhookRoutes(app, { db, cipher: shopCipher, stored: jobs.wake });
  // Catalogue syncs are tasks of this process beside the job worker, never in its slots.
  const catalogue = catalogueSyncs({ db, dialect, log: app.log });
  // In the background: readiness must not wait for a database that does not answer (/readyz says so).
  app.addHook('onReady', async () => void catalogue.recover().catch((error: unknown) => app.log.error({ err: error }, 'catalogue syncs left running could not be closed')));
  app.addHook('onClose', async () => catalogue.close());

  await app.register(async (api) => {
    requireSessions(api, db, key);
    authRoutes(api, { db, tokenKey: key, mailer, publicUrl: config.publicUrl }, config);
    userRoutes(api, db, { mailer, publicUrl: config.publicUrl });
    dashboardRoutes(api, db);
    flowRoutes(api, db);
    scorecardRoutes(api, db);
    languageRoutes(api, db);
    productionStepRoutes(api, db);
    lookupRoutes(api, db);
    productRoutes(api, db);
    shopRoutes(api, db, secretsCipher(config.secretsKey), shopify, catalogue, jobs);
    workshopRoutes(api, db, bus);
    customerRoutes(api, db);
    settingsRoutes(api, db, dialect);
    orderRoutes(api, db, bus, { maxUnitsPerOrder: config.maxUnitsPerOrder }, jobs);
    liveRoutes(api, db);
    archiveRoutes(api, db);
    ticketRoutes(api, db);
    byCodeRoutes(api, db);
    auditRoutes(api, db);
    gridViewRoutes(api, db);
    notificationRoutes(api, db, mailLinks);
    shopifyRoutes(api, db, bus, jobs, clientOf);
    mailRoutes(api, db, { compose, wake: mails.wake });
    metalRoutes(api, db, bus);
  });
  sweepSessions(app, db);
  // The API document and its page, generated from the route table.
  apiDocsRoutes(app);

  const hasClient = existsSync(resolve(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: 'index.html',
      // The build writes each file compressed beside it (webpack.config.ts): sent as it is, never compressed again.
      preCompressed: true,
      // Dot files are the build's own (its stamp, .inputs-hash), never the app's.
      dotfiles: 'ignore',
      setHeaders: (res, path) => {
        // File names carry a content hash; only the page itself must be revalidated.
        res.header('cache-control', /\.html(\.br|\.gz)?$/.test(path) ? 'no-cache' : 'public, max-age=31536000, immutable');
      },
    });
  }
  // Browser routes (/dashboard, /admin/users ...) all load the single-page app.
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/ws');
    if (hasClient && isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    throw routeNotFound();
  });

  return app;
}
