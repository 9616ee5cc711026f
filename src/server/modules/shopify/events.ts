import type { Db } from '../../db';
import type { ShopEventDto } from '../../../shared/api';
import { FORECAST_JOB } from '../orders/forecast-job';

/** Received webhooks shown: the latest, enough to see what a store sent today. */
const EVENTS_SHOWN = 500;

/** The latest store jobs, newest first, each with its store and, for a webhook, the topic and shop its payload names. */
export async function latestEvents(db: Db): Promise<ShopEventDto[]> {
  const rows = await db
    .selectFrom('jobs as j')
    .leftJoin('shop_connections as c', 'c.id', 'j.connection_id')
    .select(['j.id', 'j.kind', 'j.payload', 'j.status', 'j.attempts', 'j.last_error', 'j.created_at', 'j.finished_at', 'j.run_after', 'c.shop_name'])
    // The daily forecast shares the queue, not the shop link.
    .where('j.kind', '!=', FORECAST_JOB)
    .orderBy('j.id', 'desc')
    .limit(EVENTS_SHOWN)
    .execute();
  return rows.map(({ payload, ...row }) => {
    const { topic, domain } = JSON.parse(payload) as { topic?: string; domain?: string };
    return { ...row, topic: topic ?? null, shop_domain: domain ?? null };
  });
}
