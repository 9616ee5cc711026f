import type { OrderLineDto } from './api';
import { rowFieldsFor, wireDecoder, wireEncoder, type WirePage } from './lineWire';

/* The compact format read back: the very lines sent, field for field, and not one field more. */

const AT = '2026-11-20T09:00:00.000Z';
const line = (id: number, workshop: number | null): OrderLineDto =>
  ({
    id, order_id: 7, order_number: `B2B-${id}`, product_id: 3, first_name: 'Şule', last_name: 'Işık', address: 'İstiklal Cd. 1', city: 'İstanbul', province: null, country: 'TR',
    zip_code: '34000', email: 'a@example.com', phone: '1', created_at: AT, updated_at: AT, order_line_status_id: 2, packing_status_id: null, customer_approval_status_id: 1,
    quality_control_id: null, fulfilment_style: 'standard', material_id: 31, chain_length_id: null, color_id: 4, size_id: null, karat_id: 5, customization_option: 'Ada',
    font: null, gift_note: null, customer_note: 'acil', product_gram: 4.25, expected_weight: 4, gram_flagged: id === 1, product_cost: 200, canceled_at: null, cancel_reason: null,
    metal_received_at: null, total_price: 1000, currency: 'TRY', credit_exceeded: id === 2, shipment_tracking_number: null, location: 'raf', workshop_id: workshop,
    customer_id: 9, source: 'manual', production_expected_date: AT, current_order_line_process: -1, workshop_started_process_id: null, delivery_to_office: null,
    barcode: '2000000000017', item_index: 1, item_count: 2, closed_at: workshop === null ? AT : null, forecast_date: workshop === null ? null : AT, late_risk: workshop === null ? null : id === 1, order_product_id: id, product_title: 'Yüzük', product_picture_url: '/p.jpg', photo_url: '/p.jpg',
    fulfillment_style: 'standard', note_customer: 'acil', workshop_name: workshop === null ? null : 'Usta', customer_name: 'Alıcı', b2b_customer_name: 'Alıcı Ltd',
    production_expected_days: AT,
  }) as OrderLineDto;

const LINES = [line(1, 2), line(2, null)];

test.each([true, false])('decoded lines are the lines encoded, with the cost only for a reader who may see it (%s)', (withCost) => {
  const columns = rowFieldsFor(withCost);
  const encode = wireEncoder(columns);
  const decode = wireDecoder({ columns, total: LINES.length });
  const pages = [encode(LINES.slice(0, 1)), encode(LINES.slice(1))].map((page) => JSON.parse(JSON.stringify(page)) as WirePage);
  const decoded = pages.flatMap(decode);
  const expected = LINES.map(({ product_cost, ...rest }) => (withCost ? { ...rest, product_cost } : rest));
  expect(decoded).toStrictEqual(expected);
  expect(decoded.every((read) => 'product_cost' in read)).toBe(withCost);
});
