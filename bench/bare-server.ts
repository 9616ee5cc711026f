/*
 * The framework's limit for the mixed load (bench/mixed.ts): a bare Fastify server on the mix's
 * paths answering canned JSON captured from the product (same statuses and sizes), with the same
 * compression plugin and options as the product, and nothing else: no sessions, no database, no
 * helmet headers, no validation. Started as a child process, as the product is.
 */
import { readFileSync } from 'node:fs';
import compress from '@fastify/compress';
import Fastify, { type FastifyReply } from 'fastify';
import { API } from '../src/shared/api';

interface Canned {
  status: number;
  body: string;
}

async function main(): Promise<void> {
  const canned = JSON.parse(readFileSync(process.env.BENCH_CANNED!, 'utf8')) as Record<string, Canned>;
  const app = Fastify();
  await app.register(compress, { syncThreshold: 65_536 });
  const answer = (key: string) => async (_request: unknown, reply: FastifyReply) =>
    reply.code(canned[key].status).type('application/json; charset=utf-8').send(canned[key].body);
  app.get('/readyz', async () => ({ status: 'ready' }));
  app.get(API.myWorkshopOrders, answer('workshopList'));
  app.get(API.myCustomerOrders, answer('customerList'));
  app.get(API.orders, answer('gridPage'));
  // Archive queries, each by its whole URL (bench/history.ts).
  app.get(API.lineArchive, async (request, reply) => answer(request.url)(request, reply));
  app.patch(API.myWorkshopNextStep(':id'), answer('nextStep'));
  app.post(API.manualOrder, answer('manualOrder'));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
