import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { paged, PAGING_QUERY } from '../../paging';
import { routesOf } from '../../plugins/route-table';
import { idParam } from '../../validate';
import { API } from '../../../shared/api';
import { EVERY_ACTIVE } from '../../../shared/roles';
import { getLookup, listLookup } from './service';

/* The fixed lists of SPEC section 4, each as a list and by id: {statuses: [...]}, {status: {...}}. */
const LOOKUPS = [
  { path: API.statuses, table: 'order_line_statuses', one: 'status', many: 'statuses', label: 'order line statuses' },
  { path: API.qualityControlStatuses, table: 'quality_control_statuses', one: 'quality_control_status', many: 'quality_control_statuses', label: 'quality control statuses' },
  { path: API.packingStatuses, table: 'packing_statuses', one: 'packing_status', many: 'packing_statuses', label: 'packing statuses' },
] as const;

export function lookupRoutes(api: FastifyInstance, db: Db): void {
  const route = routesOf('Fixed lists');
  const everyone = { config: { roles: EVERY_ACTIVE } };
  for (const { path, table, one, many, label } of LOOKUPS) {
    api.get(path, route(everyone, { summary: `List the ${label}`, query: PAGING_QUERY }), async (request) => ({ [many]: paged(await listLookup(db, table), request.query) }));
    api.get(`${path}/:id`, route(everyone, { summary: `One of the ${label}` }), async (request) => ({ [one]: await getLookup(db, table, idParam(request.params)) }));
  }
}
