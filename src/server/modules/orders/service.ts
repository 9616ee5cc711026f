import type { Db } from '../../db';
import { badRequest, conflict } from '../../errors';
import { exceedsCredit, orderAmount } from '../../../shared/credit';
import { formatMoney } from '../../../shared/money';
import { recordChange } from '../audit/record';
import { creditStandingOf, getCustomer } from '../customers/service';
import type { LineBus } from '../live/bus';
import { createLines } from './line-writer';
import { tellOrderPlaced } from './order-notices';
import { unitLines } from './units';

export interface ManualOrderInput {
  address: string;
  email: string;
  phone_number: string;
  country: string;
  zip_code: string;
  city?: string;
  first_name?: string;
  last_name?: string;
  notes?: string;
  /** `notes`: one note per piece of the row, in the pieces' order. */
  products: Array<{ product_id: number; quantity: number; notes?: string[] }>;
  /** The customer's yes to an order above its available credit. */
  credit_exceeded_confirmed?: boolean;
}

export interface OrderLimits {
  /** Units (so order lines) one order may create: MAX_UNITS_PER_ORDER. */
  maxUnitsPerOrder: number;
}

/** An amount in a Turkish sentence of the server, as the Turkish screens write it. */
const moneyText = (amount: number, currency: string) => formatMoney(amount, currency, 'tr');

/**
 * A B2B customer's manual order, all or nothing: the units' lines as every order makes them
 * (units.ts), priced from the product, the order in the products' currency (products of several
 * currencies are refused: one order, one currency, as its lines' prices and the credit check
 * need). An order beyond the customer's available credit (shared/credit.ts) is refused unless
 * the customer confirmed it, and then stored flagged for the office; the flag is decided here,
 * whatever the client thought. More units than the configured maximum are refused before
 * anything is read or written. Each piece keeps its own note (engraving, size) as its line's
 * customer note; a piece without one takes the order's note.
 *
 * `placedBy`: the office user who placed it for the customer (a phone order), under the same rules,
 * recorded in the audit log in the same transaction; a customer's own order names nobody.
 */
export async function createManualOrder(db: Db, bus: LineBus, customerId: number, input: ManualOrderInput, { maxUnitsPerOrder }: OrderLimits, placedBy: number | null = null) {
  const wanted = input.products.filter((p) => p.quantity > 0);
  const units = wanted.reduce((sum, p) => sum + p.quantity, 0);
  if (units > maxUnitsPerOrder) throw badRequest('errors:orderTooManyUnits', 'ORDER_TOO_LARGE', { max: maxUnitsPerOrder });
  return bus.write(db, async (trx, record) => {
    const ids = [...new Set(wanted.map((p) => p.product_id))];
    const products = new Map((await trx.selectFrom('products').selectAll().where('id', 'in', ids).execute()).map((p) => [p.id, p]));
    const missing = ids.find((id) => !products.has(id));
    if (missing !== undefined) throw badRequest('errors:unknownProduct', 'UNKNOWN_PRODUCT', { id: missing });
    const amount = orderAmount(wanted.map(({ product_id, quantity }) => ({ price: products.get(product_id)!.price, currency: products.get(product_id)!.currency, quantity })));
    if (!amount) throw badRequest('errors:orderMixedCurrencies', 'MIXED_CURRENCIES');
    // An unknown customer is refused before anything is written.
    await getCustomer(trx, customerId);
    const at = new Date().toISOString();
    const order = await trx
      .insertInto('orders')
      .values({
        order_number: 'pending',
        customer_id: customerId,
        source: 'manual',
        first_name: input.first_name || null,
        last_name: input.last_name || null,
        email: input.email,
        phone: input.phone_number,
        address: input.address,
        country: input.country,
        zip_code: input.zip_code,
        city: input.city || null,
        currency: amount.currency,
        credit_exceeded: 0,
        notes: input.notes || null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const orderNumber = `B2B-${String(order.id).padStart(6, '0')}`;
    await trx.updateTable('orders').set({ order_number: orderNumber }).where('id', '=', order.id).execute();
    const orderNote = input.notes || null;
    const lines = wanted.flatMap(({ product_id, quantity, notes = [] }) =>
      unitLines(order.id, products.get(product_id)!, quantity, at).map((line, piece) => ({ ...line, customer_note: notes[piece]?.trim() || orderNote })),
    );
    const created = await createLines(trx, record, orderNumber, lines, customerId, placedBy);
    // A no-op write on the customer's row: a second order of the same customer waits here until this
    // one is stored, so both never draw on the same credit. Taken once the lines are written, it is
    // held only for the check and the commit; a refusal rolls the lines back.
    const customer = await trx
      .updateTable('customers')
      .set((eb) => ({ credit: eb.ref('credit') }))
      .where('id', '=', customerId)
      .returning(['id', 'name', 'credit', 'credit_currency'])
      .executeTakeFirstOrThrow();
    const standing = await creditStandingOf(trx, customer, order.id);
    const creditExceeded = exceedsCredit(standing, amount);
    if (creditExceeded && input.credit_exceeded_confirmed !== true) {
      throw conflict('errors:creditExceeded', 'CREDIT_EXCEEDED', {
        total: moneyText(amount.amount, amount.currency),
        available: moneyText(standing.available_credit, standing.credit_currency),
      });
    }
    if (creditExceeded) await trx.updateTable('orders').set({ credit_exceeded: 1 }).where('id', '=', order.id).execute();
    await tellOrderPlaced(trx, { id: order.id, order_number: orderNumber, lines: lines.length, first_line_id: created[0].id, credit_exceeded: creditExceeded }, customer, placedBy);
    if (placedBy !== null) {
      await recordChange(trx, {
        userId: placedBy,
        kind: 'phone_order',
        entityId: customerId,
        before: null,
        after: { order_id: order.id, order_number: orderNumber, lines: lines.length, total: amount.amount, currency: amount.currency, credit_exceeded: creditExceeded },
      });
    }
    // The order screen shows one line: the first opens the order just placed.
    return { id: order.id, order_number: orderNumber, lines: lines.length, first_line_id: created[0].id, currency: amount.currency, total: amount.amount, credit_exceeded: creditExceeded };
  });
}
