import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import enSuccess from '../../../locales/en/success.json';
import enValidation from '../../../locales/en/validation.json';
import trSuccess from '../../../locales/tr/success.json';
import trValidation from '../../../locales/tr/validation.json';
import { API } from '../../shared/api';
import { createI18n } from '../app/i18n';
import { sentenceText } from '../components/NoticeView';
import { CustomerOrdersPanel } from '../features/customer-orders/CustomerOrdersPanel';
import { ManualOrderForm } from '../features/customer-orders/ManualOrderForm';
import { mockFetch, renderApp, storeLogin } from '../test-utils';
import { failure } from './failure';
import { ApiError } from './http';
import { said } from './said';

/*
 * The server answers in Turkish and names the catalogue key of its sentence; the reader sees that
 * key in their own language, and the Turkish text only where the server named no key.
 */

const CUSTOMER = {
  id: 3, name: 'Ayşe Yılmaz', email: 'a@example.com', phone: '0532', address: 'Bağdat Cd. 1', city: 'İstanbul', country: 'TR', zip_code: '34728',
  credit: 5000, credit_currency: 'TRY', currency: 'TRY', open_order_amount: 0, available_credit: 5000, other_currency_open_amounts: [],
};
const PRODUCT = { id: 6, title: 'Zincir Kolye', price: 500, currency: 'TRY' };
const LINE = { id: 41, order_id: 1, order_number: 'B2B-000001', product_id: 6, product_title: 'Zincir Kolye', total_price: 500, currency: 'TRY', order_line_status_id: 1, current_order_line_process: -1, created_at: '2026-11-20T09:00:00.000Z' };

/** The customer's order form (and the list a placed order opens on), the server answering the order with `answer`. */
async function placeOrder(language: string, answer: [number, unknown]) {
  storeLogin(5, 'Musteri');
  mockFetch((method, url) => {
    if (url === API.myCustomer) return [200, { customer: CUSTOMER }];
    if (url === API.products) return [200, { products: [PRODUCT] }];
    if (method === 'POST' && url === API.manualOrder) return answer;
    if (url === API.myCustomerOrders) return [200, { orders: [LINE] }];
    return [200, {}];
  });
  const { t } = renderApp(
    <Routes>
      <Route path="/customer/new-order" element={<ManualOrderForm />} />
      <Route path="/customer/orders" element={<CustomerOrdersPanel />} />
    </Routes>,
    '/customer/new-order',
    { language },
  );
  await screen.findByDisplayValue('Bağdat Cd. 1');
  fireEvent.change(screen.getByRole('combobox', { name: `${t('customerOrders:form.product')} 1` }), { target: { value: PRODUCT.title } });
  fireEvent.mouseDown(await screen.findByRole('option', { name: new RegExp(PRODUCT.title) }));
  fireEvent.change(screen.getByLabelText(`${t('customerOrders:form.quantity')} 1`), { target: { value: '1' } });
  fireEvent.click(screen.getByRole('button', { name: t('customerOrders:form.submit') }));
}

describe.each([
  ['en', enValidation, enSuccess],
  ['tr', trValidation, trSuccess],
])('the server named the key of its sentence, the reader reads %s', (language, validation, success) => {
  test("a validation refusal is shown in the reader's language", async () => {
    await placeOrder(language, [
      400,
      { error: trValidation.orderContactRequired, code: 'VALIDATION', message: { key: 'validation:orderContactRequired', values: {} } },
    ]);
    expect(await screen.findByText(validation.orderContactRequired)).toBeInTheDocument();
    if (language !== 'tr') expect(screen.queryByText(trValidation.orderContactRequired)).toBeNull();
  });

  test("a done action's sentence is shown in the reader's language", async () => {
    await placeOrder(language, [201, { order: { id: 1, order_number: 'B2B-000001', first_line_id: 41, lines: 1 }, message: trSuccess.orderCreated, message_key: { key: 'success:orderCreated', values: {} } }]);
    expect(await screen.findByText(success.orderCreated)).toBeInTheDocument();
    expect(await screen.findByText('B2B-000001')).toBeInTheDocument();
  });
});

test('without a key the Turkish sentence is shown as sent, and a key this client lacks falls back to it', () => {
  const t = createI18n('en').t;
  const bare = failure(new ApiError(409, 'Satır değişti.', 'LINE_CHANGED'), 'orders:packingFailed');
  expect(sentenceText(t, bare)).toBe('Satır değişti.');
  const unknown = failure(new ApiError(409, 'Yeni bir ret.', 'NEW', { key: 'errors:fromANewerServer', values: {} }), 'orders:packingFailed');
  expect(sentenceText(t, unknown)).toBe('Yeni bir ret.');
  expect(sentenceText(t, failure(new ApiError(0, null, 'NETWORK'), 'common:loading'))).toBe('Loading...');
});

test("values fill the key's placeholders, and a value that is itself a sentence is translated too", () => {
  const t = createI18n('en').t;
  const rejected = said({ message: trSuccess.qualityRejected.replace('{{step}}', 'Cila'), message_key: { key: 'success:qualityRejected', values: { step: 'Cila' } } });
  expect(sentenceText(t, rejected)).toBe(enSuccess.qualityRejected.replace('{{step}}', 'Cila'));
  const registered = { key: 'auth:registered', params: { message: said({ message: trSuccess.registered, message_key: { key: 'success:registered', values: {} } }) } };
  expect(sentenceText(t, registered)).toBe(t('auth:registered', { message: enSuccess.registered }));
  expect(sentenceText(t, registered)).not.toContain(trSuccess.registered);
});
