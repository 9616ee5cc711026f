import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { API } from '../../../shared/api';
import { Role } from '../../../shared/roles';
import * as audit from './service';

export function auditRoutes(api: FastifyInstance, db: Db): void {
  // Who changed what is the admin's to read: the entries name users, credit and prices.
  api.get(API.auditLog, { config: { roles: [Role.Admin] } }, async (request) => audit.listAuditLog(db, audit.parseAuditQuery(request.query)));
}
