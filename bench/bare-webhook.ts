/*
 * The framework's limit for a Shopify webhook (bench/notify-burst.ts): a bare Fastify server that
 * takes the same bytes on the same path, checks their HMAC as the product does and answers 200,
 * and nothing else: no database, no job, no session. Started as a child process, as the product is.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';
import { API } from '../src/shared/api';

async function main(): Promise<void> {
  const secret = process.env.BENCH_WEBHOOK_SECRET!;
  const app = Fastify();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.get('/readyz', async () => ({ status: 'ready' }));
  app.post(API.shopifyWebhook, async (request, reply) => {
    const expected = createHmac('sha256', secret).update(request.body as Buffer).digest();
    const given = Buffer.from(String(request.headers['x-shopify-hmac-sha256'] ?? ''), 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return reply.code(401).send({});
    JSON.parse((request.body as Buffer).toString('utf8'));
    return {};
  });
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
