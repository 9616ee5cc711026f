import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { routesOf } from '../../plugins/route-table';
import { API } from '../../../shared/api';
import { AUDIT_KINDS, AUDIT_PAGE_MAX, AUDIT_PAGE_SIZE } from '../../../shared/audit';
import { INTEGER_MAX } from '../../../shared/schemas/fields';
import { Role } from '../../../shared/roles';
import * as audit from './service';

/** The filters `parseAuditQuery` reads, for the API document. */
const AUDIT_QUERY = {
  kind: { schema: { type: 'string', enum: AUDIT_KINDS }, description: 'Only changes of this kind' },
  user_id: { schema: { type: 'integer', minimum: 1, maximum: INTEGER_MAX }, description: 'Only changes made by this user' },
  entity_id: { schema: { type: 'integer', minimum: 1, maximum: INTEGER_MAX }, description: 'Only changes of this record (user, customer, product, shop or order line id)' },
  from: { schema: { type: 'string' }, description: 'Changes at or after this instant, with its zone: 2026-11-23T09:00:00Z, 2026-11-23T12:00+03:00' },
  to: { schema: { type: 'string' }, description: 'Changes at or before this instant, with its zone' },
  limit: { schema: { type: 'integer', minimum: 1, maximum: AUDIT_PAGE_MAX, default: AUDIT_PAGE_SIZE }, description: 'Entries of one page' },
  offset: { schema: { type: 'integer', minimum: 0, maximum: INTEGER_MAX, default: 0 }, description: 'Entries skipped before the page' },
};

export function auditRoutes(api: FastifyInstance, db: Db): void {
  const route = routesOf('Audit log');
  // Who changed what is the admin's to read: the entries name users, credit, prices and corrections.
  const admin = { config: { roles: [Role.Admin] } };
  api.get(API.auditLog, route(admin, { summary: 'Admin changes, newest first, filtered and paged', query: AUDIT_QUERY }), async (request) =>
    audit.listAuditLog(db, audit.parseAuditQuery(request.query)),
  );
}
