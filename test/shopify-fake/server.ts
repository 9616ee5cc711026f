import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerAdminRequest } from './admin-api';
import type { Store } from './store';
import type { FakeOrderInput } from './types';
import { sendWebhook } from './webhooks';

const INVALID_TOKEN = '[API] Invalid API key or access token (unrecognized login or wrong password)';
/** A 1x1 PNG, served for the generated catalogue's image addresses. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const MAX_BODY = 10 * 1024 * 1024;

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) reject(new Error('Request body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** GraphQL bodies are JSON `{query, variables, operationName}`, or the bare document as application/graphql. */
function graphqlRequest(req: IncomingMessage, text: string): Record<string, unknown> | null {
  if ((req.headers['content-type'] ?? '').includes('application/graphql')) return { query: text };
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The HTTP side: routes per store domain, the token check, faults on demand, the token grant, bulk
 * result files, placeholder images and the control endpoint for people trying the product by hand.
 */
export class FakeServer {
  readonly stores = new Map<string, Store>();
  private server: Server | null = null;
  /** Requests held by 'hang' and 'slow' faults, let go when the server stops. */
  private readonly held = new Set<ServerResponse>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly now: () => number) {}

  listen(port: number, host: string): Promise<string> {
    const server = createServer((req, res) => {
      this.route(req, res).catch((error: Error) => send(res, 500, { errors: error.message }));
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        const address = server.address() as AddressInfo;
        resolve(`http://${host.includes(':') ? `[${host}]` : host}:${address.port}`);
      });
    });
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const res of this.held) res.destroy();
    this.held.clear();
    const server = this.server;
    this.server = null;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    let match: RegExpExecArray | null;
    if ((match = /^\/shops\/([^/]+)\/admin\/api\/(\d{4}-\d{2}|unstable)\/graphql\.json$/.exec(path))) {
      if (req.method !== 'POST') return send(res, 405, { errors: 'Method Not Allowed' });
      return this.graphql(req, res, decodeURIComponent(match[1]), match[2]);
    }
    if ((match = /^\/shops\/([^/]+)\/admin\/oauth\/access_token$/.exec(path)) && req.method === 'POST') {
      return this.accessToken(req, res, decodeURIComponent(match[1]));
    }
    if ((match = /^\/bulk\/([a-f0-9]+)\.jsonl$/.exec(path)) && req.method === 'GET') return this.bulkFile(res, match[1]);
    if (/^\/cdn\/.+\.png$/.test(path) && req.method === 'GET') {
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(PIXEL.length) });
      return void res.end(PIXEL);
    }
    if ((match = /^\/control\/([^/]+)\/orders$/.exec(path)) && req.method === 'POST') {
      return this.controlOrder(req, res, decodeURIComponent(match[1]));
    }
    send(res, 404, { errors: 'Not Found' });
  }

  private async graphql(req: IncomingMessage, res: ServerResponse, domain: string, version: string): Promise<void> {
    const store = this.stores.get(domain);
    if (!store) return send(res, 404, { errors: 'Not Found' });
    const at = this.now();
    const token = req.headers['x-shopify-access-token'];
    const text = await readBody(req);
    if (!store.acceptsToken(typeof token === 'string' ? token : undefined, at)) {
      store.recordCall({ at, requestedCost: 0, actualCost: 0, throttled: false, status: 401, operation: '' });
      return send(res, 401, { errors: INVALID_TOKEN });
    }
    const request = graphqlRequest(req, text);
    if (!request) {
      store.recordCall({ at, requestedCost: 0, actualCost: 0, throttled: false, status: 400, operation: '' });
      return send(res, 400, { errors: { query: 'Required parameter missing or invalid' } });
    }
    const fault = store.takeFault();
    const headers = { 'X-Shopify-API-Version': version, 'X-Request-Id': `fake-${at}-${Math.random().toString(36).slice(2, 10)}` };
    if (fault?.kind === 'hang') {
      store.recordCall({ at, requestedCost: 0, actualCost: 0, throttled: false, status: 0, operation: '' });
      this.held.add(res);
      res.on('close', () => this.held.delete(res));
      return;
    }
    if (fault?.kind === 'http429' || fault?.kind === 'http503') {
      const status = fault.kind === 'http429' ? 429 : 503;
      const retry = fault.kind === 'http429' ? (fault.retryAfterSeconds ?? 2) : fault.retryAfterSeconds;
      store.recordCall({ at, requestedCost: 0, actualCost: 0, throttled: status === 429, status, operation: '' });
      const body = status === 429 ? { errors: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.' } : { errors: 'Service Unavailable' };
      return send(res, status, body, retry === undefined ? headers : { ...headers, 'Retry-After': String(retry) });
    }
    if (fault?.kind === 'slow') {
      this.held.add(res);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          resolve();
        }, fault.delayMs ?? 1000);
        this.timers.add(timer);
        res.on('close', () => {
          clearTimeout(timer);
          this.timers.delete(timer);
          resolve();
        });
      });
      this.held.delete(res);
      if (res.destroyed) return;
    }
    const answer = answerAdminRequest(store, request, { apiVersion: version, forceThrottle: fault?.kind === 'throttled' });
    store.recordCall({ at, requestedCost: answer.requestedCost, actualCost: answer.actualCost, throttled: answer.throttled, status: answer.status, operation: answer.operation });
    send(res, answer.status, answer.body, headers);
  }

  private async accessToken(req: IncomingMessage, res: ServerResponse, domain: string): Promise<void> {
    const store = this.stores.get(domain);
    const text = await readBody(req);
    if (!store) return send(res, 404, { errors: 'Not Found' });
    let params: Record<string, string | undefined>;
    if ((req.headers['content-type'] ?? '').includes('application/json')) {
      try {
        params = JSON.parse(text) as Record<string, string>;
      } catch {
        return send(res, 400, { error: 'invalid_request' });
      }
    } else {
      params = Object.fromEntries(new URLSearchParams(text));
    }
    const granted = store.grant(params, this.now());
    send(res, granted.status, granted.body);
  }

  private bulkFile(res: ServerResponse, token: string): void {
    for (const store of this.stores.values()) {
      const operation = store.bulkOperations.find((op) => op.token === token && op.status === 'COMPLETED');
      if (operation) {
        res.writeHead(200, { 'Content-Type': 'application/jsonl', 'Content-Length': String(Buffer.byteLength(operation.jsonl)) });
        return void res.end(operation.jsonl);
      }
    }
    send(res, 404, { errors: 'Not Found' });
  }

  /**
   * POST /control/{domain}/orders: a new order, as if a customer had just bought; its orders/create
   * webhook goes to `webhookUrl` when given, else to the store's ORDERS_CREATE subscriptions.
   */
  private async controlOrder(req: IncomingMessage, res: ServerResponse, domain: string): Promise<void> {
    const store = this.stores.get(domain);
    if (!store) return send(res, 404, { error: `No store ${domain}` });
    let input: FakeOrderInput & { webhookUrl?: string };
    try {
      input = JSON.parse(await readBody(req)) as FakeOrderInput & { webhookUrl?: string };
    } catch {
      return send(res, 400, { error: 'Body must be JSON: an order input, optionally with webhookUrl' });
    }
    const { webhookUrl, ...orderInput } = input;
    let order;
    try {
      order = store.addOrder(orderInput);
    } catch (error) {
      return send(res, 400, { error: (error as Error).message });
    }
    const targets = webhookUrl ? [webhookUrl] : store.webhookSubscriptions().filter((s) => s.topic === 'ORDERS_CREATE').map((s) => s.uri);
    const payload = store.webhookPayload('orders/create', order.id);
    const deliveries = [];
    for (const url of targets) {
      try {
        const sent = await sendWebhook({ url, domain, topic: 'orders/create', payload, secret: store.webhookSecret });
        deliveries.push({ url, status: sent.status, ms: Math.round(sent.ms) });
      } catch (error) {
        deliveries.push({ url, status: 0, error: (error as Error).message });
      }
    }
    send(res, 201, { order: { id: order.id, gid: order.gid, name: order.name }, deliveries });
  }
}
