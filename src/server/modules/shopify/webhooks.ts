import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { AppError, badRequest } from '../../errors';
import { routesOf } from '../../plugins/route-table';
import { API } from '../../../shared/api';
import type { LineBus } from '../live/bus';
import { notify } from '../notifications/notify';
import { PRODUCT_TOPICS, takeProductWebhook } from './catalogue-webhooks';
import { orderFromWebhook, takeShopOrder } from './intake';
import { enqueue, type JobHandler } from '../jobs/queue';
import { type RefusalReason, recordRefusal } from './refusals';

/*
 * Shopify's webhooks, every topic at one address. A webhook is believed only when its body's
 * HMAC-SHA256, under the secret of the connection whose shop_domain sent it, equals the header
 * (a refused one is counted per domain, refusals.ts); then it is stored as a job (once per
 * X-Shopify-Webhook-Id) and answered at once. Its work (an order taken, a store marked
 * uninstalled) is done by the job worker after the answer.
 */

/** The topics of a shop's orders; each body is the whole order as the shop has it now. */
const ORDER_TOPICS = new Set(['orders/create', 'orders/updated', 'orders/cancelled', 'orders/paid']);
/** The privacy topics every store app must answer; nothing is stored for them. */
const COMPLIANCE_TOPICS = new Set(['customers/data_request', 'customers/redact', 'shop/redact']);

/** Shopify's signature of a body: base64 HMAC-SHA256 under the secret. */
export function webhookSignature(body: Buffer, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'base64');
  const b = Buffer.from(given, 'base64');
  return a.length === b.length && timingSafeEqual(a, b);
}

interface Signer {
  /** The connection whose orders these are: the domain's store record, else the one that signed. */
  connectionId: number;
}

/**
 * The connection of `domain` whose secret signed `body`: each connection of the domain (its
 * webhook record, its store) is tried with its webhook_secret, else its api_secret. Else why not:
 * no connection has the domain, or none signed it.
 */
async function signerOf(db: Db, cipher: SecretReader, domain: string, body: Buffer, signature: string): Promise<Signer | RefusalReason> {
  const rows = await db
    .selectFrom('shop_connections')
    .select(['id', 'kind', 'api_secret', 'webhook_secret'])
    .where((eb) => eb(eb.fn('lower', ['shop_domain']), '=', domain))
    .orderBy('id')
    .execute();
  const signed = rows.some((row) => {
    try {
      return sameSignature(webhookSignature(body, cipher.decrypt(row.webhook_secret ?? row.api_secret)), signature);
    } catch {
      // A secret that no longer decrypts (another SECRETS_KEY) signs nothing.
      return false;
    }
  });
  if (rows.length === 0) return 'unknownShop';
  if (!signed) return 'badSignature';
  return { connectionId: (rows.find((row) => row.kind === 'store') ?? rows[0]).id };
}

/** Reads a stored secret (the shops module's cipher). */
export interface SecretReader {
  decrypt(stored: string): string;
}

const header = (value: string | string[] | undefined) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

export interface WebhookDeps {
  db: Db;
  cipher: SecretReader;
  /** Called when a new job was stored: the worker takes it at once. */
  stored: () => void;
}

export function shopifyWebhookRoutes(app: FastifyInstance, { db, cipher, stored }: WebhookDeps): void {
  const route = routesOf('Shopify');
  void app.register(async (scope) => {
    // The signature is over the body's bytes exactly as sent: read as bytes, parsed after the check.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      API.shopifyWebhook,
      route(
        { config: { public: true } },
        { summary: "A shop's webhook, any topic (X-Shopify-Topic); signed with the store's secret (X-Shopify-Hmac-Sha256)", body: null, errors: [401] },
      ),
      async (request) => {
        const domain = header(request.headers['x-shopify-shop-domain'])?.toLowerCase() ?? null;
        const topic = header(request.headers['x-shopify-topic']);
        const signature = header(request.headers['x-shopify-hmac-sha256']);
        const body = request.body;
        if (!domain || !topic || !signature || !Buffer.isBuffer(body)) throw badRequest('errors:shopifyWebhookInvalid', 'WEBHOOK_INVALID');
        const signer = await signerOf(db, cipher, domain, body, signature);
        if (typeof signer === 'string') {
          // Refused, and counted for 'Mağazalar': a store set up wrongly, or someone trying.
          await recordRefusal(db, domain, signer);
          throw new AppError(401, 'WEBHOOK_UNAUTHORIZED', 'errors:shopifyWebhookUnauthorized');
        }
        if (COMPLIANCE_TOPICS.has(topic)) return { ok: true };
        let parsed: unknown;
        try {
          parsed = JSON.parse(body.toString('utf8'));
        } catch {
          throw badRequest('errors:shopifyWebhookInvalid', 'WEBHOOK_INVALID');
        }
        // Shopify sends the id with every webhook; without one the body itself says which it is.
        const id = header(request.headers['x-shopify-webhook-id']) ?? createHash('sha256').update(topic).update(body).digest('hex');
        const payload = { topic, domain, webhook_id: id, triggered_at: header(request.headers['x-shopify-triggered-at']), body: parsed };
        if (await enqueue(db, { kind: 'webhook', key: `webhook:${domain}:${id}`, connectionId: signer.connectionId, payload })) stored();
        return { ok: true };
      },
    );
  });
}

/** The payload of a webhook job, as the route stored it. */
interface WebhookJob {
  topic: string;
  body: unknown;
}

/** The worker's handling of a stored webhook: an order taken, a store marked uninstalled. */
export function webhookJobHandler(db: Db, bus: LineBus): JobHandler {
  return async (job, done) => {
    const { topic, body } = JSON.parse(job.payload) as WebhookJob;
    if (job.connection_id === null) throw new Error('a webhook job without its store');
    const store = await db.selectFrom('shop_connections').select(['id', 'user_id']).where('id', '=', job.connection_id).executeTakeFirstOrThrow();
    if (ORDER_TOPICS.has(topic)) {
      const order = orderFromWebhook(body);
      await bus.write(db, async (trx, record) => {
        await takeShopOrder(trx, record, store, order);
        await done(trx);
      });
      return;
    }
    if (PRODUCT_TOPICS.has(topic)) {
      await takeProductWebhook(db, store, topic, body, done);
      return;
    }
    if (topic === 'app/uninstalled') {
      await bus.write(db, async (trx) => {
        const marked = await trx.updateTable('shop_connections').set({ status: 'uninstalled' }).where('id', '=', store.id).where('status', '!=', 'uninstalled').returning('shop_name').executeTakeFirst();
        // The office hears of it once, however often the store says so.
        if (marked) await notify(trx, {}, [{ kind: 'store_uninstalled', values: { store: marked.shop_name }, target: { store: store.id } }]);
        await done(trx);
      });
      return;
    }
    throw new Error(`the topic ${topic} is not handled`);
  };
}
