import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API, type OrderLineDto } from '../../../shared/api';
import { barcodeOf } from '../../../shared/barcode';
import { isOpenLine } from '../../../shared/lifecycle';
import { LineStatus } from '../../../shared/statuses';
import { PAGE_SIZE } from '../../components/Pager';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import { linesChanged } from '../order-lines';
import { WorkshopOrdersPanel } from './WorkshopOrdersPanel';

const AT = '2026-11-20T09:00:00.000Z';
const PAST = '2026-01-10T09:00:00.000Z';
const FUTURE = '2099-01-10T09:00:00.000Z';

function line(id: number, patch: Partial<OrderLineDto> = {}): OrderLineDto {
  return {
    id, order_product_id: id, order_id: id, order_number: `B2B-${String(id).padStart(6, '0')}`, product_id: 9, product_title: 'Yüzük', product_picture_url: null, photo_url: null,
    first_name: 'Ali', last_name: 'Veli', address: 'Adres', city: 'İstanbul', province: null, country: 'TR', zip_code: '34000', email: 'a@example.com', phone: '1',
    created_at: AT, updated_at: AT, order_line_status_id: LineStatus.Waiting, packing_status_id: null, customer_approval_status_id: null, quality_control_id: null,
    fulfilment_style: null, fulfillment_style: null, material_id: null, chain_length_id: null, color_id: null, size_id: null, karat_id: null,
    customization_option: null, font: null, gift_note: null, customer_note: null, note_customer: null, product_gram: null, expected_weight: null, gram_flagged: false, credit_exceeded: false, metal_received_at: null,
    product_cost: 200, canceled_at: null, cancel_reason: null, total_price: 1000, currency: 'TRY', shipment_tracking_number: null, location: null,
    workshop_id: 1, workshop_name: 'Usta', customer_id: 1, customer_name: 'Alıcı', b2b_customer_name: 'Alıcı Ltd', source: 'manual', production_expected_date: FUTURE,
    production_expected_days: FUTURE, current_order_line_process: -1, workshop_started_process_id: null, delivery_to_office: null, barcode: barcodeOf(id), item_index: 1, item_count: 1, closed_at: null, forecast_date: null, late_risk: null,
    ...patch,
  };
}

/*
 * 120 lines: every fourth completed (delivered two days after creation), line 7 in process on a
 * canceled order, the other odd ones waiting and even ones in process; lines 1-3 are late, line 3
 * urgent. Open: 89, finished: 31.
 */
const completed = (id: number) => line(id, { order_line_status_id: LineStatus.Completed, delivery_to_office: '2026-11-22T09:00:00.000Z', production_expected_date: PAST });
const LINES = Array.from({ length: 120 }, (_, i) => {
  const id = i + 1;
  if (id % 4 === 0) return completed(id);
  if (id === 7) return line(id, { order_line_status_id: LineStatus.InProcess, canceled_at: AT, cancel_reason: 'Müşteri vazgeçti' });
  return line(id, {
    order_line_status_id: id % 2 === 1 ? LineStatus.Waiting : LineStatus.InProcess,
    production_expected_date: id <= 3 ? PAST : FUTURE,
    customer_note: id === 3 ? 'ACİL teslim' : null,
  });
});
const newestFirst = (lines: OrderLineDto[]) => [...lines].sort((a, b) => b.id - a.id);
/** Urgent line 3 first, then the late lines 2 and 1 (due first), then the rest (due alike) newest first. */
const OPEN = [LINES[2], LINES[1], LINES[0], ...newestFirst(LINES.filter((l) => l.id > 3 && isOpenLine(l)))];
const FINISHED = newestFirst(LINES.filter((l) => !isOpenLine(l)));

/** The server's cards: over every line of the workshop, far more than the 120 the tablet has loaded. */
const SERVER_CARDS = { total: 15240, in_process: 412, waiting: 268, late: 17, average_production_days: 3.5 };
const SERVER_SHOWN = ['15240', '412', '268', '17', '3,5 gün'];
const cardKeys = ['total', 'inProcess', 'waiting', 'late', 'average'];

function openPanel(lines = LINES, answer?: (method: string, url: string, body: unknown) => [number, unknown] | undefined) {
  storeLogin(3, 'Atölye');
  const calls = mockFetch((method, url, body) => {
    const answered = answer?.(method, url, body);
    if (answered) return answered;
    if (url === API.myWorkshopStatistics) return [200, { statistics: SERVER_CARDS }];
    if (url === API.myWorkshopOrders) return [200, { orders: lines }];
    if (url === API.statuses) return [200, { statuses: [{ id: 1, name: 'Bekliyor' }, { id: 2, name: 'Üretimde' }, { id: 5, name: 'Tamamlandı' }] }];
    if (url === API.generalSettings) return [200, { settings: { currency: 'TRY', time_zone: 'Europe/Istanbul' } }];
    return [200, {}];
  });
  return { ...renderApp(<WorkshopOrdersPanel />, '/workshop/orders'), calls };
}

/** The order numbers of the data rows on screen, in order. */
const shownOrders = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);
const numbers = (lines: OrderLineDto[]) => lines.map((l) => l.order_number);
const card = (name: string) => screen.getByRole('group', { name }).querySelector('strong')?.textContent;

test('the open lines show by default, a page at a time, urgent first then by due date; the switch shows the finished ones', async () => {
  const { t } = openPanel();
  const open = await screen.findByRole('button', { name: t('workshopOrders:work.open', { count: OPEN.length }) });
  const finished = screen.getByRole('button', { name: t('workshopOrders:work.finished', { count: FINISHED.length }) });
  expect(open).toHaveAttribute('aria-pressed', 'true');
  expect(finished).toHaveAttribute('aria-pressed', 'false');
  expect(screen.getByRole('group', { name: t('workshopOrders:work.label') })).toContainElement(open);
  // Only a page of the 89 open lines is in the document.
  expect(shownOrders()).toEqual(numbers(OPEN.slice(0, PAGE_SIZE)));
  expect(screen.getByText(t('common:pager.page', { page: 1, pages: 2 }))).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: t('common:pager.next') }));
  expect(shownOrders()).toEqual(numbers(OPEN.slice(PAGE_SIZE)));
  expect(screen.getByText(t('common:pager.page', { page: 2, pages: 2 }))).toBeInTheDocument();
  expect(screen.getByRole('button', { name: t('common:pager.next') })).toBeDisabled();

  // The finished list starts at its first page; a canceled line reads so, with why and when, not the state it stopped in.
  fireEvent.click(finished);
  expect(finished).toHaveAttribute('aria-pressed', 'true');
  expect(open).toHaveAttribute('aria-pressed', 'false');
  expect(shownOrders()).toEqual(numbers(FINISHED));
  expect(screen.queryByRole('button', { name: t('common:pager.next') })).toBeNull();
  const canceled = screen.getByRole('row', { name: new RegExp(line(7).order_number) });
  expect(within(canceled).getByRole('cell', { name: /^İptal edildi: Müşteri vazgeçti \(20\.11\.2026 12:00\)$/ })).toBeInTheDocument();
  expect(within(canceled).queryByRole('cell', { name: 'Üretimde' })).toBeNull();

  fireEvent.click(open);
  expect(shownOrders()).toEqual(numbers(OPEN.slice(0, PAGE_SIZE)));
});

test('the cards show the server’s figures over every line of the workshop, not a count of the lines loaded, whichever list is shown', async () => {
  const { t } = openPanel();
  await screen.findByRole('group', { name: t('workshopOrders:cards.total') });
  const cards = () => cardKeys.map((key) => card(t(`workshopOrders:cards.${key}`)));
  expect(cards()).toEqual(SERVER_SHOWN);
  // The 120 lines loaded would count 120, 31, 59, 3 and 2,0 gün.
  await screen.findByRole('button', { name: t('workshopOrders:work.finished', { count: FINISHED.length }) });
  fireEvent.click(screen.getByRole('button', { name: t('workshopOrders:work.finished', { count: FINISHED.length }) }));
  expect(cards()).toEqual(SERVER_SHOWN);
});

test('changed lines, heard live or answered to a tap, have the cards read again once per burst; the refresh button reads them too', async () => {
  let total = SERVER_CARDS.total;
  const { t, store, calls } = openPanel(LINES, (_, url) => (url === API.myWorkshopStatistics ? [200, { statistics: { ...SERVER_CARDS, total } }] : undefined));
  const totalCard = () => card(t('workshopOrders:cards.total'));
  await waitFor(() => expect(totalCard()).toBe('15240'));
  const reads = () => calls.filter((c) => c.url === API.myWorkshopStatistics).length;
  expect(reads()).toBe(1);

  total = 15241;
  act(() => {
    store.dispatch(linesChanged({ lines: [{ ...LINES[0], order_line_status_id: LineStatus.InProcess }], gone: [] }));
    store.dispatch(linesChanged({ lines: [{ ...LINES[2], order_line_status_id: LineStatus.InProcess }], gone: [] }));
  });
  await waitFor(() => expect(totalCard()).toBe('15241'));
  expect(reads()).toBe(2);

  total = 15242;
  fireEvent.click(screen.getByRole('button', { name: t('workshopOrders:refresh') }));
  await waitFor(() => expect(totalCard()).toBe('15242'));
  expect(reads()).toBe(3);
});

test('cards the server could not count say so, and the list still shows', async () => {
  const { t } = openPanel(LINES, (_, url) => (url === API.myWorkshopStatistics ? [500, {}] : undefined));
  expect(await screen.findByText(t('workshopOrders:cardsFailed'))).toBeInTheDocument();
  expect(screen.queryByRole('group', { name: t('workshopOrders:cards.total') })).toBeNull();
  expect(await screen.findByRole('row', { name: new RegExp(OPEN[0].order_number) })).toBeInTheDocument();
});

test('the date filter applies to the list shown and starts at its first page; urgent rows stay marked', async () => {
  const { t } = openPanel();
  await screen.findByRole('button', { name: t('common:pager.next') });
  fireEvent.click(screen.getByRole('button', { name: t('common:pager.next') }));
  fireEvent.change(screen.getByLabelText(t('workshopOrders:to')), { target: { value: '2026-06-01' } });
  expect(shownOrders()).toEqual(numbers([line(3), line(2), line(1)]));
  expect(screen.getByRole('row', { name: new RegExp(line(3).order_number) })).toHaveClass('urgent');
  expect(screen.getByRole('row', { name: new RegExp(line(2).order_number) })).not.toHaveClass('urgent');
  fireEvent.click(screen.getByRole('button', { name: t('workshopOrders:clear') }));
  expect(shownOrders()).toEqual(numbers(OPEN.slice(0, PAGE_SIZE)));
});

test('a live change that completes a line takes it out of the open list; a page that no longer exists gives way to the last one', async () => {
  const { t, store } = openPanel();
  const first = OPEN[0];
  expect(await screen.findByRole('row', { name: new RegExp(first.order_number) })).toBeInTheDocument();
  act(() => {
    store.dispatch(linesChanged({ lines: [{ ...first, order_line_status_id: LineStatus.Completed, delivery_to_office: '2026-11-22T09:00:00.000Z' }], gone: [] }));
  });
  expect(screen.queryByRole('row', { name: new RegExp(first.order_number) })).toBeNull();
  expect(shownOrders()).toEqual(numbers(OPEN.slice(1, PAGE_SIZE + 1)));
  expect(screen.getByRole('button', { name: t('workshopOrders:work.open', { count: OPEN.length - 1 }) })).toHaveAttribute('aria-pressed', 'true');

  // On the second page, 40 more lines complete: 48 open lines are one page, shown whole.
  fireEvent.click(screen.getByRole('button', { name: t('common:pager.next') }));
  act(() => {
    store.dispatch(linesChanged({ lines: OPEN.slice(1, 41).map((l) => ({ ...l, order_line_status_id: LineStatus.Completed })), gone: [] }));
  });
  expect(shownOrders()).toEqual(numbers(OPEN.slice(41)));
  expect(screen.queryByRole('button', { name: t('common:pager.next') })).toBeNull();
  expect(screen.queryByText(t('workshopOrders:emptyOpen'))).toBeNull();
});

/** The text of a row's cell under a column. */
const cellOf = (orderNumber: string, column: number) => within(screen.getByRole('row', { name: new RegExp(orderNumber) })).getAllByRole('cell')[column];

test('the open work lists urgent lines first, then the soonest due, a line without a due date last; a late line says so beside its date', async () => {
  const late = line(10, { production_expected_date: PAST });
  const lines = [
    late,
    line(11, { order_line_status_id: LineStatus.InProcess, current_order_line_process: 5, production_expected_date: '2099-02-01T09:00:00.000Z' }),
    line(12, { order_line_status_id: LineStatus.InProcess, current_order_line_process: 5, production_expected_date: '2099-01-01T09:00:00.000Z' }),
    line(13, { production_expected_date: null }),
    line(14, { production_expected_date: '2099-05-01T09:00:00.000Z', customer_note: 'acil' }),
    completed(15),
  ];
  const { t } = openPanel(lines);
  await screen.findByRole('row', { name: new RegExp(late.order_number) });
  expect(shownOrders()).toEqual(numbers([lines[4], late, lines[2], lines[1], lines[3]]));
  // The late rule of src/shared/late.ts, in words: a mark, not a colour alone.
  expect(within(cellOf(late.order_number, 4)).getByText(t('workshopOrders:late'))).toBeVisible();
  expect(screen.getAllByText(t('workshopOrders:late'))).toHaveLength(1);
  // A completed line whose date has passed was delivered: not late.
  fireEvent.click(screen.getByRole('button', { name: t('workshopOrders:work.finished', { count: 1 }) }));
  expect(shownOrders()).toEqual(numbers([lines[5]]));
  expect(screen.queryByText(t('workshopOrders:late'))).toBeNull();
});

test("each row offers 'Sonraki Adım' where the life cycle does; a double tap moves the piece once, and a failure says so in its row", async () => {
  const waiting = line(20);
  const lines = [
    waiting,
    line(21, { order_line_status_id: LineStatus.QualityControl, current_order_line_process: 5 }),
    line(22, { order_line_status_id: LineStatus.Packing, current_order_line_process: 5 }),
    line(23, { order_line_status_id: LineStatus.InProcess, current_order_line_process: 5 }),
  ];
  const { t, calls } = openPanel(lines, (method, url) => {
    if (method !== 'PATCH') return undefined;
    if (url === API.myWorkshopNextStep(20)) return [200, { order: { ...waiting, order_line_status_id: LineStatus.InProcess, current_order_line_process: 5 } }];
    return [500, {}];
  });
  const next = (orderNumber: string) => within(screen.getByRole('row', { name: new RegExp(orderNumber) })).queryByRole('button', { name: t('workshopOrders:nextStep') });
  await screen.findByRole('row', { name: new RegExp(waiting.order_number) });
  expect(lines.map((l) => next(l.order_number) !== null)).toEqual([true, false, false, true]);

  const button = next(waiting.order_number) as HTMLElement;
  fireEvent.click(button);
  fireEvent.click(button);
  await waitFor(() => expect(cellOf(waiting.order_number, 3)).toHaveTextContent('5'));
  expect(calls.filter((c) => c.method === 'PATCH')).toEqual([expect.objectContaining({ url: API.myWorkshopNextStep(20), body: { current_order_line_process: -1 } })]);

  fireEvent.click(next(lines[3].order_number) as HTMLElement);
  expect(await within(screen.getByRole('row', { name: new RegExp(lines[3].order_number) })).findByRole('alert')).toHaveTextContent(t('workshopOrders:nextFailed'));
});

test('a start date after the end date is said beside the filter, and the list is not filtered by it', async () => {
  const { t } = openPanel();
  await screen.findByRole('button', { name: t('common:pager.next') });
  const from = screen.getByLabelText(t('workshopOrders:from'));
  fireEvent.change(from, { target: { value: '2026-06-01' } });
  fireEvent.change(screen.getByLabelText(t('workshopOrders:to')), { target: { value: '2026-01-01' } });
  expect(screen.getByRole('alert')).toHaveTextContent(t('workshopOrders:rangeBackwards'));
  expect(from).toHaveAccessibleDescription(t('workshopOrders:rangeBackwards'));
  expect(from).toHaveAttribute('aria-invalid', 'true');
  expect(shownOrders()).toEqual(numbers(OPEN.slice(0, PAGE_SIZE)));
  // Put right, the range filters again and the sentence goes.
  fireEvent.change(from, { target: { value: '2025-12-01' } });
  expect(screen.queryByRole('alert')).toBeNull();
  expect(from).toHaveAttribute('aria-invalid', 'false');
  fireEvent.change(screen.getByLabelText(t('workshopOrders:to')), { target: { value: '2026-06-01' } });
  expect(shownOrders()).toEqual(numbers([line(3), line(2), line(1)]));
});

test('the open lines sort by their forecast leaving date, or those at risk of being late first; a line at risk says so with its forecast', async () => {
  const day = (n: number) => `2026-12-${String(n).padStart(2, '0')}T09:00:00.000Z`;
  const lines = [
    line(1, { forecast_date: day(9), late_risk: false }),
    line(2, { forecast_date: day(3), late_risk: false }),
    line(3, { forecast_date: day(6), late_risk: true, production_expected_date: day(5) }),
    line(4, { forecast_date: null, late_risk: false }),
    line(5, { forecast_date: day(1), late_risk: false, customer_note: 'ACİL' }),
  ];
  const { t } = openPanel(lines);
  await screen.findByRole('button', { name: t('workshopOrders:work.open', { count: 5 }) });
  const sort = screen.getByRole('combobox', { name: t('workshopOrders:sort.label') });
  // By default the work's own order: urgent first, then the soonest due, then the newest.
  expect(shownOrders()).toEqual(numbers([lines[4], lines[2], lines[3], lines[1], lines[0]]));

  fireEvent.change(sort, { target: { value: 'forecast' } });
  expect(shownOrders()).toEqual(numbers([lines[4], lines[1], lines[2], lines[0], lines[3]]));

  fireEvent.change(sort, { target: { value: 'risk' } });
  expect(shownOrders()).toEqual(numbers([lines[2], lines[4], lines[1], lines[0], lines[3]]));
  const risky = screen.getByRole('row', { name: new RegExp(lines[2].order_number) });
  expect(within(risky).getByRole('cell', { name: `05.12.2026 12:00 ${t('workshopOrders:lateRisk', { date: '06.12.2026 12:00' })}` })).toBeInTheDocument();
});
