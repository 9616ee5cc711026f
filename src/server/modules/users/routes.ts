import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { message } from '../../messages';
import { paged } from '../../paging';
import { sessionUser } from '../../plugins/auth';
import { API } from '../../../shared/api';
import { Role } from '../../../shared/roles';
import * as users from './service';

export function userRoutes(api: FastifyInstance, db: Db): void {
  const adminOnly = { config: { roles: [Role.Admin] } };

  api.get(API.me, async (request) => ({ user: await users.getUser(db, sessionUser(request).id) }));

  api.get(API.users, adminOnly, async (request) => ({ users: paged(await users.listUsers(db), request.query) }));

  api.get(API.roles, adminOnly, async (request) => ({ roles: paged(await users.listRoles(db), request.query) }));

  api.post(API.changeUserRoles, adminOnly, async (request) => {
    await users.changeUserRoles(db, users.parseRoleChanges(request.body), sessionUser(request).id);
    return { message: message('success:rolesChanged') };
  });
}
