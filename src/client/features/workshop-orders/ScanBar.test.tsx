import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { line, LOOKUPS } from '../../../../test/orders-screen';
import { API } from '../../../shared/api';
import { barcodeOf } from '../../../shared/barcode';
import { LineStatus } from '../../../shared/statuses';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import WorkshopOrderScreen from './WorkshopOrderScreen';
import { WorkshopOrdersPanel } from './WorkshopOrdersPanel';

/** The workshop's own lines 20 (waiting) and 21; line 30 is another workshop's, its code unknown to this tablet. */
const WAITING = line(20, { order_number: 'B2B-000020' });
const LINES = [WAITING, line(21, { order_number: 'B2B-000021', order_line_status_id: LineStatus.InProcess, current_order_line_process: 5 })];
const REFUSED = { error: 'Not Found', code: 'LINE_CODE_UNKNOWN', message: { key: 'errors:lineCodeUnknown', values: {} } };

/** Oscillators started, one per tone played. */
const tones: number[] = [];
beforeEach(() => {
  tones.length = 0;
  const node = () => ({ connect: (next: unknown) => next ?? node(), frequency: { value: 0 }, gain: { value: 0 } });
  (window as { AudioContext?: unknown }).AudioContext = class {
    currentTime = 0;
    destination = {};
    createGain = node;
    createOscillator = () => {
      const oscillator = { ...node(), start: () => tones.push(oscillator.frequency.value), stop: () => {} };
      return oscillator;
    };
  };
});

function openTablet(answer?: (method: string, url: string) => [number, unknown] | undefined) {
  storeLogin(3, 'Atölye');
  const calls = mockFetch((method, url) => {
    const answered = answer?.(method, url);
    if (answered) return answered;
    if (url === API.myWorkshopOrders) return [200, { orders: LINES }];
    if (url.startsWith(API.lineByCode)) return [404, REFUSED];
    if (url === API.myWorkshopOrder(20)) return [200, { order: WAITING }];
    if (url === API.lineHistory(20)) return [200, { history: [] }];
    return [200, LOOKUPS[url] ?? {}];
  });
  const view = renderApp(
    <Routes>
      <Route path="/workshop/orders" element={<WorkshopOrdersPanel />} />
      <Route path="/workshop/order/:id" element={<WorkshopOrderScreen />} />
    </Routes>,
    '/workshop/orders',
  );
  return { ...view, calls };
}

/** A keyboard-wedge scanner: the code's keys one right after another, then Enter, at whatever is focused. */
function scan(code: string, target: Element = document.activeElement ?? document.body) {
  for (const key of code) fireEvent.keyDown(target, { key });
  fireEvent.keyDown(target, { key: 'Enter' });
}

const byCode = (calls: { url: string }[]) => calls.filter((c) => c.url.startsWith(API.lineByCode));

test("a scan with no field focused opens the workshop's line", async () => {
  const { t, calls } = openTablet();
  await screen.findByRole('row', { name: /B2B-000020/ });
  scan(WAITING.barcode);
  expect(await screen.findByRole('heading', { name: t('workshopOrders:title', { id: 20 }) })).toBeInTheDocument();
  // A line the tablet holds opens at once: nothing is asked of the server to find it.
  expect(byCode(calls)).toEqual([]);
});

test("a line the tablet has not loaded is found by the server's answer and opened", async () => {
  const older = line(40, { order_number: 'B2B-000040' });
  const { t, calls } = openTablet((_method, url) => {
    if (url === `${API.lineByCode}?code=${older.barcode}`) return [200, { order: older }];
    if (url === API.myWorkshopOrder(40)) return [200, { order: older }];
    return undefined;
  });
  await screen.findByRole('row', { name: /B2B-000020/ });
  scan(older.barcode);
  expect(await screen.findByRole('heading', { name: t('workshopOrders:title', { id: 40 }) })).toBeInTheDocument();
  expect(byCode(calls)).toHaveLength(1);
});

test('typing the same keys into a field is typing, not a scan', async () => {
  const { t, calls } = openTablet();
  await screen.findByRole('row', { name: /B2B-000020/ });
  const from = screen.getByLabelText(t('workshopOrders:from'));
  from.focus();
  scan(WAITING.barcode, from);
  expect(screen.queryByRole('heading', { name: t('workshopOrders:title', { id: 20 }) })).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(byCode(calls)).toEqual([]);
});

test("another workshop's code and an unknown code open nothing and say the same sentence; so does text that is no code", async () => {
  const { t, calls } = openTablet();
  await screen.findByRole('row', { name: /B2B-000020/ });
  const sentence = t('errors:lineCodeUnknown');
  scan(barcodeOf(30));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(sentence));
  scan(barcodeOf(9_999_999));
  await waitFor(() => expect(byCode(calls)).toHaveLength(2));
  expect(screen.getByRole('alert')).toHaveTextContent(sentence);
  scan('ABCDEFGH');
  expect(screen.getByRole('alert')).toHaveTextContent(sentence);
  expect(byCode(calls)).toHaveLength(2);
  expect(screen.getByRole('row', { name: /B2B-000020/ })).toBeInTheDocument();
  expect(tones.length).toBeGreaterThan(0);
});

test("'Okutunca ilerlet' on: a scan moves its line one step and says its new step with a tone; a double scan moves it once", async () => {
  const { t, calls } = openTablet((method, url) =>
    method === 'PATCH' && url === API.myWorkshopNextStep(20) ? [200, { order: { ...WAITING, order_line_status_id: LineStatus.InProcess, current_order_line_process: 5 } }] : undefined,
  );
  await screen.findByRole('row', { name: /B2B-000020/ });
  const advance = screen.getByRole('switch', { name: 'Okutunca ilerlet' });
  fireEvent.click(advance);
  expect(advance).toHaveAttribute('aria-checked', 'true');
  // The switch gives its focus back: the scanner's Enter cannot reach it.
  expect(advance).not.toHaveFocus();
  scan(WAITING.barcode);
  scan(WAITING.barcode);
  expect(await screen.findByText(t('workshopOrders:scan.advanced', { id: 20, step: 'Döküm' }))).toHaveAttribute('role', 'status');
  expect(calls.filter((c) => c.method === 'PATCH')).toEqual([expect.objectContaining({ url: API.myWorkshopNextStep(20), body: { current_order_line_process: -1 } })]);
  expect(tones).toContain(1320);
  // The list stays: scan-to-advance opens nothing.
  expect(screen.queryByRole('heading', { name: t('workshopOrders:title', { id: 20 }) })).toBeNull();
  expect(advance).toHaveAttribute('aria-checked', 'true');
});

test("'Okutunca ilerlet' on: a move the life cycle refuses says the server's reason in an alert", async () => {
  const reason = { error: 'Conflict', code: 'LINE_CHANGED', message: { key: 'errors:lineChanged', values: {} } };
  const { t } = openTablet((method, url) => (method === 'PATCH' && url === API.myWorkshopNextStep(21) ? [409, reason] : undefined));
  await screen.findByRole('row', { name: /B2B-000021/ });
  fireEvent.click(screen.getByRole('switch', { name: 'Okutunca ilerlet' }));
  scan(LINES[1].barcode);
  // Said under the switch, and in the line's row as a tap's refusal is.
  const alerts = await screen.findAllByRole('alert');
  expect(alerts.map((alert) => alert.textContent)).toEqual([t('errors:lineChanged'), t('errors:lineChanged')]);
  expect(tones).toContain(330);
});
