import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { said } from '../../messages';
import { paged, PAGING_QUERY } from '../../paging';
import { array, object } from 'yup';
import { sessionUser } from '../../plugins/auth';
import { routesOf } from '../../plugins/route-table';
import { declaredBody } from '../../validate';
import { API } from '../../../shared/api';
import { ADMINS, ANY_ROLE, type RoleId } from '../../../shared/roles';
import { addUserSchema } from '../../../shared/schemas/users';
import type { Mailer } from '../mail/transport';
import { id, integer } from '../../../shared/schemas/fields';
import * as users from './service';

/** A non-empty list of {ID, Role}: a user id and an integer (an unknown role is refused when applied); one sentence for any other body. */
const roleChangesBody = array(
  object({
    ID: id('validation:roleChangesInvalid').meta({ description: 'The user' }),
    Role: integer('validation:roleChangesInvalid').required('validation:roleChangesInvalid').meta({ description: 'The new role id' }),
  })
    .typeError('validation:roleChangesInvalid')
    .required('validation:roleChangesInvalid'),
)
  .typeError('validation:roleChangesInvalid')
  .required('validation:roleChangesInvalid')
  .min(1, 'validation:roleChangesInvalid')
  .max(users.MAX_CHANGES, 'validation:roleChangesInvalid');

export function userRoutes(api: FastifyInstance, db: Db, mail: { mailer: Mailer | null; publicUrl: string }): void {
  const route = routesOf('Users and roles');
  const adminOnly = { config: { roles: ADMINS } };
  // Every role, the inactive one too: a new user sees who they are while waiting for a role.
  const anyRole = { config: { roles: ANY_ROLE } };

  api.get(API.me, route(anyRole, { summary: 'The signed-in user' }), async (request) => ({ user: await users.getUser(db, sessionUser(request).id) }));

  api.get(API.users, route(adminOnly, { summary: 'List users', query: PAGING_QUERY }), async (request) => ({ users: paged(await users.listUsers(db), request.query) }));

  api.get(API.roles, route(adminOnly, { summary: 'List roles', query: PAGING_QUERY }), async (request) => ({ roles: paged(await users.listRoles(db), request.query) }));

  const changeRolesRoute = route(adminOnly, { summary: "Change users' roles, all or none; the last admin stays admin", body: roleChangesBody, errors: [409] });
  api.post(API.changeUserRoles, changeRolesRoute, async (request) => {
    await users.changeUserRoles(db, await declaredBody(request), sessionUser(request).id);
    return { ...said('success:rolesChanged') };
  });

  const addUserRoute = route(adminOnly, {
    summary: 'Add a user of any role: an invitation to set a password is mailed, or without a mail server a one-time password is answered, once',
    body: addUserSchema,
    trim: ['username', 'email', 'name'],
    created: true,
    errors: [409],
  });
  api.post(API.users, addUserRoute, async (request, reply) => {
    const input = await declaredBody(request);
    const added = await users.addUser(db, mail, { ...input, role: input.role as RoleId }, sessionUser(request).id);
    if (added.undelivered) request.log.error({ err: added.undelivered }, 'invitation mail failed');
    const sentence = added.password === null ? said('success:userInvited', { email: added.user.email }) : said(added.undelivered ? 'success:userAddedMailFailed' : 'success:userAddedWithPassword');
    return reply.code(201).send({ user: added.user, password: added.password, ...sentence });
  });
}
