import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { forbidden, notFound } from '../../errors';
import { sessionActor } from '../../plugins/auth';
import { type QueryParameter, routesOf } from '../../plugins/route-table';
import { API, type WorkshopScorecardDto } from '../../../shared/api';
import { PRODUCTION } from '../../../shared/roles';
import { INTEGER_MAX } from '../../../shared/schemas/fields';
import { MONTH_PATTERN, SCORECARD_DEFAULT_MONTHS, SCORECARD_MONTHS_MAX } from '../../../shared/schemas/scorecard';
import { getGeneralSettings } from '../settings/service';
import { parseScorecardQuery, workshopScorecard } from './scorecard';

/** The parameters `scorecardQuerySchema` takes (shared/schemas/scorecard.ts), for the API document; any other is refused. */
const SCORECARD_QUERY: Readonly<Record<string, QueryParameter>> = {
  workshop_id: { schema: { type: 'integer', minimum: 1, maximum: INTEGER_MAX }, description: 'The workshop (required)' },
  from: { schema: { type: 'string', pattern: MONTH_PATTERN.source }, description: `The first month (YYYY-MM, the office's time zone; default: ${SCORECARD_DEFAULT_MONTHS - 1} months before to)` },
  to: { schema: { type: 'string', pattern: MONTH_PATTERN.source }, description: `The last month (default: this month; at most ${SCORECARD_MONTHS_MAX} months in all)` },
};

/** A workshop's scorecard: the admins and the office read any workshop's, a workshop its own only. */
export function scorecardRoutes(api: FastifyInstance, db: Db): void {
  const route = routesOf('Reports');
  api.get(
    API.workshopScorecard,
    route(
      { config: { roles: PRODUCTION } },
      { summary: "A workshop's scorecard by month: on-time deliveries to the office, lead time, quality-control rejections, metal loss against its norm", query: SCORECARD_QUERY, errors: [404] },
    ),
    async (request): Promise<WorkshopScorecardDto> => {
      const { time_zone } = await getGeneralSettings(db);
      const query = await parseScorecardQuery(request.query, new Date(), time_zone);
      const own = sessionActor(request).workshopId;
      if (own !== undefined && own !== query.workshopId) throw forbidden();
      const workshop = await db.selectFrom('workshops').select('id').where('id', '=', query.workshopId).executeTakeFirst();
      if (!workshop) throw notFound();
      return workshopScorecard(db, query, time_zone);
    },
  );
}
