import type { Db } from '../../db';
import type { ShopConnectionsTable } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import type { ShopConnectionDto } from '../../../shared/api';
import { SECRET_SET } from '../../../shared/audit';
import { recordChange } from '../audit/record';
import { storeDomain, storedDomain } from '../shopify/address';
import type { ShopifyClient, ShopifyClients } from '../shopify/client';
import { enqueue } from '../jobs/queue';
import type { StoreCredentials } from '../shopify/tokens';
import type { SecretsCipher } from './secrets';

export interface ShopInput {
  user_id: number;
  shop_name: string;
  api_key: string;
  api_secret: string;
  access_token: string;
  shop_domain?: string;
  webhook_secret?: string;
}

/** Connections as answered: the row without its secrets, no column more or less (`$assertType`). */
const connections = (db: Db) =>
  db.selectFrom('shop_connections').select(['id', 'kind', 'user_id', 'shop_name', 'shop_domain', 'status', 'last_order_seen_at', 'created_at']).$assertType<ShopConnectionDto>();

/**
 * Saves a store connection or webhook credentials; the secrets only ever leave encrypted into the
 * database. Its audit row says which credentials were given (`"set"`), never what they are. A
 * webhook secret left empty is none: the store's webhooks are then checked with its API secret.
 */
export async function addConnection(db: Db, cipher: SecretsCipher, kind: 'store' | 'webhook', input: ShopInput, userId: number): Promise<ShopConnectionDto> {
  const customer = await db.selectFrom('customers').select('id').where('user_id', '=', input.user_id).executeTakeFirst();
  if (!customer) throw badRequest('validation:customerRequired', 'CUSTOMER_REQUIRED');
  // Webhooks find their store by its domain: a store's own address when none is given.
  const domain = storedDomain(input.shop_domain ?? input.shop_name);
  const webhookSecret = input.webhook_secret || undefined;
  const id = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('shop_connections')
      .values({
        kind,
        user_id: input.user_id,
        shop_name: input.shop_name,
        shop_domain: domain,
        api_key: input.api_key,
        api_secret: cipher.encrypt(input.api_secret),
        access_token: cipher.encrypt(input.access_token),
        webhook_secret: webhookSecret === undefined ? null : cipher.encrypt(webhookSecret),
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The credentials (the API key too, though Shopify calls it public) are recorded as given, never by value.
    const after = {
      user_id: input.user_id,
      shop_name: input.shop_name,
      shop_domain: domain,
      api_key: SECRET_SET,
      api_secret: SECRET_SET,
      access_token: SECRET_SET,
      ...(webhookSecret === undefined ? {} : { webhook_secret: SECRET_SET }),
    };
    await recordChange(trx, { userId, kind: kind === 'store' ? 'shop_store' : 'shop_webhook', entityId: id, before: null, after });
    // A connected store is asked to send its webhooks here (a job: a store that is down is asked again).
    if (kind === 'store') await enqueue(trx, { kind: 'subscribe', key: `subscribe:${id}`, connectionId: id, payload: {} });
    return id;
  });
  return connections(db).where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * Webhook credentials given apart (the older way): kept on the record of the customer's store of
 * that domain when there is one, so a store is one record; else a webhook record of their own.
 */
export async function addWebhook(db: Db, cipher: SecretsCipher, input: ShopInput & { shop_domain: string; webhook_secret: string }, userId: number): Promise<{ shop: ShopConnectionDto; created: boolean }> {
  const domain = storedDomain(input.shop_domain);
  const store =
    domain === null
      ? undefined
      : await db
          .selectFrom('shop_connections')
          .select(['id', 'webhook_secret'])
          .where('user_id', '=', input.user_id)
          .where((eb) => eb(eb.fn('lower', ['shop_domain']), '=', domain))
          .orderBy('id')
          .executeTakeFirst();
  if (!store) return { shop: await addConnection(db, cipher, 'webhook', input, userId), created: true };
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('shop_connections').set({ webhook_secret: cipher.encrypt(input.webhook_secret) }).where('id', '=', store.id).execute();
    // A secret given again is recorded as given again: no value, not even an old one, is compared.
    const before = store.webhook_secret === null ? { webhook_secret: null } : {};
    await recordChange(trx, { userId, kind: 'shop_webhook', entityId: store.id, before, after: { webhook_secret: SECRET_SET } });
  });
  return { shop: await connections(db).where('id', '=', store.id).executeTakeFirstOrThrow(), created: false };
}

export function listConnections(db: Db): Promise<ShopConnectionDto[]> {
  return connections(db).orderBy('id').execute();
}

type StoredCredentials = Pick<ShopConnectionsTable, 'shop_name' | 'shop_domain' | 'api_key' | 'api_secret' | 'access_token'>;

/** What calling a connection's store takes, its secrets decrypted. A webhook record names its store in shop_domain. */
export function connectionCredentials(row: StoredCredentials, cipher: SecretsCipher): StoreCredentials {
  return {
    domain: storeDomain(row.shop_domain ?? row.shop_name),
    accessToken: cipher.decrypt(row.access_token),
    clientId: row.api_key,
    clientSecret: cipher.decrypt(row.api_secret),
  };
}

/** The client of a connection's store, its secrets decrypted; an unknown connection is a 404. */
export async function storeClient(db: Db, cipher: SecretsCipher, shopify: ShopifyClients, id: number): Promise<ShopifyClient> {
  const row = await db
    .selectFrom('shop_connections')
    .select(['shop_name', 'shop_domain', 'api_key', 'api_secret', 'access_token'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('errors:shopifyUnknownConnection', 'UNKNOWN_SHOP_CONNECTION', { id });
  return shopify.forStore(connectionCredentials(row, cipher));
}

/** 'Bağlantıyı test et': the store's name, asked with the stored credentials; nothing is stored. A store's failure throws a ShopifyError. */
export async function testConnection(db: Db, cipher: SecretsCipher, shopify: ShopifyClients, id: number): Promise<{ name: string; domain: string }> {
  const client = await storeClient(db, cipher, shopify, id);
  const { data } = await client.request<{ shop: { name: string; myshopifyDomain: string } }>('{ shop { name myshopifyDomain } }');
  return { name: data.shop.name, domain: data.shop.myshopifyDomain };
}
