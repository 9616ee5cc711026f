import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { API, type OrderLineDto } from '../../../shared/api';
import { jsonResponse, mockFetch, renderApp, storeLogin } from '../../test-utils';
import AdminOrdersScreen from './AdminOrdersScreen';
import { failOnConsoleErrors, line, LOOKUPS, openScreen } from '../../../../test/orders-screen';

failOnConsoleErrors();

test('loading, then the empty sentence', async () => {
  openScreen([]);
  expect(screen.getByText('Yükleniyor...')).toBeInTheDocument();
  expect(await screen.findByText('Hiç sipariş bulunamadı.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: "Excel'e Aktar" })).toBeDisabled();
});

test('a load failure shows the server sentence', async () => {
  openScreen([], (_m, url) => (url === API.orders ? [500, { error: 'Sunucu hatası', code: 'INTERNAL' }] : undefined));
  expect(await screen.findByText('Siparişler yüklenirken hata oluştu: Sunucu hatası')).toBeInTheDocument();
});

jest.setTimeout(30_000);

test('quality control: rejecting needs a return step and takes a reason, then the row changes in place', async () => {
  const waiting = line(3, { order_line_status_id: 3, current_order_line_process: 6, customer_note: 'ACİL' });
  const { calls } = openScreen([line(1), waiting], (method, url, body) => {
    if (method === 'PUT' && url === API.qualityStatus(3)) {
      const rejected = { ...waiting, order_line_status_id: 2, current_order_line_process: (body as { return_step_id: number }).return_step_id, quality_control_id: 2 };
      return [200, { order: rejected, message: 'Kalite kontrol reddedildi. Ürün Döküm adımına geri döndürüldü.' }];
    }
    return undefined;
  });
  expect(await screen.findByText('2 / 2 satır')).toBeInTheDocument();
  // The rows render after the count (the grid is mounted while the lines are on their way).
  await waitFor(() => expect(screen.getAllByRole('row').find((r) => r.textContent?.includes('B2B-000003') && r.classList.contains('urgent'))).toBeDefined());
  // Only the line in quality control has the button; the other line's cell says why it has none.
  const qualityButtons = await screen.findAllByRole('button', { name: 'Kalite Kontrol' });
  expect(qualityButtons).toHaveLength(1);
  const whyNot = document.querySelector<HTMLElement>('.ag-row[row-id="1"] .ag-cell[col-id="quality_action"]')!;
  expect(within(whyNot).getByRole('img', { name: 'Üretim sürüyor' })).toHaveAttribute('title', 'Üretim sürüyor');
  fireEvent.click(qualityButtons[0]);

  const dialog = await screen.findByRole('dialog', { name: 'Kalite Kontrol Durumu' });
  expect(within(dialog).getByText('Belirlenmemiş')).toBeInTheDocument();
  const save = within(dialog).getByRole('button', { name: 'Kaydet' });
  expect(save).toBeDisabled();
  fireEvent.change(within(dialog).getByLabelText('Durum'), { target: { value: 'rejected' } });
  expect(save).toBeDisabled();
  const stepSelect = within(dialog).getByLabelText('Hangi Üretim Adımına Geri Dönülsün?');
  await within(stepSelect).findByRole('option', { name: 'Döküm' });
  fireEvent.change(stepSelect, { target: { value: '5' } });
  // The reason is the admin's; left empty, the server keeps the sentence the field shows.
  const reason = within(dialog).getByLabelText('Red gerekçesi (isteğe bağlı)');
  expect(reason).toHaveAttribute('placeholder', 'Kalite kontrol reddedildi');
  expect(reason).toHaveAccessibleDescription('Gerekçe satırın geçmişine ve değişiklik kaydına yazılır; boş bırakılırsa “Kalite kontrol reddedildi” yazılır.');
  fireEvent.change(reason, { target: { value: '  Taş düştü ' } });
  fireEvent.click(save);

  expect(await screen.findByText('Kalite kontrol reddedildi. Ürün Döküm adımına geri döndürüldü.')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ approved: false, reason: 'Taş düştü', return_step_id: 5 });
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Kalite Kontrol' })).not.toBeInTheDocument());
  expect(calls.filter((c) => c.url === API.orders)).toHaveLength(1);
});

/* The steps as the server marks them: built-in 'Kesim' renamed, 'Cila' also the name of an office step, not in process order. */
const STEPS_WITH_BUILT_IN = {
  production_steps: [
    { id: 5, step_name: 'Döküm', built_in: null },
    { id: 11, step_name: 'Kalite Kontrol', built_in: 'qualityControl' },
    { id: 12, step_name: 'Kesme', built_in: 'cutting' },
    { id: 13, step_name: 'Cila', built_in: null },
    { id: 14, step_name: 'Kaynak', built_in: 'welding' },
    { id: 15, step_name: 'Cila', built_in: 'polishing' },
  ],
};

test.each([
  ['has none', [200, { product_production_steps: [] }], false],
  ['failed to load', [500, { error: 'Sunucu hatası', code: 'INTERNAL' }], true],
] as Array<[string, [number, unknown], boolean]>)(
  'quality control of a product whose routing %s offers the built-in steps, found by key, under their current names',
  async (_case, routing, hinted) => {
    const waiting = line(3, { product_id: 8, order_line_status_id: 3, current_order_line_process: 11 });
    openScreen([waiting], (_method, url) => (url === API.productionSteps ? [200, STEPS_WITH_BUILT_IN] : url === API.productionProcess(8) ? routing : undefined));
    fireEvent.click(await screen.findByRole('button', { name: 'Kalite Kontrol' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kalite Kontrol Durumu' });
    fireEvent.change(within(dialog).getByLabelText('Durum'), { target: { value: 'rejected' } });
    const stepSelect = within(dialog).getByLabelText('Hangi Üretim Adımına Geri Dönülsün?');
    await within(stepSelect).findByRole('option', { name: 'Kesme' });
    expect(within(stepSelect).getAllByRole('option').map((option) => [(option as HTMLOptionElement).value, option.textContent])).toEqual([
      ['', 'Üretim Adımı Seçin'],
      ['12', 'Kesme'],
      ['14', 'Kaynak'],
      ['15', 'Cila'],
      ['11', 'Kalite Kontrol'],
    ]);
    expect(within(dialog).queryByText('Ürünün üretim adımları alınamadı; varsayılan adımlar gösteriliyor.') !== null).toBe(hinted);
  },
);

test('quality control: a rejection without a reason sends none, and an approval never one', async () => {
  const waiting = [line(3, { order_line_status_id: 3, current_order_line_process: 6 }), line(4, { order_line_status_id: 3, current_order_line_process: 6 })];
  const { calls } = openScreen(waiting, (method, url, body) => {
    const id = [3, 4].find((n) => url === API.qualityStatus(n));
    if (method !== 'PUT' || id === undefined) return undefined;
    const decided = (body as { approved: boolean }).approved ? { order_line_status_id: 4, quality_control_id: 1 } : { order_line_status_id: 2, current_order_line_process: 5, quality_control_id: 2 };
    return [200, { order: { ...waiting.find((l) => l.id === id), ...decided }, message: 'Kaydedildi' }];
  });
  const decide = async (id: number, choose: (dialog: HTMLElement) => Promise<void>) => {
    await waitFor(() => expect(document.querySelector(`.ag-row[row-id="${id}"] .ag-cell[col-id="quality_action"] button`)).toBeEnabled());
    fireEvent.click(document.querySelector(`.ag-row[row-id="${id}"] .ag-cell[col-id="quality_action"] button`)!);
    const dialog = await screen.findByRole('dialog', { name: 'Kalite Kontrol Durumu' });
    await choose(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  };
  await decide(3, async (dialog) => {
    fireEvent.change(within(dialog).getByLabelText('Durum'), { target: { value: 'rejected' } });
    const stepSelect = within(dialog).getByLabelText('Hangi Üretim Adımına Geri Dönülsün?');
    await within(stepSelect).findByRole('option', { name: 'Döküm' });
    fireEvent.change(stepSelect, { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('Red gerekçesi (isteğe bağlı)'), { target: { value: '   ' } });
  });
  await decide(4, async (dialog) => {
    fireEvent.change(within(dialog).getByLabelText('Durum'), { target: { value: 'approved' } });
    expect(within(dialog).queryByLabelText('Red gerekçesi (isteğe bağlı)')).toBeNull();
  });
  expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
    [API.qualityStatus(3), { approved: false, reason: '', return_step_id: 5 }],
    [API.qualityStatus(4), { approved: true, reason: '', return_step_id: null }],
  ]);
});

const HISTORY = [
  { id: 1, action: 'next_step', from_status: 1, to_status: 2, from_step: -1, to_step: 5, detail: null, created_at: '2026-11-20T09:00:00.000Z', user_id: 8, username: 'usta', role_id: 3 },
  { id: 2, action: 'quality_reject', from_status: 3, to_status: 2, from_step: 6, to_step: 5, detail: 'Taş düştü', created_at: '2026-11-20T10:00:00.000Z', user_id: 7, username: 'admin', role_id: 2 },
  { id: 3, action: 'cancel', from_status: 2, to_status: 2, from_step: 5, to_step: 5, detail: 'customer', created_at: '2026-11-20T11:00:00.000Z', user_id: null, username: null, role_id: null },
];

test("a line's history opens from its row in a panel: loading, then who, when, from where to where and why; an empty or refused history says so", async () => {
  let answer: (history: unknown) => void = () => undefined;
  const first = new Promise((resolve) => (answer = resolve));
  const lines = [line(3, { order_line_status_id: 2, current_order_line_process: 5 }), line(4), line(5)];
  storeLogin(2, 'Admin');
  globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
    const path = String(url);
    const [status, body] =
      path === API.lineHistory(3)
        ? [200, await first]
        : path === API.lineHistory(4)
          ? [200, { history: [] }]
          : path === API.lineHistory(5)
            ? [500, { error: 'Sunucu hatası', code: 'INTERNAL' }]
            : path === API.orders
              ? [200, { orders: lines }]
              : [200, LOOKUPS[path] ?? {}];
    return jsonResponse(status, body);
  }) as typeof fetch;
  renderApp(
    <Routes>
      <Route path="/admin/orders" element={<AdminOrdersScreen />} />
    </Routes>,
    '/admin/orders',
  );
  const open = async (id: number) => {
    fireEvent.click(await screen.findByRole('button', { name: `Geçmiş: satır #${id}` }));
    return screen.findByRole('dialog', { name: `Satır Geçmişi #${id}` });
  };
  let dialog = await open(3);
  expect(within(dialog).getByText('B2B-000003')).toBeInTheDocument();
  expect(within(dialog).getByRole('status')).toHaveTextContent('Yükleniyor...');
  answer({ history: HISTORY });
  const table = await within(dialog).findByRole('table', { name: 'Geçmiş' });
  expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Tarih', 'Kullanıcı', 'İşlem', 'Değişiklik', 'Gerekçe']);
  const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').slice(1).map((cell) => cell.textContent));
  expect(rows).toEqual([
    ['usta', 'Sonraki adım', 'Daha başlamadı → Döküm', '-'],
    ['admin', 'Kalite kontrol reddi', 'Cila → Döküm', 'Taş düştü'],
    ['Sistem', 'İptal', '-', 'customer'],
  ]);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Kapat' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  dialog = await open(4);
  expect(await within(dialog).findByText('Bu satır için henüz kayıt yok.')).toBeInTheDocument();
  fireEvent.keyDown(document, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  dialog = await open(5);
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Sunucu hatası');
  expect(within(dialog).queryByRole('table')).toBeNull();
});

test('a refused packing approval says why, after the section 8 prefix', async () => {
  openScreen([line(4, { order_line_status_id: 4, product_gram: 5 })], (method, url) =>
    method === 'PUT' && url === API.approveShipping(4) ? [409, { error: 'Satır değişti.', code: 'LINE_CHANGED' }] : undefined,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Paketleme Onayı' }));
  fireEvent.click(within(await screen.findByRole('dialog', { name: 'Paketleme Onayı' })).getByRole('button', { name: 'Onayla' }));
  expect(await screen.findByText('Paketleme onayı verilirken hata oluştu: Satır değişti.')).toBeInTheDocument();
});

test.each(['en', 'tr'])("a life-cycle refusal is told in the reader's language (%s), the server's reason by its key", async (language) => {
  const refused = { error: 'Sipariş satırı bu arada değişti; lütfen yenileyip tekrar deneyin.', code: 'LINE_CHANGED', message: { key: 'errors:lineChanged', values: {} } };
  const { t } = openScreen([line(4, { order_line_status_id: 4, product_gram: 5 })], (method, url) => (method === 'PUT' && url === API.approveShipping(4) ? [409, refused] : undefined), language);
  fireEvent.click(await screen.findByRole('button', { name: t('orders:packingAction') }));
  fireEvent.click(within(await screen.findByRole('dialog', { name: t('orders:packingConfirm.title') })).getByRole('button', { name: t('orders:packingConfirm.yes') }));
  expect(await screen.findByText(t('orders:packingFailed', { reason: t('errors:lineChanged') }))).toBeInTheDocument();
  if (language !== 'tr') expect(screen.queryByText(refused.error, { exact: false })).toBeNull();
});

test("a tracking number typed into a packed line's tracking cell hands the order to the carrier; an empty one is refused here", async () => {
  const packed = line(5, { order_line_status_id: 5, packing_status_id: 2, product_gram: 4 });
  const { calls } = openScreen([packed, line(6)], (method, url) =>
    method === 'PUT' && url === API.shipment(5)
      ? [200, { order: { ...packed, packing_status_id: 3, shipment_tracking_number: 'YK-1' }, message: 'Kargoya verildi: 1 parça, takip numarası YK-1.' }]
      : undefined,
  );
  await screen.findByRole('gridcell', { name: 'B2B-000005' });
  const cell = (id: number) => document.querySelector(`.ag-row[row-id="${id}"] .ag-cell[col-id="shipment_tracking_number"]`) as HTMLElement;
  // The keyboard way into a cell's editor: the cell has the focus, Enter opens it.
  const edit = (id: number) => {
    cell(id).focus();
    fireEvent.keyDown(cell(id), { key: 'Enter' });
  };
  const type = async (id: number, text: string) => {
    edit(id);
    const editor = await waitFor(() => within(cell(id)).getByRole('textbox'));
    fireEvent.input(editor, { target: { value: text } });
    fireEvent.keyDown(editor, { key: 'Enter' });
  };
  // A line that is not packed has no editor.
  edit(6);
  expect(within(cell(6)).queryByRole('textbox')).toBeNull();
  await type(5, '   ');
  expect(await screen.findByText('Kargo takip numarası gereklidir.')).toBeInTheDocument();
  expect(calls.some((c) => c.url === API.shipment(5))).toBe(false);
  await type(5, ' YK-1 ');
  expect(await screen.findByText('Kargoya verildi: 1 parça, takip numarası YK-1.')).toBeInTheDocument();
  expect(calls.find((c) => c.url === API.shipment(5))).toMatchObject({ method: 'PUT', body: { shipment_tracking_number: 'YK-1' } });
  await waitFor(() => expect(cell(5)).toHaveTextContent('YK-1'));
}, 30_000);

test('the admin moves a line back to an earlier step with a reason, or cancels its order; only what the life cycle allows is offered', async () => {
  const atPolish = line(3, { order_line_status_id: 2, current_order_line_process: 6 });
  const { calls } = openScreen([atPolish, line(4, { order_line_status_id: 5, packing_status_id: 2, product_gram: 4, order_id: 2 })], (method, url) => {
    if (method === 'PUT' && url === API.stepBack(3)) return [200, { order: { ...atPolish, current_order_line_process: 5 }, message: 'Satır Döküm adımına geri alındı.' }];
    if (method === 'PUT' && url === API.cancelOrder(1)) return [200, { canceled: [3], orders: [{ ...atPolish, canceled_at: '2026-11-21T09:00:00.000Z', cancel_reason: 'Vazgeçildi' }], message: 'Siparişin 1 satırı iptal edildi.' }];
    return undefined;
  });
  await screen.findByRole('gridcell', { name: 'B2B-000003' });
  // A completed line has nothing left to correct: its cell says so.
  await waitFor(() => expect(within(document.querySelector<HTMLElement>('.ag-row[row-id="4"] .ag-cell[col-id="correct_action"]')!).getByRole('img', { name: 'Tamamlandı' })).toBeInTheDocument());
  fireEvent.click(screen.getByRole('button', { name: 'Düzelt' }));
  let dialog = await screen.findByRole('dialog', { name: 'Satırı Düzelt' });
  const stepSelect = within(dialog).getByLabelText('Geri alınacak adım');
  // Only the steps before the current one (Cila) are offered.
  await within(stepSelect).findByRole('option', { name: 'Döküm' });
  expect(within(stepSelect).getAllByRole('option').map((option) => option.textContent)).toEqual(['Adım seçin', 'Döküm']);
  fireEvent.change(stepSelect, { target: { value: '5' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Adıma geri al' }));
  expect(await within(dialog).findByText('Lütfen bir gerekçe yazın.')).toBeInTheDocument();
  expect(calls.some((c) => c.url === API.stepBack(3))).toBe(false);
  fireEvent.change(within(dialog).getByLabelText('Gerekçe'), { target: { value: ' Taş eksik ' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Adıma geri al' }));
  expect(await screen.findByText('Satır Döküm adımına geri alındı.')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(calls.find((c) => c.url === API.stepBack(3))).toMatchObject({ method: 'PUT', body: { step_id: 5, reason: 'Taş eksik' } });

  // The whole order, once the line has settled: the dialog says how many open lines it cancels; the answer's lines replace the rows.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Düzelt' })).toBeEnabled(), { timeout: 5000 });
  fireEvent.click(screen.getByRole('button', { name: 'Düzelt' }));
  dialog = await screen.findByRole('dialog', { name: 'Satırı Düzelt' });
  fireEvent.click(within(dialog).getByLabelText('Siparişin açık satırlarının hepsini iptal et'));
  expect(within(dialog).getByText('Siparişin 1 açık satırı iptal edilecek.')).toBeInTheDocument();
  fireEvent.change(within(dialog).getByLabelText('Gerekçe'), { target: { value: 'Vazgeçildi' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Siparişi iptal et' }));
  expect(await screen.findByText('Siparişin 1 satırı iptal edildi.')).toBeInTheDocument();
  expect(calls.find((c) => c.url === API.cancelOrder(1))).toMatchObject({ method: 'PUT', body: { reason: 'Vazgeçildi' } });
  await waitFor(() => expect(within(document.querySelector<HTMLElement>('.ag-row[row-id="3"] .ag-cell[col-id="correct_action"]')!).getByRole('img', { name: 'İptal edildi' })).toBeInTheDocument());
});

test('a canceled line reads İptal edildi in the status column, its filter and the quick filter find it, and it offers no action, its gram no edit', async () => {
  openScreen([
    line(1, { order_line_status_id: 4, current_order_line_process: 6, product_gram: 4.2, canceled_at: '2026-11-21T10:30:00.000Z', cancel_reason: 'Müşteri vazgeçti' }),
    line(2, { order_line_status_id: 4, current_order_line_process: 6, product_gram: 5 }),
  ]);
  expect(await screen.findByText('2 / 2 satır')).toBeInTheDocument();
  const cellOf = (id: number, column: string) => document.querySelector(`.ag-row[row-id="${id}"] .ag-cell[col-id="${column}"]`) as HTMLElement;
  await waitFor(() => expect(cellOf(1, 'status')).toHaveTextContent(/^İptal edildi$/));
  expect(cellOf(2, 'status')).toHaveTextContent('Paketleme');
  for (const column of ['quality_action', 'packing_action', 'correct_action', 'product_gram']) expect(within(cellOf(1, column)).queryByRole('button')).toBeNull();
  expect(within(cellOf(2, 'packing_action')).getByRole('button')).toBeInTheDocument();

  const statusFilter = await screen.findByRole('textbox', { name: /^Durum/ });
  fireEvent.input(statusFilter, { target: { value: 'İPTAL' } });
  expect(await screen.findByText('1 / 2 satır', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByRole('gridcell', { name: 'B2B-000001' })).toBeInTheDocument();
  fireEvent.input(statusFilter, { target: { value: '' } });
  expect(await screen.findByText('2 / 2 satır', {}, { timeout: 10_000 })).toBeInTheDocument();
  fireEvent.change(screen.getByRole('searchbox', { name: 'Tüm sütunlarda ara' }), { target: { value: 'iptal edildi' } });
  expect(await screen.findByText('1 / 2 satır', {}, { timeout: 10_000 })).toBeInTheDocument();
}, 30_000);

test('a weighed gram has a visible edit button that opens its editor, which shows the gram it will save; a received one says it is final', async () => {
  openScreen([line(4, { order_line_status_id: 4, product_gram: 5 }), line(5), line(6, { order_line_status_id: 4, product_gram: 7, metal_received_at: '2026-11-20T10:00:00.000Z' })]);
  await screen.findByRole('gridcell', { name: 'B2B-000004' });
  const gramCell = (id: number) => document.querySelector(`.ag-row[row-id="${id}"] .ag-cell[col-id="product_gram"]`) as HTMLElement;
  await waitFor(() => expect(gramCell(6)).toBeTruthy());
  expect(within(gramCell(5)).queryByRole('button')).toBeNull();
  expect(within(gramCell(6)).queryByRole('button')).toBeNull();
  expect(within(gramCell(6)).getByRole('img', { name: 'Maden defterine alındı' })).toBeInTheDocument();
  expect(within(gramCell(4)).queryByRole('img')).toBeNull();
  fireEvent.click(await within(gramCell(4)).findByRole('button', { name: 'Gramı düzelt' }));
  const editor = await screen.findByRole('textbox', { name: 'Gramı düzelt' });
  expect(editor).toHaveValue('5');
  fireEvent.change(editor, { target: { value: '5.125' } });
  expect(await screen.findByText('Kaydedilecek: 5,125 g')).toBeInTheDocument();
  fireEvent.change(editor, { target: { value: '1.234,5' } });
  expect(screen.getByRole('alert')).toHaveTextContent('Ağırlıkta binlik ayırıcı yazılmaz; nokta da virgül de ondalık ayırıcıdır: 1234,5 yazın.');
});

test("a gram far from the piece's expected weight is asked about before it is sent; beyond the hard bound it is refused here", async () => {
  const weighed = line(4, { order_line_status_id: 4, product_gram: 2.1, expected_weight: 2 });
  const settings = { currency: 'TRY', time_zone: 'Europe/Istanbul', gram_confirm_percent: 50, gram_max_factor: 10 };
  const { calls } = openScreen([weighed], (method, url, body) => {
    if (url === API.generalSettings) return [200, { settings }];
    return method === 'PUT' && url === API.correctGram(4) ? [200, { order: { ...weighed, product_gram: (body as { product_gram: number }).product_gram }, message: 'Gram değeri başarıyla güncellendi!' }] : undefined;
  });
  await screen.findByRole('gridcell', { name: 'B2B-000004' });
  const cell = () => document.querySelector('.ag-row[row-id="4"] .ag-cell[col-id="product_gram"]') as HTMLElement;
  const type = async (text: string) => {
    // The last editor gone first: typed into while it closes, the text would reach no grid.
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Gramı düzelt' })).toBeNull());
    fireEvent.click(await within(cell()).findByRole('button', { name: 'Gramı düzelt' }));
    const editor = await screen.findByRole('textbox', { name: 'Gramı düzelt' });
    fireEvent.input(editor, { target: { value: text } });
    fireEvent.keyDown(editor, { key: 'Enter' });
  };
  const sent = () => calls.filter((c) => c.url === API.correctGram(4));

  await type('99999');
  expect(await screen.findByText('Girilen gram (99.999 g) bu parça için kabul edilemez: en fazla 20 g girilebilir.')).toBeInTheDocument();
  await type('3,5');
  let dialog = await screen.findByRole('dialog', { name: 'Gramı onaylayın' });
  expect(within(dialog).getByText('Girilen gram (3,5 g) beklenen ağırlıktan (2 g) çok farklı. Tartıyı ve virgülü kontrol edin; doğruysa kaydetmek için onaylayın.')).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Vazgeç' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(sent()).toEqual([]);

  await type('3,5');
  dialog = await screen.findByRole('dialog', { name: 'Gramı onaylayın' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Evet, kaydet' }));
  expect(await screen.findByText('Gram değeri başarıyla güncellendi!')).toBeInTheDocument();
  expect(sent()).toEqual([expect.objectContaining({ method: 'PUT', body: { product_gram: 3.5, gram_confirmed: true } })]);
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('the server asks about a gram the screen took (its settings changed meanwhile): confirmed, the gram is sent again with the yes', async () => {
  const weighed = line(4, { order_line_status_id: 4, product_gram: 2.1, expected_weight: 2 });
  const question = {
    error: 'Girilen gram (2,9 g) beklenen ağırlıktan (2 g) çok farklı. Tartıyı ve virgülü kontrol edin; doğruysa kaydetmek için onaylayın.',
    code: 'GRAM_CONFIRM',
    message: { key: 'errors:gramConfirm', values: { gram: '2,9 g', expected: '2 g' } },
  };
  const { calls } = openScreen([weighed], (method, url, body) => {
    if (method !== 'PUT' || url !== API.correctGram(4)) return undefined;
    return (body as { gram_confirmed?: boolean }).gram_confirmed ? [200, { order: { ...weighed, product_gram: 2.9 }, message: 'Gram değeri başarıyla güncellendi!' }] : [409, question];
  });
  await screen.findByRole('gridcell', { name: 'B2B-000004' });
  const cell = () => document.querySelector('.ag-row[row-id="4"] .ag-cell[col-id="product_gram"]') as HTMLElement;
  fireEvent.click(await within(cell()).findByRole('button', { name: 'Gramı düzelt' }));
  const editor = await screen.findByRole('textbox', { name: 'Gramı düzelt' });
  fireEvent.input(editor, { target: { value: '2,9' } });
  fireEvent.keyDown(editor, { key: 'Enter' });
  const dialog = await screen.findByRole('dialog', { name: 'Gramı onaylayın' });
  expect(within(dialog).getByText(question.error)).toBeInTheDocument();
  // The question is the dialog's, not a failure above the grid.
  expect(screen.queryByText(/Gram güncellenirken hata oluştu/)).toBeNull();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Evet, kaydet' }));
  expect(await screen.findByText('Gram değeri başarıyla güncellendi!')).toBeInTheDocument();
  expect(calls.filter((c) => c.url === API.correctGram(4)).map((c) => c.body)).toEqual([{ product_gram: 2.9 }, { product_gram: 2.9, gram_confirmed: true }]);
  await waitFor(() => expect(cell()).toHaveTextContent('2,9 g'));
});


/** The office's read-only grid at /office/orders. */
function openOffice(orders: OrderLineDto[]) {
  storeLogin(4, 'Ofis');
  const calls = mockFetch((_method, url) => (url === API.orders ? [200, { orders }] : [200, LOOKUPS[url] ?? {}]));
  const view = renderApp(
    <Routes>
      <Route path="/office/orders" element={<AdminOrdersScreen readOnly />} />
    </Routes>,
    '/office/orders',
  );
  return { ...view, calls };
}

test('the office sees every line read-only: no quality control or packing buttons, no gram typed in', async () => {
  const { calls } = openOffice([line(1), line(3, { order_line_status_id: 3, current_order_line_process: 6 }), line(4, { order_line_status_id: 4, product_gram: 5 })]);
  expect(await screen.findByText('3 / 3 satır')).toBeInTheDocument();
  await screen.findByRole('gridcell', { name: 'B2B-000003' });
  expect(screen.queryByRole('button', { name: 'Kalite Kontrol' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Paketleme Onayı' })).not.toBeInTheDocument();
  expect(screen.queryByRole('columnheader', { name: /Paketleme Onayı/ })).not.toBeInTheDocument();
  // A line's history is the office's to read too.
  fireEvent.click(screen.getByRole('button', { name: 'Geçmiş: satır #3' }));
  await screen.findByRole('dialog', { name: 'Satır Geçmişi #3' });
  await waitFor(() => expect(calls.some((c) => c.url === API.lineHistory(3))).toBe(true));
  fireEvent.click(screen.getByRole('button', { name: 'Kapat' }));
  fireEvent.doubleClick(await screen.findByRole('gridcell', { name: '5 g' }));
  expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
  // Exports and the quick filter stay; nothing but reads went to the server.
  expect(screen.getByRole('button', { name: "Excel'e Aktar" })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'CSV olarak dışa aktar' })).toBeEnabled();
  expect(calls.every((c) => c.method === 'GET')).toBe(true);
});

test("the quality-control window shows the piece: its product by name, photo, option values, gram and the line's recent history", async () => {
  const waiting = line(3, { order_line_status_id: 3, current_order_line_process: 6, product_title: 'Seri Yüzük', product_picture_url: '/p/yuzuk.jpg', product_gram: 4.25 });
  openScreen([waiting], (method, url) => (method === 'GET' && url === API.lineHistory(3) ? [200, { history: HISTORY.slice(0, 1) }] : undefined));
  fireEvent.click(await screen.findByRole('button', { name: 'Kalite Kontrol' }));
  const dialog = await screen.findByRole('dialog', { name: 'Kalite Kontrol Durumu' });
  const fact = (name: string) => within(dialog).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
  expect(fact('Ürün')).toBe('Seri Yüzük');
  expect(within(dialog).getByRole('img', { name: 'Seri Yüzük' })).toHaveAttribute('src', '/p/yuzuk.jpg');
  expect(fact('Materyal')).toBe('Altın');
  // An option the piece does not have is not listed.
  expect(within(dialog).queryByText('Renk', { selector: 'dt' })).toBeNull();
  expect(fact('Gram')).toBe('4,25 g');
  expect(within(dialog).getByRole('heading', { name: 'Son hareketler' })).toBeInTheDocument();
  const history = await within(dialog).findByRole('table', { name: 'Geçmiş' });
  expect(within(history).getByText('Daha başlamadı → Döküm')).toBeInTheDocument();
});

test("'Paketleme Onayı' asks first, naming the line: Escape leaves it unsent, Enter approves", async () => {
  const atPacking = line(4, { order_line_status_id: 4, product_gram: 5, product_title: 'Seri Yüzük' });
  const { calls } = openScreen([atPacking], (method, url) =>
    method === 'PUT' && url === API.approveShipping(4) ? [200, { order: { ...atPacking, order_line_status_id: 5, packing_status_id: 2 }, message: 'Paketleme onayı başarıyla verildi!' }] : undefined,
  );
  const ask = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Paketleme Onayı' }));
    return screen.findByRole('dialog', { name: 'Paketleme Onayı' });
  };
  let dialog = await ask();
  expect(dialog).toHaveTextContent('Satır #4 (B2B-000004 · Seri Yüzük) paketlendi olarak onaylansın mı?');
  fireEvent.keyDown(document, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(calls.some((c) => c.url === API.approveShipping(4))).toBe(false);

  dialog = await ask();
  fireEvent.keyDown(dialog, { key: 'Enter' });
  expect(await screen.findByText('Paketleme onayı başarıyla verildi!')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(calls.filter((c) => c.url === API.approveShipping(4))).toMatchObject([{ method: 'PUT' }]);
});
