import { subMilliseconds } from 'date-fns';
import { millisecondsInDay } from 'date-fns/constants';
import type { Db } from '.';
import { daysAfter } from '../dates';
import { LineStatus, NOT_STARTED, PackingStatus, QualityControl, WORKSHOP_APPROVED } from '../../shared/statuses';

const NOTES = ['', '', 'Hediye paketi lütfen', 'EKSPRES kargo', 'Acil: düğün hediyesi', 'İsim: Elif', ''];
const STYLES = ['Standart', 'Standart', 'Express', 'Standart'];

/**
 * Orders whose lines stand in every state of the life cycle, for the demo screens; with a large
 * `count` the same generator fills the benchmarks. Lines go to the products' workshops; the orders
 * belong to the given customer (or come from the shop when there is none).
 */
export async function seedOrders(db: Db, count: number, customerId: number | null, seed = 7): Promise<void> {
  const products = await db
    .selectFrom('products')
    .select(['id', 'workshop_id', 'price', 'workmanship_rate', 'production_expected_days', 'material_id', 'karat_id', 'color_id', 'size_id', 'chain_length_id'])
    .where('workshop_id', 'is not', null)
    .orderBy('id')
    .limit(500)
    .execute();
  if (products.length === 0) return;
  const routings = new Map<number, number[]>();
  for (const row of await db.selectFrom('product_production_steps').select(['product_id', 'step_id']).orderBy('product_id').orderBy('position_in_process').execute()) {
    routings.set(row.product_id, [...(routings.get(row.product_id) ?? []), row.step_id]);
  }
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const now = Date.now();
  const perOrder = 4;

  for (let first = 0; first < count; first += 2000) {
    const batch = Math.min(2000, count - first);
    const orders = [];
    for (let i = 0; i < Math.ceil(batch / perOrder); i++) {
      const created = subMilliseconds(daysAfter(now, -Math.floor(next() * 30)), Math.floor(next() * millisecondsInDay)).toISOString();
      orders.push({
        order_number: 'pending',
        customer_id: customerId,
        source: customerId ? 'manual' : 'shopify',
        first_name: 'Demo',
        last_name: `Alıcı ${first + i}`,
        email: 'alici@example.com',
        phone: '0500 000 00 00',
        address: 'Demo Mah. 1',
        city: 'İstanbul',
        country: 'Türkiye',
        zip_code: '34000',
        created_at: created,
        updated_at: created,
      });
    }
    const orderRows = await db.insertInto('orders').values(orders).returning(['id', 'created_at']).execute();
    for (const order of orderRows) {
      await db.updateTable('orders').set({ order_number: `${customerId ? 'B2B' : 'SHP'}-${String(order.id).padStart(6, '0')}` }).where('id', '=', order.id).execute();
    }
    const lines = Array.from({ length: batch }, (_, i) => {
      const order = orderRows[Math.floor(i / perOrder)];
      const product = products[Math.floor(next() * products.length)];
      const routing = routings.get(product.id) ?? [];
      const status = 1 + ((first + i) % 5);
      const step = status === LineStatus.Waiting || routing.length === 0 ? NOT_STARTED : routing[status === LineStatus.InProcess ? Math.floor(next() * routing.length) : routing.length - 1];
      const created = order.created_at;
      const gram = status >= LineStatus.Packing && (status === LineStatus.Completed || next() < 0.5) ? Math.round(next() * 200 + 20) / 10 : null;
      return {
        order_id: order.id,
        product_id: product.id,
        item_index: (i % perOrder) + 1,
        item_count: perOrder,
        workshop_id: product.workshop_id,
        order_line_status_id: status,
        current_order_line_process: step,
        workshop_started_process_id: status > LineStatus.Waiting ? WORKSHOP_APPROVED : null,
        quality_control_id: status >= LineStatus.Packing ? QualityControl.Approved : null,
        packing_status_id: status === LineStatus.Completed ? PackingStatus.Packed : null,
        product_gram: gram,
        material_id: product.material_id,
        karat_id: product.karat_id,
        color_id: product.color_id,
        size_id: product.size_id,
        chain_length_id: product.chain_length_id,
        customer_note: NOTES[(first + i) % NOTES.length] || null,
        fulfilment_style: STYLES[(first + i) % STYLES.length],
        total_price: product.price,
        product_cost: product.price !== null && product.workmanship_rate !== null ? Math.round(product.price * product.workmanship_rate) / 100 : null,
        production_expected_date: daysAfter(created, product.production_expected_days),
        delivery_to_office: status >= LineStatus.QualityControl ? daysAfter(created, Math.floor(next() * 10 + 1)) : null,
        created_at: order.created_at,
        updated_at: order.created_at,
      };
    });
    for (let i = 0; i < lines.length; i += 500) await db.insertInto('order_lines').values(lines.slice(i, i + 500)).execute();
  }
}
