import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { API, type OrderLineDto } from '../../../shared/api';
import { barcodeOf } from '../../../shared/barcode';
import { LineStatus } from '../../../shared/statuses';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import { selectGeneralSettings } from '../settings';
import { GramEntry } from './GramEntry';
import WorkshopOrderScreen from './WorkshopOrderScreen';

const AT = '2026-11-20T09:00:00.000Z';
/** A 2 g piece at packing, not weighed yet. */
const PIECE = {
  id: 7, order_product_id: 7, order_id: 7, order_number: 'B2B-000007', product_id: 9, product_title: 'Küpe', product_picture_url: null, photo_url: null,
  first_name: 'Ali', last_name: 'Veli', address: 'Adres', city: 'İstanbul', province: null, country: 'TR', zip_code: '34000', email: 'a@example.com', phone: '1',
  created_at: AT, updated_at: AT, order_line_status_id: LineStatus.Packing, packing_status_id: null, customer_approval_status_id: null, quality_control_id: 1,
  fulfilment_style: null, fulfillment_style: null, material_id: null, chain_length_id: null, color_id: null, size_id: null, karat_id: null,
  customization_option: null, font: null, gift_note: null, customer_note: null, note_customer: null, product_gram: null, expected_weight: 2, gram_flagged: false, credit_exceeded: false, metal_received_at: null,
  product_cost: 200, canceled_at: null, cancel_reason: null, total_price: 1000, currency: 'TRY', shipment_tracking_number: null, location: null,
  workshop_id: 1, workshop_name: 'Usta', customer_id: 1, customer_name: 'Alıcı', b2b_customer_name: 'Alıcı Ltd', source: 'manual', production_expected_date: AT,
  production_expected_days: AT, current_order_line_process: 5, workshop_started_process_id: 1, delivery_to_office: AT, barcode: barcodeOf(7), item_index: 1, item_count: 1,
} as OrderLineDto;
const SETTINGS = { system_email: '', phone: '', currency: 'TRY', time_zone: 'Europe/Istanbul', gram_tolerance_percent: 10, gram_confirm_percent: 50, gram_max_factor: 10 };
const QUESTION = {
  error: 'Girilen gram (2,9 g) beklenen ağırlıktan (2 g) çok farklı. Tartıyı ve virgülü kontrol edin; doğruysa kaydetmek için onaylayın.',
  code: 'GRAM_CONFIRM',
  message: { key: 'errors:gramConfirm', values: { gram: '2,9 g', expected: '2 g' } },
};

/** The tablet's page of the piece; `ask`: the server asks about every gram sent without a yes. */
function openPiece(ask = false) {
  storeLogin(3, 'Atölye');
  const calls = mockFetch((method, url, body) => {
    if (url === API.myWorkshopOrder(7)) return [200, { order: PIECE }];
    if (url === API.generalSettings) return [200, { settings: SETTINGS }];
    if (url === API.lineHistory(7)) return [200, { history: [] }];
    if (method === 'POST' && url === API.myWorkshopGram(7)) {
      const { product_gram, gram_confirmed } = body as { product_gram: number; gram_confirmed?: boolean };
      return ask && !gram_confirmed ? [409, QUESTION] : [200, { order: { ...PIECE, product_gram }, message: 'Gram kaydedildi.' }];
    }
    return [200, {}];
  });
  renderApp(
    <Routes>
      <Route path="/workshop/order/:id" element={<WorkshopOrderScreen />} />
    </Routes>,
    '/workshop/order/7',
  );
  const sent = () => calls.filter((c) => c.url === API.myWorkshopGram(7)).map((c) => c.body);
  const enter = async (typed: string) => {
    fireEvent.change(await screen.findByLabelText('Gramaj (g)'), { target: { value: typed } });
    fireEvent.click(screen.getByRole('button', { name: 'Gramajı Kaydet' }));
  };
  return { sent, enter };
}

test('a gram beyond the hard bound is refused on the tablet; one beyond the confirm band is saved with the yes its dialog asked for', async () => {
  const { sent, enter } = openPiece();
  await screen.findByText('Beklenen: 2 g');
  await enter('99999');
  expect(await screen.findByText('Girilen gram (99.999 g) bu parça için kabul edilemez: en fazla 20 g girilebilir.')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).toBeNull();

  await enter('3,5');
  const dialog = await screen.findByRole('dialog', { name: 'Gramajı onaylayın' });
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Girilen gram (3,5 g) beklenen ağırlıktan (2 g) çok farklı.');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Evet, kaydet' }));
  expect(await screen.findByText('Gram kaydedildi.')).toBeInTheDocument();
  expect(sent()).toEqual([{ product_gram: 3.5, gram_confirmed: true }]);
});

test("the server's question about a gram is asked in the same dialog: no sends nothing again, yes sends the gram with it", async () => {
  const { sent, enter } = openPiece(true);
  await screen.findByText('Beklenen: 2 g');
  await enter('2,9');
  fireEvent.click(within(await screen.findByRole('dialog', { name: 'Gramajı onaylayın' })).getByRole('button', { name: 'Evet, kaydet' }));
  let dialog = await screen.findByRole('dialog', { name: 'Gramajı onaylayın' });
  expect(await within(dialog).findByText(QUESTION.error)).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Vazgeç' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(screen.queryByText(QUESTION.error)).toBeNull();
  expect(sent()).toEqual([{ product_gram: 2.9 }]);

  await enter('2,9');
  fireEvent.click(within(await screen.findByRole('dialog', { name: 'Gramajı onaylayın' })).getByRole('button', { name: 'Evet, kaydet' }));
  dialog = await screen.findByRole('dialog', { name: 'Gramajı onaylayın' });
  await within(dialog).findByText(QUESTION.error);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Evet, kaydet' }));
  expect(await screen.findByText('Gram kaydedildi.')).toBeInTheDocument();
  expect(sent()).toEqual([{ product_gram: 2.9 }, { product_gram: 2.9 }, { product_gram: 2.9, gram_confirmed: true }]);
});

/** A 12 g piece, not weighed yet, in the entry alone. */
const LINE = { id: 4, product_gram: null, expected_weight: 12 } as unknown as OrderLineDto;

test("a gram is read as a scale's reading, a point or a comma before up to three decimals, and shown as it will be saved before the confirmation", async () => {
  storeLogin(3, 'Atölye');
  mockFetch((_method, url) => (url === API.generalSettings ? [200, { settings: SETTINGS }] : [200, {}]));
  const onSave = jest.fn();
  const { t, store } = renderApp(<GramEntry line={LINE} busy={false} asked={null} onSave={onSave} onDecline={() => {}} />);
  // The tolerance it compares with has come.
  await waitFor(() => expect(selectGeneralSettings(store.getState())).toBeTruthy());
  const field = screen.getByLabelText(t('workshopOrders:gramLabel'));
  const save = screen.getByRole('button', { name: t('workshopOrders:gramSave') });
  for (const [typed, refusal] of [
    ['1.234,5', t('validation:weightGrouped', { suggestion: '1234,5' })],
    ['12,3456', t('validation:numberDecimals', { places: 3 })],
    ['on iki', t('validation:numberUnreadable', { example: '12,345' })],
  ]) {
    fireEvent.change(field, { target: { value: typed } });
    expect(screen.getByRole('alert')).toHaveTextContent(refusal);
    fireEvent.click(save);
    expect(screen.queryByRole('dialog')).toBeNull();
  }
  fireEvent.change(field, { target: { value: '12.345' } });
  expect(screen.getByText('Kaydedilecek: 12,345 g')).toBeInTheDocument();
  fireEvent.click(save);
  const dialog = screen.getByRole('dialog', { name: t('workshopOrders:gramConfirm.title') });
  expect(dialog).toHaveTextContent(t('workshopOrders:gramConfirm.value', { gram: '12,345 g' }));
  fireEvent.click(within(dialog).getByRole('button', { name: t('workshopOrders:gramConfirm.save') }));
  expect(onSave.mock.calls).toEqual([[12.345, false]]);
});
