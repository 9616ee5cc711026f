import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { badRequest } from '../../errors';
import { said } from '../../messages';
import { PAGING_QUERY, pageOf } from '../../paging';
import { sessionUser } from '../../plugins/auth';
import { routesOf } from '../../plugins/route-table';
import { declaredBody, idParam } from '../../validate';
import { API } from '../../../shared/api';
import { NOTIFICATIONS_PAGE } from '../../../shared/notifications';
import { EVERY_ACTIVE } from '../../../shared/roles';
import { notificationPreferencesSchema } from '../../../shared/schemas/notifications';
import { type MailLinks, unsubscribeOf } from './mail';
import * as notifications from './service';

/** `?unread=true|false`, absent for all; anything else is a 400. */
function unreadOf(query: unknown): boolean | null {
  const raw = ((query ?? {}) as Record<string, unknown>).unread;
  if (raw === undefined) return null;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw badRequest('validation:notificationsUnreadInvalid', 'VALIDATION');
}

/** The signed-in user's own notifications and how they want to be told (every active role). */
export function notificationRoutes(api: FastifyInstance, db: Db, links: MailLinks): void {
  const route = routesOf('Notifications');
  const anyone = { config: { roles: EVERY_ACTIVE } };

  const listQuery = { ...PAGING_QUERY, unread: { schema: { type: 'boolean' as const }, description: 'true: only the unread ones; false: only the read ones; absent: all' } };
  api.get(API.notifications, route(anyone, { summary: 'Your notifications, newest first, and how many are unread', query: listQuery }), async (request) => {
    const unread = unreadOf(request.query);
    const page = pageOf(request.query);
    return notifications.readNotifications(db, sessionUser(request).id, { unread, offset: page.offset, limit: page.limit ?? NOTIFICATIONS_PAGE });
  });

  api.put(API.notificationsReadAll, route(anyone, { summary: 'Mark all your notifications read', body: null }), async (request) => notifications.markAllRead(db, sessionUser(request).id));

  api.put(API.notificationRead(':id'), route(anyone, { summary: 'Mark one of your notifications read', body: null }), async (request) =>
    notifications.markRead(db, sessionUser(request).id, idParam(request.params)),
  );

  api.get(API.notificationPreferences, route(anyone, { summary: 'How you are told of each kind of notification' }), async (request) => notifications.preferencesOf(db, sessionUser(request)));

  const saveRoute = route(anyone, { summary: "Choose how you are told of kinds of notification: 'app', 'email', 'digest' or 'off'", body: notificationPreferencesSchema });
  api.put(API.notificationPreferences, saveRoute, async (request) => {
    const { preferences } = await declaredBody(request);
    return notifications.savePreferences(db, sessionUser(request), preferences);
  });

  /*
   * The link of every notification e-mail, signed for its user and kind: no session needed. The
   * product's page confirms with this POST; a mail program's one-click (RFC 8058) posts here too,
   * as a form, which is read as nothing more than that.
   */
  const UNSUBSCRIBE_QUERY = {
    u: { schema: { type: 'string' as const }, description: 'The user the link was made for' },
    k: { schema: { type: 'string' as const }, description: 'The kind of notification' },
    t: { schema: { type: 'string' as const }, description: "The link's signature" },
  };
  api.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));
    scope.post(
      API.notificationsUnsubscribe,
      route({ config: { public: true } }, { summary: "Stop a kind's e-mails for the user of a signed link (the e-mail's one-click unsubscribe)", query: UNSUBSCRIBE_QUERY, body: null }),
      async (request) => {
        const named = unsubscribeOf(links.secret, request.query);
        if (!named) throw badRequest('errors:unsubscribeInvalid', 'UNSUBSCRIBE_INVALID');
        await notifications.stopMail(db, named.userId, named.kind);
        return { kind: named.kind, ...said('success:unsubscribed') };
      },
    );
  });
}
