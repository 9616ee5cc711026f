import { Route, Routes } from 'react-router-dom';
import { API, type OrderLineDto } from '../src/shared/api';
import { barcodeOf } from '../src/shared/barcode';
import { mockFetch, renderApp, storeLogin } from '../src/client/test-utils';
import AdminOrdersScreen from '../src/client/features/orders/AdminOrdersScreen';

/* What the order screens' tests share: a line with every field, the lookups the screen reads, the screen opened. */

export function line(id: number, patch: Partial<OrderLineDto> = {}): OrderLineDto {
  const at = '2026-11-20T09:00:00.000Z';
  return {
    id, order_product_id: id, order_id: 1, order_number: `B2B-00000${id}`, product_id: 9, product_title: 'Yüzük', product_picture_url: null, photo_url: null,
    first_name: 'Ali', last_name: 'Veli', address: 'Adres', city: 'İstanbul', province: null, country: 'TR', zip_code: '34000', email: 'a@example.com', phone: '1',
    created_at: at, updated_at: at, order_line_status_id: 1, packing_status_id: null, customer_approval_status_id: null, quality_control_id: null,
    fulfilment_style: null, fulfillment_style: null, material_id: 31, chain_length_id: null, color_id: null, size_id: null, karat_id: null,
    customization_option: null, font: null, gift_note: null, customer_note: null, note_customer: null, product_gram: null, expected_weight: null, gram_flagged: false, credit_exceeded: false, metal_received_at: null,
    product_cost: 200, canceled_at: null, cancel_reason: null, total_price: 1000, currency: 'TRY', shipment_tracking_number: null, location: null,
    workshop_id: 1, workshop_name: 'Usta', customer_id: 1, customer_name: 'Alıcı', b2b_customer_name: 'Alıcı Ltd', source: 'manual', production_expected_date: at,
    production_expected_days: at, current_order_line_process: -1, workshop_started_process_id: null, delivery_to_office: null, barcode: barcodeOf(id), item_index: 1, item_count: 1, closed_at: null, forecast_date: null, late_risk: null,
    ...patch,
  };
}

export const LOOKUPS: Record<string, unknown> = {
  [API.statuses]: { statuses: [{ id: 1, name: 'Bekliyor' }, { id: 3, name: 'Kalite Kontrol' }, { id: 4, name: 'Paketleme' }] },
  [API.productionSteps]: { production_steps: [{ id: 5, step_name: 'Döküm' }, { id: 6, step_name: 'Cila' }] },
  [API.productOptionValues]: { product_option_values: [{ id: 31, option_id: 1, value_name: 'Altın' }] },
  [API.qualityControlStatuses]: { quality_control_statuses: [{ id: 1, name: 'Onaylandı' }, { id: 2, name: 'Reddedildi' }] },
  [API.packingStatuses]: { packing_statuses: [{ id: 1, name: 'Hazırlanıyor' }] },
  [API.generalSettings]: { settings: { currency: 'TRY', time_zone: 'Europe/Istanbul' } },
  [API.productionProcess(9)]: { product_production_steps: [{ id: 1, step_id: 5, step_name: 'Döküm', position_in_process: 1 }, { id: 2, step_id: 6, step_name: 'Cila', position_in_process: 2 }] },
};

/* The grid reports a missing module or a wrong option only on the console: a test file calls this once to fail on it. */
export function failOnConsoleErrors() {
  let consoleErrors: jest.SpyInstance;
  beforeEach(() => {
    consoleErrors = jest.spyOn(console, 'error');
  });
  afterEach(() => {
    // Each test has waited for the state it proves; anything the grid reported by then is on the spy.
    expect(consoleErrors).not.toHaveBeenCalled();
    consoleErrors.mockRestore();
  });
}

export function openScreen(orders: OrderLineDto[], answer?: (method: string, url: string, body: unknown) => [number, unknown] | undefined, language = 'tr') {
  storeLogin(2, 'Admin');
  const calls = mockFetch((method, url, body) => answer?.(method, url, body) ?? (url === API.orders ? [200, { orders }] : [200, LOOKUPS[url] ?? {}]));
  const view = renderApp(
    <Routes>
      <Route path="/admin/orders" element={<AdminOrdersScreen />} />
    </Routes>,
    '/admin/orders',
    { language },
  );
  return { ...view, calls };
}
