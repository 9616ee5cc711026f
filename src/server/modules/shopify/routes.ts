import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { API } from '../../../shared/api';
import { Role } from '../../../shared/roles';

export function shopRoutes(api: FastifyInstance): void {
  // The catalogue comes from the shop once a store connection exists; until then the admin is told so.
  api.post(API.catalogueSync, { config: { roles: [Role.Admin] } }, async () => {
    throw new AppError(503, 'SHOP_NOT_CONFIGURED', 'errors:shopNotConfigured');
  });
}
