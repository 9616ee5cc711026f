import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { conflict, notFound } from '../../errors';
import { said } from '../../messages';
import { paged, PAGING_QUERY } from '../../paging';
import { sessionUser } from '../../plugins/auth';
import { routesOf } from '../../plugins/route-table';
import { declaredBody, idParam } from '../../validate';
import { API } from '../../../shared/api';
import { ADMINS } from '../../../shared/roles';
import { pendingMatchSchema } from '../../../shared/schemas/shops';
import type { LineBus } from '../live/bus';
import type { ShopifyClient } from './client';
import { dismissJob, retryJob, SHOP_JOB_KINDS } from '../jobs/queue';
import { latestEvents } from './events';
import { matchItem, waitingItems } from './pending';
import { listRefusals } from './refusals';
import { storeSubscriptions } from './subscriptions';

/** The admin's view of the shop link: what arrived and became of it, failed jobs, items waiting for a product. */
export function shopifyRoutes(api: FastifyInstance, db: Db, bus: LineBus, jobs: { wake: () => void }, clientOf: (connectionId: number) => Promise<ShopifyClient>): void {
  const route = routesOf('Shopify');
  const admin = { config: { roles: ADMINS } };

  api.get(API.shopEvents, route(admin, { summary: 'The latest webhooks received, newest first, with their outcome (waiting, running, done, failed and why)', query: PAGING_QUERY }), async (request) => ({
    events: paged(await latestEvents(db), request.query),
  }));

  api.get(API.shopRefusedWebhooks, route(admin, { summary: 'Webhooks refused (an unknown shop, a wrong signature): per sending domain how many and the last time, never a body' }), async () => ({
    refusals: await listRefusals(db),
  }));

  api.post(API.shopJobRetry(':id'), route(admin, { summary: "'Yeniden dene': a failed job waits again, from its first try", body: null, errors: [404, 409] }), async (request) => {
    const id = idParam(request.params);
    const outcome = await retryJob(db, id, SHOP_JOB_KINDS);
    if (outcome === 'unknown') throw notFound('errors:shopifyJobNotFound', 'JOB_NOT_FOUND');
    if (outcome === 'notFailed') throw conflict('errors:shopifyJobNotFailed', 'JOB_NOT_FAILED');
    jobs.wake();
    return { job: { id, status: 'waiting' }, ...said('success:shopifyJobRetried') };
  });

  api.post(API.shopJobDismiss(':id'), route(admin, { summary: 'A failed job dismissed: deleted, never tried again', body: null, errors: [404, 409] }), async (request) => {
    const id = idParam(request.params);
    const outcome = await dismissJob(db, id, SHOP_JOB_KINDS);
    if (outcome === 'unknown') throw notFound('errors:shopifyJobNotFound', 'JOB_NOT_FOUND');
    if (outcome === 'notFailed') throw conflict('errors:shopifyJobNotDismissable', 'JOB_NOT_FAILED');
    return { job: { id }, ...said('success:shopifyJobDismissed') };
  });

  api.get(API.shopSubscriptions(':id'), route(admin, { summary: 'The webhook subscriptions the store reports (asked of the store)', errors: [502] }), async (request) => ({
    subscriptions: await storeSubscriptions(await clientOf(idParam(request.params))),
  }));

  api.get(API.shopPendingItems, route(admin, { summary: "Shop line items waiting for their product ('Eşleşme bekliyor')", query: PAGING_QUERY }), async (request) => ({
    items: paged(await waitingItems(db), request.query),
  }));

  const matchRoute = route(admin, { summary: "Names a waiting item's product: its units become lines of its order", body: pendingMatchSchema, errors: [409] });
  api.post(API.shopPendingItemMatch(':id'), matchRoute, async (request) => {
    const id = idParam(request.params);
    const { product_id } = await declaredBody(request);
    const item = await matchItem(db, bus, id, product_id, sessionUser(request).id);
    return { item, ...said('success:shopifyItemMatched', { count: item.lines }) };
  });
}
