import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { badRequest } from '../../errors';
import { sessionActor } from '../../plugins/auth';
import { routesOf } from '../../plugins/route-table';
import { API } from '../../../shared/api';
import { LINE_READERS } from '../../../shared/roles';
import { INTEGER_MAX, isId, isInteger } from '../../../shared/schemas/fields';
import { linesByIds, linesChangedSince, latestVersion } from '../order-lines/queries';
import { changesPruned, prunedThrough } from './retention';

/** The most lines one `?ids=` read names: a live batch is far smaller. */
export const CHANGED_IDS_MAX = 500;

/** `?ids=1,2,3` or `?since=<version>`, exactly one of them; anything else is a 400. */
function changesQuery(query: unknown): { ids: number[] } | { since: number } {
  const { ids, since, ...rest } = (query ?? {}) as Record<string, unknown>;
  const invalid = () => badRequest('validation:lineChangesInvalid', 'VALIDATION');
  if (Object.keys(rest).length > 0 || (ids === undefined) === (since === undefined)) throw invalid();
  if (since !== undefined) {
    const version = typeof since === 'string' && /^\d{1,10}$/.test(since) ? Number(since) : NaN;
    if (!isInteger(version, 0, INTEGER_MAX)) throw invalid();
    return { since: version };
  }
  const list = typeof ids === 'string' && ids.length <= CHANGED_IDS_MAX * 11 ? ids.split(',').map((id) => (/^\d{1,10}$/.test(id) ? Number(id) : NaN)) : [];
  if (list.length === 0 || list.length > CHANGED_IDS_MAX || !list.every(isId)) throw invalid();
  return { ids: list };
}

/** What a live client reads back: lines the channel named without carrying them (a burst), and what changed while it was away (src/shared/live.ts). */
export function liveRoutes(api: FastifyInstance, db: Db): void {
  const route = routesOf('Live order lines');
  const readers = { config: { roles: LINE_READERS } };
  api.get(
    API.lineChanges,
    route(readers, {
      summary:
        'Changed order lines the caller may read: the given ones, or every one changed after a version; `gone` names those it no longer may. A version older than the change log keeps is answered 410 CHANGES_PRUNED: the caller reads its lists anew',
      query: {
        ids: { schema: { type: 'string', pattern: '^\\d+(,\\d+){0,499}$' }, description: `Up to ${CHANGED_IDS_MAX} line ids, comma separated` },
        since: { schema: { type: 'integer', minimum: 0, maximum: INTEGER_MAX }, description: 'A version from the live channel: every line changed after it' },
      },
      errors: [404, 410],
    }),
    async (request) => {
      const actor = sessionActor(request);
      const asked = changesQuery(request.query);
      if ('since' in asked) {
        const { orders, gone, version } = await linesChangedSince(db, actor, asked.since);
        // Read after the changes: a pruning that committed meanwhile is seen here, never missed.
        if (asked.since < (await prunedThrough(db))) throw changesPruned();
        return { orders, gone, version };
      }
      const version = await latestVersion(db);
      return { ...(await linesByIds(db, actor, asked.ids)), version };
    },
  );
}
