import type { Db } from '../../db';
import { badRequest } from '../../errors';
import type { ShopConnectionDto } from '../../../shared/api';
import { SECRET_SET } from '../../../shared/audit';
import { recordChange } from '../audit/record';
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

const PUBLIC_COLUMNS = ['id', 'kind', 'user_id', 'shop_name', 'shop_domain', 'created_at'] as const;

/**
 * Saves a store connection or webhook credentials; the secrets only ever leave encrypted into the
 * database. Its audit row says which credentials were given (`"set"`), never what they are.
 */
export async function addConnection(db: Db, cipher: SecretsCipher, kind: 'store' | 'webhook', input: ShopInput, userId: number): Promise<ShopConnectionDto> {
  const customer = await db.selectFrom('customers').select('id').where('user_id', '=', input.user_id).executeTakeFirst();
  if (!customer) throw badRequest('validation:customerRequired', 'CUSTOMER_REQUIRED');
  const id = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('shop_connections')
      .values({
        kind,
        user_id: input.user_id,
        shop_name: input.shop_name,
        shop_domain: input.shop_domain ?? null,
        api_key: input.api_key,
        api_secret: cipher.encrypt(input.api_secret),
        access_token: cipher.encrypt(input.access_token),
        webhook_secret: input.webhook_secret === undefined ? null : cipher.encrypt(input.webhook_secret),
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The credentials (the API key too, though Shopify calls it public) are recorded as given, never by value.
    const after = {
      user_id: input.user_id,
      shop_name: input.shop_name,
      shop_domain: input.shop_domain ?? null,
      api_key: SECRET_SET,
      api_secret: SECRET_SET,
      access_token: SECRET_SET,
      ...(input.webhook_secret === undefined ? {} : { webhook_secret: SECRET_SET }),
    };
    await recordChange(trx, { userId, kind: kind === 'store' ? 'shop_store' : 'shop_webhook', entityId: id, before: null, after });
    return id;
  });
  return db.selectFrom('shop_connections').select(PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
}

export function listConnections(db: Db): Promise<ShopConnectionDto[]> {
  return db.selectFrom('shop_connections').select(PUBLIC_COLUMNS).orderBy('id').execute();
}
