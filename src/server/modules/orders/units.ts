import type { Insertable, Selectable } from 'kysely';
import { daysAfter } from '../../dates';
import type { OrderLinesTable, ProductsTable } from '../../db/schema';

/** A line to be made, before the line writer gives it its barcode. */
export type NewLine = Omit<Insertable<OrderLinesTable>, 'barcode'>;

/** What an order says of its units beyond the product: notes, personalisation, the shop's price. */
export type UnitFields = Pick<Insertable<OrderLinesTable>, 'customer_note' | 'customization_option' | 'font' | 'gift_note' | 'shop_line_item_id'> & {
  /** The unit's price; the product's price when the order names none. */
  total_price?: number | null;
};

/**
 * The lines of `quantity` units of a product, whatever brought the order (a manual order, a shop):
 * one line per unit (item_index of item_count), waiting at no step, in the product's workshop of
 * the moment (none yet: it waits for one), due after the product's expected days, its workshop
 * cost the product's price times its workmanship rate.
 */
export function unitLines(orderId: number, product: Selectable<ProductsTable>, quantity: number, at: string, fields: UnitFields = {}): NewLine[] {
  const cost = product.price !== null && product.workmanship_rate !== null ? Math.round(product.price * product.workmanship_rate) / 100 : null;
  return Array.from({ length: quantity }, (_, index) => ({
    order_id: orderId,
    product_id: product.id,
    item_index: index + 1,
    item_count: quantity,
    workshop_id: product.workshop_id,
    material_id: product.material_id,
    chain_length_id: product.chain_length_id,
    size_id: product.size_id,
    color_id: product.color_id,
    karat_id: product.karat_id,
    ...fields,
    total_price: fields.total_price === undefined ? product.price : fields.total_price,
    product_cost: cost,
    production_expected_date: daysAfter(at, product.production_expected_days),
    created_at: at,
    updated_at: at,
  }));
}
