import type { FastifyInstance } from 'fastify';
import type { Db, DialectName } from '../../db';
import { sessionUser } from '../../plugins/auth';
import { routesOf } from '../../plugins/route-table';
import { declaredBody } from '../../validate';
import { API } from '../../../shared/api';
import { Role } from '../../../shared/roles';
import { type GeneralSettings, generalSettingsSchema } from '../../../shared/schemas/settings';
import { version } from '../../../../package.json';
import * as settings from './service';

export function settingsRoutes(api: FastifyInstance, db: Db, dialect: DialectName): void {
  const route = routesOf('Settings');
  const startedAt = Date.now();
  const admin = { config: { roles: [Role.Admin] } };
  // Every screen that shows money or dates needs the currency and time zone.
  const everyone = { config: { roles: [Role.Admin, Role.Workshop, Role.Office, Role.Customer] } };

  api.get(API.generalSettings, route(everyone, { summary: 'The general settings: contact, currency, time zone, gram tolerance and bounds' }), async () => ({
    settings: await settings.getGeneralSettings(db),
  }));
  const saveRoute = route(admin, { summary: 'Change the general settings', body: generalSettingsSchema, trim: ['system_email', 'phone', 'time_zone'] });
  api.put(API.generalSettings, saveRoute, async (request) => {
    const input = await declaredBody(request);
    return { settings: await settings.saveGeneralSettings(db, input as Partial<GeneralSettings>, sessionUser(request).id) };
  });
  api.get(API.systemInfo, route(admin, { summary: 'Version, database and uptime of the server' }), async () => ({
    system: await settings.systemInfo(db, dialect, version, startedAt),
  }));
}
