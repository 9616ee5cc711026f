import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import { message } from '../../messages';
import { paged, PAGING_QUERY } from '../../paging';
import { sessionUser } from '../../plugins/auth';
import { routesOf } from '../../plugins/route-table';
import { declaredBody, idParam } from '../../validate';
import { API } from '../../../shared/api';
import { Role } from '../../../shared/roles';
import { storeSchema, webhookSchema } from '../../../shared/schemas/shops';
import type { ShopifyClients } from '../shopify/client';
import type { SecretsCipher } from './secrets';
import * as shops from './service';

const TRIMMED = ['shop_name', 'shop_domain', 'api_key', 'api_secret', 'access_token', 'webhook_secret'];

export function shopRoutes(api: FastifyInstance, db: Db, cipher: SecretsCipher, shopify: ShopifyClients): void {
  const route = routesOf('Shops');
  const admin = { config: { roles: [Role.Admin] } };

  const storeRoute = route(admin, { summary: "Connect a customer's store (credentials kept encrypted)", body: storeSchema, trim: TRIMMED, created: true });
  api.post(API.shop, storeRoute, async (request, reply) => {
    const connection = await shops.addConnection(db, cipher, 'store', await declaredBody(request), sessionUser(request).id);
    return reply.code(201).send({ shop: connection, message: message('success:storeAdded') });
  });
  const webhookRoute = route(admin, { summary: "Connect a customer's shop webhook (credentials kept encrypted)", body: webhookSchema, trim: TRIMMED, created: true });
  api.post(API.shopCredentials, webhookRoute, async (request, reply) => {
    const connection = await shops.addConnection(db, cipher, 'webhook', await declaredBody(request), sessionUser(request).id);
    return reply.code(201).send({ shop: connection, message: message('success:webhookAdded') });
  });
  api.get(API.shop, route(admin, { summary: 'List shop connections, never their secrets', query: PAGING_QUERY }), async (request) => ({
    shops: paged(await shops.listConnections(db), request.query),
  }));

  const testRoute = route(admin, { summary: 'Test a connection: ask its store for its name with the stored credentials', body: null, errors: [502] });
  api.post(API.shopTest(':id'), testRoute, async (request) => {
    const shop = await shops.testConnection(db, cipher, shopify, idParam(request.params));
    return { shop, message: message('success:shopConnected', { name: shop.name }) };
  });

  // The catalogue comes from the shop through its admin API, which is built with the order webhooks.
  api.post(API.catalogueSync, route(admin, { summary: 'Read the catalogue from the shop (not configured yet: 503)', body: null, errors: [503] }), async () => {
    throw new AppError(503, 'SHOP_NOT_CONFIGURED', 'errors:shopNotConfigured');
  });
}
