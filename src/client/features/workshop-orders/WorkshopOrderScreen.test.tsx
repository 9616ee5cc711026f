import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { API, type OrderLineDto } from '../../../shared/api';
import { LineStatus } from '../../../shared/statuses';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import WorkshopOrderScreen from './WorkshopOrderScreen';

const AT = '2026-11-20T09:00:00.000Z';
/** A piece canceled at packing, weighed. */
const CANCELED = {
  id: 7, order_id: 2, order_number: 'B2B-000014', product_id: 9, product_title: 'Yüzük', product_picture_url: null, order_line_status_id: LineStatus.Packing,
  current_order_line_process: 6, workshop_started_process_id: null, quality_control_id: 1, product_gram: 4.2, expected_weight: null, gram_flagged: false, packing_status_id: null,
  customer_approval_status_id: null, material_id: null, chain_length_id: null, size_id: null, color_id: null, karat_id: null, customer_note: null,
  production_expected_date: AT, canceled_at: '2026-11-21T10:30:00.000Z', cancel_reason: 'Müşteri vazgeçti', metal_received_at: null, workshop_id: 1, customer_id: 1,
} as unknown as OrderLineDto;

test('a canceled piece reads İptal edildi with its reason and time as its status, not the state it stopped in, and offers no action', async () => {
  storeLogin(3, 'Atölye');
  mockFetch((_method, url) => {
    if (url === API.myWorkshopOrder(7)) return [200, { order: CANCELED }];
    if (url === API.lineHistory(7)) return [200, { history: [] }];
    if (url === API.statuses) return [200, { statuses: [{ id: 4, name: 'Paketleme' }] }];
    if (url === API.generalSettings) return [200, { settings: { currency: 'TRY', time_zone: 'Europe/Istanbul' } }];
    return [200, {}];
  });
  const { t } = renderApp(
    <Routes>
      <Route path="/workshop/order/:id" element={<WorkshopOrderScreen />} />
    </Routes>,
    '/workshop/order/7',
  );
  const status = (await screen.findByText(t('workshopOrders:fields.status'))).nextElementSibling;
  await waitFor(() => expect(status).toHaveTextContent(/^İptal edildi: Müşteri vazgeçti \(21\.11\.2026 13:30\)$/));
  expect(screen.queryByText('Paketleme')).toBeNull();
  // Neither the next step, the approval nor a gram: the piece is only read (scanning stays, for the next ticket).
  expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([t('workshopOrders:scan.camera.open')]);
  expect(screen.queryByRole('textbox')).toBeNull();
  expect(screen.getByText('4,2 g')).toBeInTheDocument();
});

test('a piece not started shows no gram at all; the approval says beside its button what it records', async () => {
  storeLogin(3, 'Atölye');
  const notStarted = { ...CANCELED, canceled_at: null, cancel_reason: null, order_line_status_id: LineStatus.Waiting, current_order_line_process: -1, product_gram: null, expected_weight: 2 };
  mockFetch((_method, url) => {
    if (url === API.myWorkshopOrder(7)) return [200, { order: notStarted }];
    if (url === API.lineHistory(7)) return [200, { history: [] }];
    if (url === API.generalSettings) return [200, { settings: { currency: 'TRY', time_zone: 'Europe/Istanbul' } }];
    return [200, {}];
  });
  const { t } = renderApp(
    <Routes>
      <Route path="/workshop/order/:id" element={<WorkshopOrderScreen />} />
    </Routes>,
    '/workshop/order/7',
  );
  const approve = await screen.findByRole('button', { name: t('workshopOrders:approve') });
  expect(approve).toHaveAccessibleDescription(t('workshopOrders:approveWhat'));
  expect(screen.getByRole('button', { name: t('workshopOrders:nextStep') })).toBeEnabled();
  expect(screen.getByText(t('workshopOrders:notStarted'))).toBeInTheDocument();
  // Neither the gram, its reason, nor the weight it is to be weighed against.
  expect(screen.queryByText(new RegExp(t('workshopOrders:fields.gram')))).toBeNull();
  expect(screen.queryByText(t('workshopOrders:fields.expectedWeight'))).toBeNull();
  expect(screen.queryByText('2 g')).toBeNull();
  expect(screen.queryByRole('textbox')).toBeNull();
});
