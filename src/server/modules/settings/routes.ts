import type { FastifyInstance } from 'fastify';
import type { Db, DialectName } from '../../db';
import { sessionUser } from '../../plugins/auth';
import { validateBody } from '../../validate';
import { API } from '../../../shared/api';
import { Role } from '../../../shared/roles';
import { type GeneralSettings, generalSettingsSchema } from '../../../shared/schemas/settings';
import { version } from '../../../../package.json';
import * as settings from './service';

export function settingsRoutes(api: FastifyInstance, db: Db, dialect: DialectName): void {
  const startedAt = Date.now();
  const admin = { config: { roles: [Role.Admin] } };
  // Every screen that shows money or dates needs the currency and time zone.
  const everyone = { config: { roles: [Role.Admin, Role.Workshop, Role.Office, Role.Customer] } };

  api.get(API.generalSettings, everyone, async () => ({ settings: await settings.getGeneralSettings(db) }));
  api.put(API.generalSettings, admin, async (request) => {
    const input = await validateBody(generalSettingsSchema, request.body, ['system_email', 'phone', 'time_zone']);
    return { settings: await settings.saveGeneralSettings(db, input as GeneralSettings, sessionUser(request).id) };
  });
  api.get(API.systemInfo, admin, async () => ({ system: await settings.systemInfo(db, dialect, version, startedAt) }));
}
