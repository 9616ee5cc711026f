import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createRef, type RefObject } from 'react';
import { API, type OrderLineDto } from '../../../shared/api';
import { createI18n } from '../../app/i18n';
import { linesBatchLoaded, linesChanged, linesRequested, linesShown, linesStreamEnded, linesStreamStarted } from '../order-lines';
import { jsonResponse, linePieces, linesAnswer, mockFetch, renderApp, storeLogin, testStore } from '../../test-utils';
import { Route, Routes } from 'react-router-dom';
import AdminOrdersScreen from './AdminOrdersScreen';
import { orderColumns } from './columns';
import OrderGrid, { type OrderGridHandle } from './OrderGrid';
import { gridTextsOf } from './gridTexts';
import { failOnConsoleErrors, line, LOOKUPS, openScreen } from '../../../../test/orders-screen';

failOnConsoleErrors();

jest.setTimeout(30_000);

test('the columns follow the spec with the gram deviation next to the gram, and show names instead of ids', () => {
  const i18n = createI18n('tr');
  const fmt = { money: (v: number | null | undefined) => `${v} ₺`, number: String, gram: (v: number) => `${String(v).replace('.', ',')} g`, date: (iso: string) => iso.slice(0, 10) };
  const lookups = { status: new Map([[1, 'Bekliyor']]), step: new Map([[5, 'Döküm']]), optionValue: new Map([[31, 'Altın']]), qualityControl: new Map(), packing: new Map() };
  const columns = orderColumns(i18n.t.bind(i18n), lookups, fmt);
  expect(columns.map((c) => c.key)).toEqual([
    'photo', 'order_number', 'product', 'first_name', 'last_name', 'email', 'address', 'city', 'country', 'zip_code', 'created_at', 'updated_at', 'order_id', 'product_id',
    'order_product_id', 'status', 'current_step', 'material', 'chain_length', 'color', 'size', 'karat', 'customer_note', 'product_cost', 'product_gram', 'gram_flagged',
    'customer_approval', 'quality_control', 'fulfilment_style', 'shipment_tracking_number', 'location', 'workshop', 'production_expected_date', 'forecast_date',
    'late_risk', 'source', 'customization_option', 'barcode', 'packing_status', 'b2b_customer', 'total_price', 'credit_exceeded', 'canceled_at', 'cancel_reason', 'urgent', 'quality_action', 'packing_action', 'correct_action', 'history_action',
  ]);
  expect(columns.filter((c) => c.hidden).map((c) => c.key)).toEqual(['urgent']);
  expect(Object.fromEntries(columns.filter((c) => c.filter !== 'text').map((c) => [c.key, c.filter]))).toEqual({
    created_at: 'date', updated_at: 'date', order_id: 'number', product_id: 'number', order_product_id: 'number', product_cost: 'number',
    product_gram: 'number', production_expected_date: 'date', forecast_date: 'date', total_price: 'number', canceled_at: 'date',
  });
  const text = (key: string, row: OrderLineDto) => columns.find((c) => c.key === key)!.text(row);
  expect(text('current_step', line(1))).toBe('Daha başlamadı');
  expect(text('current_step', line(1, { current_order_line_process: 5 }))).toBe('Döküm');
  expect(text('current_step', line(1, { current_order_line_process: 77 }))).toBe('77');
  expect(text('status', line(1, { order_line_status_id: 9 }))).toBe('9');
  // A canceled line reads canceled, not the state it stopped in, and sorts after the completed.
  const canceled = line(1, { order_line_status_id: 1, canceled_at: '2026-11-21T10:30:00.000Z', cancel_reason: 'Müşteri vazgeçti' });
  expect(text('status', canceled)).toBe('İptal edildi');
  const status = columns.find((c) => c.key === 'status')!;
  expect([line(1, { order_line_status_id: 5 }), canceled, line(1)].map(status.sortValue)).toEqual([5, 6, 1]);
  expect(text('material', line(1))).toBe('Altın');
  expect(text('product', line(1, { product_title: 'Seri Yüzük' }))).toBe('Seri Yüzük');
  expect(text('product_gram', line(1, { product_gram: 4.5, gram_flagged: true }))).toBe('4,5 g');
  expect(text('gram_flagged', line(1, { gram_flagged: true }))).toBe('Sapma var');
  expect(text('total_price', line(1))).toBe('1000 ₺');
  expect(text('customer_approval', line(1, { customer_approval_status_id: 2 }))).toBe('Onaylandı');
  expect(text('color', line(1))).toBe('');
  expect(columns.find((c) => c.key === 'created_at')!.sortValue(line(1))).toBe('2026-11-20T09:00:00.000Z');
  expect(text('urgent', line(1))).toBe('');
  expect(text('urgent', line(1, { customer_note: 'ACİL teslim' }))).toBe('Acil');
  // A text that costs something to build is built once per line object.
  const dated = line(1);
  expect(text('created_at', dated)).toBe(text('created_at', dated));
  expect(columns.find((c) => c.key === 'product_gram')!.filterValue(line(1, { product_gram: 4.5 }))).toBe(4.5);
  // The forecast: a date like the others, sorted and filtered by its instant; the risk a mark with a word, nothing once closed.
  const forecast = line(1, { forecast_date: '2026-11-25T15:00:00.000Z', late_risk: true });
  expect(text('forecast_date', forecast)).toBe('2026-11-25');
  expect(columns.find((c) => c.key === 'forecast_date')!.sortValue(forecast)).toBe('2026-11-25T15:00:00.000Z');
  expect(text('late_risk', forecast)).toBe('⚠ Risk var');
  expect(text('late_risk', line(1, { late_risk: false }))).toBe('Risk yok');
  expect(text('late_risk', line(1, { late_risk: null, canceled_at: '2026-11-21T10:30:00.000Z' }))).toBe('');
});

test("the built-in view 'Gecikme riski' keeps the lines at risk, and their cells say so in words", async () => {
  openScreen([line(1, { late_risk: true }), line(2, { late_risk: false }), line(3)]);
  const menu = await screen.findByRole('combobox', { name: 'Görünüm' });
  fireEvent.change(menu, { target: { value: 'builtIn:lateRisk' } });
  expect(within(menu).getByRole('option', { name: 'Gecikme riski' })).toHaveProperty('selected', true);
  expect(await screen.findByText('1 / 3 satır', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByRole('gridcell', { name: 'B2B-000001' })).toBeInTheDocument();
  expect(screen.getByRole('gridcell', { name: '⚠ Risk var' })).toBeInTheDocument();
}, 30_000);

test("the built-in views 'Atölye bekleyen' and 'Kalite kontrol bekleyen' keep the lines with nothing in their column", async () => {
  openScreen([
    line(1, { workshop_name: null, workshop_id: null }),
    line(2, { workshop_name: null, workshop_id: null, canceled_at: '2026-11-20T10:00:00.000Z' }),
    line(3, { order_line_status_id: 3 }),
    line(4, { order_line_status_id: 3, quality_control_id: 2 }),
  ]);
  const menu = await screen.findByRole('combobox', { name: 'Görünüm' });
  fireEvent.change(menu, { target: { value: 'builtIn:awaitingWorkshop' } });
  expect(await screen.findByText('1 / 4 satır', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByRole('gridcell', { name: 'B2B-000001' })).toBeInTheDocument();
  fireEvent.change(menu, { target: { value: 'builtIn:qualityControl' } });
  expect(await screen.findByText('1 / 4 satır', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(await screen.findByRole('gridcell', { name: 'B2B-000003' })).toBeInTheDocument();
}, 30_000);

test.each([
  ['tr', 'Görünüm', (shown: number) => `${shown} / 5 satır`],
  ['en', 'View', (shown: number) => `${shown} / 5 lines`],
])("each built-in view keeps its lines by their ids and urgency, whatever the reader's language (%s)", async (language, label, count) => {
  const canceled = '2026-11-20T10:00:00.000Z';
  openScreen(
    [
      line(1, { workshop_name: null, workshop_id: null }),
      line(2, { order_line_status_id: 3, customer_note: 'express' }),
      line(3, { order_line_status_id: 3, quality_control_id: 2, late_risk: true }),
      line(4, { order_line_status_id: 4, late_risk: false }),
      line(5, { order_line_status_id: 4, canceled_at: canceled, workshop_id: null, customer_note: 'ACİL' }),
    ],
    undefined,
    language,
  );
  const menu = await screen.findByRole('combobox', { name: label });
  const orderNumbers = () => screen.getAllByRole('gridcell').map((cell) => cell.textContent).filter((text) => text?.startsWith('B2B-')).sort();
  for (const [view, ids] of [['urgent', [2, 5]], ['qualityControl', [2]], ['packing', [4]], ['awaitingWorkshop', [1]], ['lateRisk', [3]]] as const) {
    fireEvent.change(menu, { target: { value: `builtIn:${view}` } });
    expect(await screen.findByText(count(ids.length), {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(orderNumbers()).toEqual(ids.map((id) => `B2B-00000${id}`));
  }
}, 30_000);

test("the grid opens with the rows of the built-in view the user's saved state names", async () => {
  openScreen([line(1), line(2, { order_line_status_id: 4 })], (method, url) =>
    method === 'GET' && url === API.gridViews('orders') ? [200, { current: { grid: {}, builtIn: 'packing' }, views: [] }] : undefined,
  );
  expect(await screen.findByText('1 / 2 satır', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByRole('gridcell', { name: 'B2B-000002' })).toBeInTheDocument();
});

test('a filter that leaves nothing says so, and the count follows the filters', async () => {
  openScreen([line(1), line(2, { customer_note: 'Hediye' })]);
  expect(await screen.findByText('2 / 2 satır')).toBeInTheDocument();
  const noteFilter = await screen.findByRole('textbox', { name: /Müşteri Notu/ });
  // The filter applies after its debounce: wait for the count it leads to (a bound, not a pause).
  fireEvent.input(noteFilter, { target: { value: 'HEDİYE' } });
  expect(await screen.findByText('1 / 2 satır', {}, { timeout: 10_000 })).toBeInTheDocument();
  fireEvent.input(noteFilter, { target: { value: 'yok böyle' } });
  expect(await screen.findByText('Filtreye uygun sipariş bulunamadı.', {}, { timeout: 10_000 })).toBeInTheDocument();
});

test('live changes reach the grid as changes: the filter stays, a new line shows, a changed one updates, a gone one leaves', async () => {
  const { store } = openScreen([line(1), line(2, { customer_note: 'Hediye' }), line(3, { customer_note: 'Hediye kutusu' })]);
  expect(await screen.findByText('3 / 3 satır')).toBeInTheDocument();
  const noteFilter = await screen.findByRole('textbox', { name: /Müşteri Notu/ });
  fireEvent.input(noteFilter, { target: { value: 'hediye' } });
  expect(await screen.findByText('2 / 3 satır', {}, { timeout: 10_000 })).toBeInTheDocument();

  act(() => void store.dispatch(linesChanged({ lines: [line(4, { customer_note: 'Hediye paketi' }), line(2, { customer_note: 'Hediye', order_number: 'B2B-000099' })], gone: [] })));
  expect(await screen.findByText('3 / 4 satır')).toBeInTheDocument();
  expect(await screen.findByText('B2B-000099')).toBeInTheDocument();
  expect(screen.getByText('B2B-000004')).toBeInTheDocument();

  act(() => void store.dispatch(linesChanged({ lines: [], gone: [3] })));
  expect(await screen.findByText('2 / 3 satır')).toBeInTheDocument();
  // A removed row leaves the page after the grid's row animation.
  await waitFor(() => expect(screen.queryByText('B2B-000003')).not.toBeInTheDocument());
  expect(noteFilter).toHaveValue('hediye');
});

test('the gram has a number filter: a typed Turkish decimal keeps the lines of that gram', async () => {
  openScreen([line(1, { product_gram: 4.5 }), line(2, { product_gram: 12 }), line(3), line(4, { product_gram: 4.5 })]);
  expect(await screen.findByText('4 / 4 satır')).toBeInTheDocument();
  const gram = await screen.findByRole('textbox', { name: /^Gram\b(?! Sapması)/ });
  fireEvent.input(gram, { target: { value: '4,5' } });
  expect(await screen.findByText('2 / 4 satır', {}, { timeout: 10_000 })).toBeInTheDocument();
  fireEvent.input(gram, { target: { value: '12' } });
  expect(await screen.findByText('1 / 4 satır', {}, { timeout: 10_000 })).toBeInTheDocument();
});

test.each([
  ['built as the search asks', false],
  ['built ahead when the search box gets the focus', true],
])('the quick filter searches every column with Turkish case folding (dotted and dotless i alike); the texts of the rows %s', async (_how, ahead) => {
  openScreen([
    line(1, { city: 'İstanbul', last_name: 'Veli' }),
    line(2, { city: 'Izmir', last_name: 'Işık' }),
    line(3, { city: 'Ankara', last_name: 'Kılıç', customer_note: 'ıslak mendil' }),
  ]);
  expect(await screen.findByText('3 / 3 satır')).toBeInTheDocument();
  const quick = screen.getByRole('searchbox', { name: 'Tüm sütunlarda ara' });
  if (ahead) {
    // The page's idle moments, taken by the test: focusing the box asks for them, and running them
    // until none is asked for again means every row's text is built.
    const idle: IdleRequestCallback[] = [];
    Object.assign(globalThis, { requestIdleCallback: (callback: IdleRequestCallback) => idle.push(callback) });
    try {
      fireEvent.focus(quick);
      act(() => {
        while (idle.length > 0) idle.shift()!({ didTimeout: false, timeRemaining: () => 10 });
      });
    } finally {
      delete (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback;
    }
  }
  const expectCount = async (text: string, count: string) => {
    fireEvent.change(quick, { target: { value: text } });
    expect(await screen.findByText(`${count} / 3 satır`, {}, { timeout: 10_000 })).toBeInTheDocument();
  };
  await expectCount('istanbul', '1');
  await expectCount('ISTANBUL', '1');
  await expectCount('IŞIK', '1');
  await expectCount('işık', '1');
  // Dotless and dotted alike: 'ıslak' and 'ISLAK' find the note, 'KILIÇ' the name; every word must match.
  await expectCount('ISLAK', '1');
  await expectCount('kiliç ankara', '1');
  await expectCount('i', '3');
  await expectCount('izmir veli', '0');
  // Eight filterings, each after its debounce: a bound for a busy machine, not a pause.
}, 30_000);

test('CSV: the rows and data columns shown, in their order, as the cells read', async () => {
  const files: Blob[] = [];
  Object.assign(URL, { createObjectURL: jest.fn((blob: Blob) => (files.push(blob), 'blob:orders')), revokeObjectURL: jest.fn() });
  // The grid hands the file to the browser by clicking a link; jsdom would try to navigate.
  const names: string[] = [];
  const download = (event: Event) => {
    if (!(event.target instanceof HTMLAnchorElement)) return;
    names.push(event.target.download);
    event.preventDefault();
  };
  document.addEventListener('click', download, true);
  try {
    openScreen([line(1, { customer_note: 'Hediye' }), line(2), line(3, { customer_note: 'Hediye paketi', total_price: 1500 })]);
    expect(await screen.findByText('3 / 3 satır')).toBeInTheDocument();
    fireEvent.input(await screen.findByRole('textbox', { name: /Müşteri Notu/ }), { target: { value: 'hediye' } });
    expect(await screen.findByText('2 / 3 satır', {}, { timeout: 10_000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'CSV olarak dışa aktar' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(files[0]);
    });
    const [header, ...rows] = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    const headers = header.split(',');
    expect(headers.slice(0, 4)).toEqual(['"Fotoğraf"', '"Sipariş No"', '"Ürün"', '"Ad"']);
    // Every data column shown, in order (the spec's and the product's name); the hidden 'Acil' and the buttons are not data of the file.
    expect(headers).toHaveLength(44);
    expect(headers.at(-1)).toBe('"İptal Nedeni"');
    expect(headers).not.toContain('"Acil"');
    expect(headers).not.toContain('"Paketleme Onayı"');
    expect(rows).toHaveLength(2);
    const cell = (row: string, name: string) => row.match(/"(?:[^"]|"")*"/g)![headers.indexOf(`"${name}"`)];
    expect(rows.map((row) => cell(row, 'Sipariş No'))).toEqual(['"B2B-000001"', '"B2B-000003"']);
    expect(cell(rows[1], 'Durum')).toBe('"Bekliyor"');
    expect(cell(rows[0], 'Renk')).toBe('""');
    expect(names).toEqual([expect.stringMatching(/^siparisler_\d{4}-\d{2}-\d{2}\.csv$/)]);
  } finally {
    document.removeEventListener('click', download, true);
  }
});

/** The grid alone, as its screen hands it these lines (its texts already in, as the router has them). */
async function renderGrid(lines: OrderLineDto[], handle?: RefObject<OrderGridHandle | null>) {
  await gridTextsOf('tr');
  const i18n = createI18n('tr');
  const fmt = { money: (v: number | null | undefined) => `${v} ₺`, number: String, gram: (v: number) => `${String(v).replace('.', ',')} g`, date: (iso: string) => iso.slice(0, 10) };
  const lookups = { status: new Map([[1, 'Bekliyor']]), step: new Map(), optionValue: new Map(), qualityControl: new Map(), packing: new Map() };
  const columns = orderColumns(i18n.t.bind(i18n), lookups, fmt);
  storeLogin(2, 'Admin');
  mockFetch(() => [200, {}]);
  const view = renderApp(
    <OrderGrid
      ref={handle}
      lines={{ ids: lines.map((l) => l.id), entities: Object.fromEntries(lines.map((l) => [l.id, l])) }}
      columns={columns}
      onCountChange={() => undefined}
      onQualityControl={() => undefined}
      onApprovePacking={() => undefined}
      onCorrectGram={() => undefined}
      onShip={() => undefined}
      onCorrect={() => undefined}
      onHistory={() => undefined}
      busyLines={[]}
      noMatch="-"
    />,
  );
  return { ...view, columns };
}

test('the grid is made on a page already at the whole width: its screen widens the page only after the grid is made', async () => {
  // AG Grid inserts its own element into the grid's as it is made, and sizes its columns then.
  const wideWhenMade: boolean[] = [];
  const appendChild = Node.prototype.appendChild;
  const append = jest.spyOn(Node.prototype, 'appendChild').mockImplementation(function <T extends Node>(this: Node, child: T): T {
    if (this instanceof Element && this.classList.contains('order-grid')) wideWhenMade.push(document.body.classList.contains('page-wide'));
    return appendChild.call(this, child) as T;
  });
  try {
    const { unmount } = await renderGrid([line(1)]);
    await screen.findByRole('gridcell', { name: 'B2B-000001' });
    expect(wideWhenMade).toEqual([true]);
    unmount();
    expect(document.body.classList.contains('page-wide')).toBe(false);
  } finally {
    append.mockRestore();
  }
});

test('rows are placed by their top, not moved by a transform: the browser paints them together, not each on a layer of its own', async () => {
  await renderGrid([line(2), line(1)]);
  await screen.findByRole('gridcell', { name: 'B2B-000001' });
  const second = document.querySelector<HTMLElement>('.ag-row[row-index="1"]')!;
  expect(second.style.top).toMatch(/^[1-9]\d*px$/);
  expect(second.style.transform).toBe('');
});

test("the grid's handle names the columns shown, in their order, and the rows shown", async () => {
  const handle = createRef<OrderGridHandle>();
  const { columns } = await renderGrid([line(2), line(1, { customer_note: 'acil' })], handle);
  await screen.findByRole('gridcell', { name: 'B2B-000001' });
  // The hidden 'Acil' column is not shown; the buttons, pinned to the right, come last.
  expect(handle.current!.visibleColumns()).toEqual(columns.filter((c) => c.key !== 'urgent').map((c) => c.key));
  expect(handle.current!.visibleRows().map((l) => l.id)).toEqual([2, 1]);
  // The urgent line (its note says so) is marked, the other not.
  const urgent = screen.getAllByRole('row').filter((r) => r.classList.contains('urgent'));
  expect(urgent.length).toBeGreaterThan(0);
  expect(urgent.every((r) => r.getAttribute('row-id') === '1')).toBe(true);
});

test('while the lines arrive the grid shows the first ones and the toolbar says how many of how many, with Turkish thousands', async () => {
  const { store } = openScreen([]);
  // The list stays on its way: its batches are put here as the reading would put them.
  globalThis.fetch = jest.fn((url: string | URL | Request) => (String(url) === API.orders ? new Promise<Response>(() => undefined) : Promise.resolve(jsonResponse(200, LOOKUPS[String(url)] ?? {})))) as typeof fetch;
  act(() => void store.dispatch(linesRequested({ kind: 'all' })));
  act(() => void store.dispatch(linesStreamStarted({ scope: { kind: 'all' }, total: 100_000 })));
  act(() => void store.dispatch(linesBatchLoaded({ scope: { kind: 'all' }, lines: Array.from({ length: 1500 }, (_, i) => line(100_000 - i)), first: true })));
  expect(await screen.findByText('1.500 / 100.000 satır yükleniyor')).toBeInTheDocument();
  expect(await screen.findByText('1.500 / 1.500 satır')).toBeInTheDocument();
  expect(await screen.findByRole('gridcell', { name: 'B2B-00000100000' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Yenile' })).toBeDisabled();
  act(() => void store.dispatch(linesBatchLoaded({ scope: { kind: 'all' }, lines: [line(98_000)], first: false })));
  expect(await screen.findByText('1.501 / 100.000 satır yükleniyor')).toBeInTheDocument();
  act(() => void store.dispatch(linesStreamEnded({ kind: 'all' })));
  await waitFor(() => expect(screen.queryByText(/satır yükleniyor$/)).not.toBeInTheDocument());
  expect(await screen.findByText('1.501 / 1.501 satır')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Yenile' })).toBeEnabled();
});

test('a list asked for as the page starts, before the screen, is let read on once the grid has drawn its first rows', async () => {
  storeLogin(2, 'Admin');
  const lines = Array.from({ length: 9 }, (_, i) => line(9 - i));
  const [header, ...pages] = linePieces(lines, 3);
  const answer = linesAnswer([header + pages[0], ...pages.slice(1)]);
  globalThis.fetch = jest.fn((url: string | URL | Request) => Promise.resolve(String(url) === API.orders ? answer : jsonResponse(200, LOOKUPS[String(url)] ?? {}))) as typeof fetch;
  const store = testStore();
  const dispatched = jest.spyOn(store, 'dispatch');
  // As the router's preload asks for it.
  store.dispatch(linesRequested({ kind: 'all' }, true));
  renderApp(
    <Routes>
      <Route path="/admin/orders" element={<AdminOrdersScreen />} />
    </Routes>,
    '/admin/orders',
    { store },
  );
  expect(await screen.findByRole('gridcell', { name: lines[0].order_number })).toBeInTheDocument();
  await waitFor(() => expect(dispatched).toHaveBeenCalledWith(linesShown({ kind: 'all' })), { timeout: 10_000 });
  expect(await screen.findByText('9 / 9 satır', undefined, { timeout: 10_000 })).toBeInTheDocument();
  expect(answer.reads).toBe(3);
});

test('a live change the action cells show is drawn at once, even where the cell had no button before or after', async () => {
  const { store } = openScreen([line(7, { order_line_status_id: 3 })]);
  const packing = () => document.querySelector<HTMLElement>('.ag-row[row-id="7"] .ag-cell[col-id="packing_action"]')!;
  await waitFor(() => expect(within(packing()).getByRole('img', { name: 'Kalite kontrol bekleniyor' })).toBeInTheDocument());
  // Quality control approved elsewhere: at packing, without a gram yet.
  act(() => void store.dispatch(linesChanged({ lines: [line(7, { order_line_status_id: 4, quality_control_id: 1 })], gone: [] })));
  await waitFor(() => expect(within(packing()).getByRole('img', { name: 'Önce gram girilmeli' })).toBeInTheDocument());
  act(() => void store.dispatch(linesChanged({ lines: [line(7, { order_line_status_id: 4, quality_control_id: 1, product_gram: 4 })], gone: [] })));
  await waitFor(() => expect(within(packing()).getByRole('button', { name: 'Paketleme Onayı' })).toBeEnabled());
});

test('a restored state names every filter in force, wherever its column is, and Temizle shows every row again', async () => {
  const saved = { grid: { filter: { filterModel: { cancel_reason: { filterType: 'text', type: 'contains', filter: 'müşteri' } } } }, quickFilter: 'istanbul' };
  const { calls } = openScreen(
    [line(1, { cancel_reason: 'Müşteri vazgeçti', canceled_at: '2026-11-21T10:30:00.000Z' }), line(2), line(3, { city: 'Ankara' })],
    (method, url) => (method === 'GET' && url === API.gridViews('orders') ? [200, { current: saved, views: [] }] : undefined),
  );
  expect(await screen.findByText('1 / 3 satır', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Görünüm' })).toHaveDisplayValue('Görünüm seçin');
  expect(screen.getByText('2 filtre uygulanmış: İptal Nedeni, arama “istanbul”')).toBeInTheDocument();
  const clear = screen.getByRole('button', { name: 'Tüm filtreleri temizle' });
  expect(clear).toHaveTextContent('Temizle');
  fireEvent.click(clear);
  expect(await screen.findByText('3 / 3 satır', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.queryByText(/filtre uygulanmış/)).toBeNull();
  expect(screen.getByRole('searchbox', { name: 'Tüm sütunlarda ara' })).toHaveValue('');
  // The cleared state is what the grid opens with next time.
  await waitFor(
    () => {
      const last = calls.filter((c) => c.method === 'PUT' && c.url === API.gridViewsCurrent('orders')).at(-1)?.body as { state: { grid: { filter?: unknown; columnOrder?: unknown }; quickFilter?: string } } | undefined;
      expect(last?.state.grid.filter).toBeUndefined();
      expect(last?.state.quickFilter ?? '').toBe('');
      expect(last?.state.grid.columnOrder).toBeDefined();
    },
    { timeout: 5_000 },
  );
}, 30_000);

test('a view changed since it was chosen says so in the view menu, and its built-in rows are named as a filter', async () => {
  openScreen([line(1), line(2, { order_line_status_id: 4 }), line(3, { order_line_status_id: 4, city: 'Ankara' })]);
  const menu = await screen.findByRole('combobox', { name: 'Görünüm' });
  fireEvent.change(menu, { target: { value: 'builtIn:packing' } });
  expect(await screen.findByText('2 / 3 satır', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(menu).toHaveDisplayValue('Paketleme bekleyen');
  expect(screen.getByText('1 filtre uygulanmış: görünüm “Paketleme bekleyen”')).toBeInTheDocument();
  fireEvent.change(screen.getByRole('searchbox', { name: 'Tüm sütunlarda ara' }), { target: { value: 'ankara' } });
  expect(await screen.findByText('1 / 3 satır', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(menu).toHaveDisplayValue('Paketleme bekleyen (değiştirildi)');
  expect(screen.getByText('2 filtre uygulanmış: görünüm “Paketleme bekleyen”, arama “ankara”')).toBeInTheDocument();
}, 30_000);

test("a layout saved before the 'Ürün' column existed opens with it after 'Sipariş No'", async () => {
  const i18n = createI18n('tr');
  const keys = orderColumns(i18n.t.bind(i18n), { status: new Map(), step: new Map(), optionValue: new Map(), qualityControl: new Map(), packing: new Map() }, { money: String, number: String, gram: String, date: String })
    .map((c) => c.key)
    .filter((key) => key !== 'product');
  // Saved with 'Ad' moved first.
  const orderedColIds = ['first_name', ...keys.filter((key) => key !== 'first_name')];
  openScreen([line(1, { product_title: 'Seri Yüzük' })], (method, url) =>
    method === 'GET' && url === API.gridViews('orders') ? [200, { current: { grid: { columnOrder: { orderedColIds } } }, views: [] }] : undefined,
  );
  await screen.findByRole('gridcell', { name: 'Seri Yüzük' });
  const index = (name: string) => Number(screen.getByRole('columnheader', { name }).getAttribute('aria-colindex'));
  expect([index('Ad'), index('Fotoğraf'), index('Sipariş No'), index('Ürün')]).toEqual([1, 2, 3, 4]);
});
