import type { Db } from '../../db';
import { badRequest, notFound } from '../../errors';
import { customerOfUser } from '../customers/service';
import { workshopOfUser } from '../workshops/service';
import type { Actor } from './lines';

const DAY_MS = 24 * 60 * 60_000;

export interface ManualOrderInput {
  address: string;
  email: string;
  phone_number: string;
  country: string;
  zip_code: string;
  first_name?: string;
  last_name?: string;
  notes?: string;
  products: Array<{ product_id: number; quantity: number }>;
}

/**
 * A B2B customer's manual order, all or nothing: one line per ordered unit, each waiting at no
 * step, in the product's workshop of the moment, due after the product's expected days, priced
 * from the product (the workshop cost is the product price times its workmanship rate).
 */
export async function createManualOrder(db: Db, userId: number, input: ManualOrderInput) {
  const customer = await customerOfUser(db, userId);
  const wanted = input.products.filter((p) => p.quantity > 0);
  return db.transaction().execute(async (trx) => {
    const ids = [...new Set(wanted.map((p) => p.product_id))];
    const products = new Map((await trx.selectFrom('products').selectAll().where('id', 'in', ids).execute()).map((p) => [p.id, p]));
    const missing = ids.find((id) => !products.has(id));
    if (missing !== undefined) throw badRequest('errors:unknownProduct', 'UNKNOWN_PRODUCT', { id: missing });
    const created = new Date();
    const at = created.toISOString();
    const order = await trx
      .insertInto('orders')
      .values({
        order_number: 'pending',
        customer_id: customer.id,
        source: 'manual',
        first_name: input.first_name || null,
        last_name: input.last_name || null,
        email: input.email,
        phone: input.phone_number,
        address: input.address,
        country: input.country,
        zip_code: input.zip_code,
        notes: input.notes || null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const orderNumber = `B2B-${String(order.id).padStart(6, '0')}`;
    await trx.updateTable('orders').set({ order_number: orderNumber }).where('id', '=', order.id).execute();
    const lines = wanted.flatMap(({ product_id, quantity }) => {
      const product = products.get(product_id)!;
      const cost = product.price !== null && product.workmanship_rate !== null ? Math.round(product.price * product.workmanship_rate) / 100 : null;
      return Array.from({ length: quantity }, (_, index) => ({
        order_id: order.id,
        product_id,
        item_index: index + 1,
        item_count: quantity,
        workshop_id: product.workshop_id,
        material_id: product.material_id,
        chain_length_id: product.chain_length_id,
        size_id: product.size_id,
        color_id: product.color_id,
        karat_id: product.karat_id,
        customer_note: input.notes || null,
        total_price: product.price,
        product_cost: cost,
        production_expected_date: new Date(created.getTime() + product.production_expected_days * DAY_MS).toISOString(),
        created_at: at,
        updated_at: at,
      }));
    });
    for (let i = 0; i < lines.length; i += 500) await trx.insertInto('order_lines').values(lines.slice(i, i + 500)).execute();
    return { id: order.id, order_number: orderNumber, lines: lines.length };
  });
}

/** Every field of an order line (SPEC section 3), with the spellings the spec also uses. */
function lineQuery(db: Db) {
  return db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('workshops as w', 'w.id', 'l.workshop_id')
    .leftJoin('customers as c', 'c.id', 'o.customer_id')
    .select([
      'l.id',
      'l.order_id',
      'o.order_number',
      'l.product_id',
      'p.title as product_title',
      'p.picture_url as product_picture_url',
      'o.first_name',
      'o.last_name',
      'o.address',
      'o.city',
      'o.province',
      'o.country',
      'o.zip_code',
      'o.email',
      'o.phone',
      'l.created_at',
      'l.updated_at',
      'l.order_line_status_id',
      'l.packing_status_id',
      'l.customer_approval_status_id',
      'l.quality_control_id',
      'l.fulfilment_style',
      'l.material_id',
      'l.chain_length_id',
      'l.color_id',
      'l.size_id',
      'l.karat_id',
      'l.customization_option',
      'l.font',
      'l.gift_note',
      'l.customer_note',
      'l.product_gram',
      'l.gram_flagged',
      'l.product_cost',
      'o.canceled_at',
      'o.cancel_reason',
      'l.total_price',
      'o.currency',
      'l.shipment_tracking_number',
      'l.location',
      'l.workshop_id',
      'w.name as workshop_name',
      'c.name as customer_name',
      'c.company_name as b2b_customer_name',
      'o.source',
      'l.production_expected_date',
      'l.current_order_line_process',
      'l.workshop_started_process_id',
      'l.delivery_to_office',
      'l.barcode',
      'l.item_index',
      'l.item_count',
    ]);
}

type LineRow = Awaited<ReturnType<ReturnType<typeof lineQuery>['execute']>>[number];

function toDto(row: LineRow) {
  return {
    ...row,
    order_product_id: row.id,
    photo_url: row.product_picture_url,
    fulfillment_style: row.fulfilment_style,
    note_customer: row.customer_note,
    production_expected_days: row.production_expected_date,
    gram_flagged: row.gram_flagged === 1,
  };
}

export type LineDto = ReturnType<typeof toDto>;

/** Lines the actor may read: all for the office, a workshop's own, a customer's own. */
export async function listLines(db: Db, actor: Actor): Promise<LineDto[]> {
  let query = lineQuery(db);
  if (actor.workshopId !== undefined) query = query.where('l.workshop_id', '=', actor.workshopId);
  if (actor.customerId !== undefined) query = query.where('o.customer_id', '=', actor.customerId);
  return (await query.orderBy('l.id', 'desc').execute()).map(toDto);
}

export async function getLine(db: Db, lineId: number, actor: Actor): Promise<LineDto> {
  let query = lineQuery(db).where('l.id', '=', lineId);
  if (actor.workshopId !== undefined) query = query.where('l.workshop_id', '=', actor.workshopId);
  if (actor.customerId !== undefined) query = query.where('o.customer_id', '=', actor.customerId);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return toDto(row);
}

/** The actor behind a request: office roles see everything; a workshop or customer only their own. */
export async function actorOf(db: Db, user: { id: number; role: number }): Promise<Actor> {
  if (user.role === 3) return { userId: user.id, workshopId: (await workshopOfUser(db, user.id)).id };
  if (user.role === 5) return { userId: user.id, customerId: (await customerOfUser(db, user.id)).id };
  return { userId: user.id };
}
