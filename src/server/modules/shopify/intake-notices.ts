import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { notify } from '../notifications/notify';
import type { PlacedOrder } from '../orders/order-notices';

/** Titles a notice names before it stops: a shop order may hold many items. */
const TITLES_SHOWN = 3;

/** The office hears, once per shop order, of its items that match no product and wait for one. */
export async function tellUnmatched(trx: Transaction<Database>, store: { id: number }, order: PlacedOrder, titles: readonly string[]) {
  const connection = await trx.selectFrom('shop_connections').select('shop_name').where('id', '=', store.id).executeTakeFirstOrThrow();
  const item = titles.length > TITLES_SHOWN ? `${titles.slice(0, TITLES_SHOWN).join(', ')} …` : titles.join(', ');
  await notify(trx, {}, [{ kind: 'shop_item_unmatched', values: { store: connection.shop_name, order: order.order_number, item }, target: { store: store.id } }]);
}
