import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { type QueryParameter, routesOf } from '../../plugins/route-table';
import { API, type FlowReportDto, type FlowTrendDto } from '../../../shared/api';
import { OFFICE } from '../../../shared/roles';
import { INTEGER_MAX } from '../../../shared/schemas/fields';
import { FLOW_DEFAULT_DAYS } from '../../../shared/schemas/flow';
import { flowReport, parseFlowQuery } from './report';
import { flowTrend } from './trend';

/** The parameters `flowQuerySchema` takes (shared/schemas/flow.ts), for the API document; any other is refused. */
const FLOW_QUERY: Readonly<Record<string, QueryParameter>> = {
  from: { schema: { type: 'string' }, description: `Stays ended at or after this instant, with its zone (default: ${FLOW_DEFAULT_DAYS} days before to)` },
  to: { schema: { type: 'string' }, description: 'Stays ended at or before this instant, with its zone (default: now)' },
  workshop_id: { schema: { type: 'integer', minimum: 1, maximum: INTEGER_MAX }, description: 'Only this workshop (default: every workshop)' },
};

/** Where pieces wait, for the admins and the office; the default period ends now. */
export function flowRoutes(api: FastifyInstance, db: Db): void {
  const route = routesOf('Reports');
  api.get(
    API.flowReport,
    route({ config: { roles: OFFICE } }, { summary: 'Where pieces wait: per workshop and step or phase, stays ended in the period (count, median and 90th percentile in hours) and pieces there now', query: FLOW_QUERY }),
    async (request): Promise<FlowReportDto> => ({ steps: await flowReport(db, await parseFlowQuery(request.query, new Date())) }),
  );
  api.get(
    API.flowTrend,
    route({ config: { roles: OFFICE } }, { summary: 'Dwell by week: per workshop and step or phase, the stays ended in each week of the period (count and median hours)', query: FLOW_QUERY }),
    async (request): Promise<FlowTrendDto> => ({ weeks: await flowTrend(db, await parseFlowQuery(request.query, new Date())) }),
  );
}
