import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { notFound } from '../../errors';
import { idParam } from '../../validate';
import { API } from '../../../shared/api';
import { Role } from '../../../shared/roles';

/* The fixed lists of SPEC section 4, each as a list and by id: {statuses: [...]}, {status: {...}}. */
const LOOKUPS = [
  { path: API.statuses, table: 'order_line_statuses', one: 'status', many: 'statuses' },
  { path: API.qualityControlStatuses, table: 'quality_control_statuses', one: 'quality_control_status', many: 'quality_control_statuses' },
  { path: API.packingStatuses, table: 'packing_statuses', one: 'packing_status', many: 'packing_statuses' },
] as const;

export function lookupRoutes(api: FastifyInstance, db: Db): void {
  const readers = { config: { roles: [Role.Admin, Role.Workshop, Role.Office, Role.Customer] } };
  for (const { path, table, one, many } of LOOKUPS) {
    api.get(path, readers, async () => ({ [many]: await db.selectFrom(table).select(['id', 'name']).orderBy('id').execute() }));
    api.get(`${path}/:id`, readers, async (request) => {
      const row = await db.selectFrom(table).select(['id', 'name']).where('id', '=', idParam(request.params)).executeTakeFirst();
      if (!row) throw notFound();
      return { [one]: row };
    });
  }
}
