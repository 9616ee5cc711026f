import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { message } from '../../messages';
import { sessionUser } from '../../plugins/auth';
import { API } from '../../../shared/api';
import { Role } from '../../../shared/roles';
import * as users from './service';

export function userRoutes(api: FastifyInstance, db: Db): void {
  const adminOnly = { config: { roles: [Role.Admin] } };

  api.get(API.me, async (request) => ({ user: await users.getUser(db, sessionUser(request).id) }));

  api.get(API.users, adminOnly, async () => ({ users: await users.listUsers(db) }));

  api.get(API.roles, adminOnly, async () => ({ roles: await users.listRoles(db) }));

  api.post(API.changeUserRoles, adminOnly, async (request) => {
    await users.changeUserRoles(db, users.parseRoleChanges(request.body));
    return { message: message('success:rolesChanged') };
  });
}
