import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { said } from '../../messages';
import { paged, PAGING_QUERY } from '../../paging';
import { sessionUser } from '../../plugins/auth';
import { routesOf } from '../../plugins/route-table';
import { declaredBody, idParam } from '../../validate';
import { API } from '../../../shared/api';
import { ADMINS } from '../../../shared/roles';
import { catalogueSyncSchema, optionNamesSchema } from '../../../shared/schemas/catalogue';
import { storeSchema, webhookSchema } from '../../../shared/schemas/shops';
import { type CatalogueSyncs, latestSyncs, syncConnections } from '../shopify/catalogue-syncs';
import type { ShopifyClients } from '../shopify/client';
import { getOptionNames, saveOptionNames } from '../shopify/options';
import type { SecretsCipher } from './secrets';
import * as shops from './service';

const TRIMMED = ['shop_name', 'shop_domain', 'api_key', 'api_secret', 'access_token', 'webhook_secret'];

export function shopRoutes(api: FastifyInstance, db: Db, cipher: SecretsCipher, shopify: ShopifyClients, catalogue: CatalogueSyncs, jobs: { wake: () => void }): void {
  const route = routesOf('Shops');
  const admin = { config: { roles: ADMINS } };

  const storeRoute = route(admin, { summary: "Connect a customer's store (credentials kept encrypted)", body: storeSchema, trim: TRIMMED, created: true });
  api.post(API.shop, storeRoute, async (request, reply) => {
    const connection = await shops.addConnection(db, cipher, 'store', await declaredBody(request), sessionUser(request).id);
    // Its webhook subscriptions are a job stored with it: asked of the store now.
    jobs.wake();
    return reply.code(201).send({ shop: connection, ...said('success:storeAdded') });
  });
  const webhookRoute = route(admin, {
    summary: "A shop's webhook credentials (credentials kept encrypted): its secret joins the customer's store of that domain, else they are a record of their own",
    body: webhookSchema,
    trim: TRIMMED,
    created: true,
  });
  api.post(API.shopCredentials, webhookRoute, async (request, reply) => {
    const { shop, created } = await shops.addWebhook(db, cipher, await declaredBody(request), sessionUser(request).id);
    // 201 either way, as the route always answered: its callers take 201 for 'recorded'.
    return reply.code(201).send({ shop, ...(created ? said('success:webhookAdded') : said('success:webhookSecretSaved', { name: shop.shop_name })) });
  });
  api.get(API.shop, route(admin, { summary: 'List shop connections, never their secrets', query: PAGING_QUERY }), async (request) => ({
    shops: paged(await shops.listConnections(db), request.query),
  }));

  const testRoute = route(admin, { summary: 'Test a connection: ask its store for its name with the stored credentials', body: null, errors: [502] });
  api.post(API.shopTest(':id'), testRoute, async (request) => {
    const shop = await shops.testConnection(db, cipher, shopify, idParam(request.params));
    return { shop, ...said('success:shopConnected', { name: shop.name }) };
  });

  const syncRoute = route(admin, {
    summary: 'Sync the catalogue from a store (shop_id) or from every active store: answers with the syncs once each store said its size; they go on in the background',
    body: catalogueSyncSchema,
    errors: [404, 409],
  });
  api.post(API.catalogueSync, syncRoute, async (request) => {
    const { shop_id } = await declaredBody(request);
    const connections = await syncConnections(db, shop_id);
    const targets = connections.map((row) => ({ id: row.id, user_id: row.user_id, client: shopify.forStore(shops.connectionCredentials(row, cipher)) }));
    return { syncs: await catalogue.start(targets) };
  });
  api.get(API.catalogueSyncs, route(admin, { summary: 'The latest catalogue sync of each store: its progress while it runs, its counts once done' }), async () => ({
    syncs: await latestSyncs(db),
  }));
  api.get(API.catalogueOptionNames, route(admin, { summary: "Which shop option names fill a product's material, chain length, size, colour and karat" }), async () => ({
    option_names: await getOptionNames(db),
  }));
  api.put(API.catalogueOptionNames, route(admin, { summary: 'Change which shop option names fill which product field', body: optionNamesSchema }), async (request) => ({
    option_names: await saveOptionNames(db, await declaredBody(request), sessionUser(request).id),
  }));
}
