import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import { message } from '../../messages';
import { paged } from '../../paging';
import { sessionUser } from '../../plugins/auth';
import { validateBody } from '../../validate';
import { API } from '../../../shared/api';
import { Role } from '../../../shared/roles';
import { storeSchema, webhookSchema } from '../../../shared/schemas/shops';
import type { SecretsCipher } from './secrets';
import * as shops from './service';

const TRIMMED = ['shop_name', 'shop_domain', 'api_key', 'api_secret', 'access_token', 'webhook_secret'];

export function shopRoutes(api: FastifyInstance, db: Db, cipher: SecretsCipher): void {
  const admin = { config: { roles: [Role.Admin] } };

  api.post(API.shop, admin, async (request, reply) => {
    const connection = await shops.addConnection(db, cipher, 'store', await validateBody(storeSchema, request.body, TRIMMED), sessionUser(request).id);
    return reply.code(201).send({ shop: connection, message: message('success:storeAdded') });
  });
  api.post(API.shopCredentials, admin, async (request, reply) => {
    const connection = await shops.addConnection(db, cipher, 'webhook', await validateBody(webhookSchema, request.body, TRIMMED), sessionUser(request).id);
    return reply.code(201).send({ shop: connection, message: message('success:webhookAdded') });
  });
  api.get(API.shop, admin, async (request) => ({ shops: paged(await shops.listConnections(db), request.query) }));

  // The catalogue comes from the shop through its admin API, which is built with the order webhooks.
  api.post(API.catalogueSync, admin, async () => {
    throw new AppError(503, 'SHOP_NOT_CONFIGURED', 'errors:shopNotConfigured');
  });
}
