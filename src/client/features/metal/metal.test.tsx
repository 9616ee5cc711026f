import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API } from '../../../shared/api';
import type { RefiningLotDto, StatementDto, VoucherDto } from '../../../shared/metal-api';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import { RoleDashboard } from '../dashboard/dashboards';
import { voucherHeard } from '../live';
import MetalScreen from './MetalScreen';

const PURITIES = [
  { id: 1, metal: 'gold', ayar: 22, milyem: 916, updated_at: '2026-11-01T00:00:00.000Z' },
  { id: 2, metal: 'gold', ayar: 18, milyem: 750, updated_at: '2026-11-01T00:00:00.000Z' },
  { id: 3, metal: 'silver', ayar: null, milyem: 925, updated_at: '2026-11-01T00:00:00.000Z' },
];
const BALANCES = [{ workshop_id: 4, workshop_name: 'Usta Ali', fine_g: '49.1361', oldest_pending_date: '2026-11-12', overdue_pieces: 1, pieces_to_receive: 3 }];

const voucher = (over: Partial<VoucherDto> = {}): VoucherDto => ({
  id: 10,
  type: 'issue',
  number: 'MC-000010',
  workshop_id: 4,
  date: '2026-11-02',
  note: null,
  reverses_id: null,
  settles_id: null,
  status: 'pending',
  dispute_reason: null,
  created_by: 2,
  created_at: '2026-11-02T08:00:00.000Z',
  decided_by: null,
  decided_at: null,
  above_norm: false,
  loss_g: null,
  loss_per_mille: null,
  norm_per_mille: null,
  lines: [{ id: 1, voucher_id: 10, kind: 'raw', metal: 'gold', milyem: 916, order_product_id: null, step_id: null, gross_g: '100.000', stone_ct: '0.00', stone_g: '0.000', other_g: '0.000', net_g: '100.000', fine_g: '91.6000' }],
  ...over,
});

const STATEMENT: StatementDto = {
  workshop_id: 4,
  workshop_name: 'Usta Ali',
  from: null,
  to: null,
  opening_fine_g: '0.0000',
  closing_fine_g: '49.1361',
  entries: [
    { id: 1, date: '2026-11-02', voucher_id: 10, number: 'MC-000010', type: 'issue', reverses_id: null, metal: 'gold', milyem: 916, net_g: '100.000', fine_g: '91.6000', balance_fine_g: '91.6000' },
    { id: 2, date: '2026-11-10', voucher_id: 11, number: 'MG-000011', type: 'receipt', reverses_id: null, metal: 'gold', milyem: 916, net_g: '-46.375', fine_g: '-42.4639', balance_fine_g: '49.1361' },
  ],
  by_milyem: [{ metal: 'gold', milyem: 916, net_g: '53.625', fine_g: '49.1361' }],
};

/** The office's reads answered; `more` answers the rest first. */
function serve(more: (method: string, url: string, body: unknown) => [number, unknown] | undefined = () => undefined) {
  return mockFetch((method, url, body) => {
    const answer = more(method, url, body);
    if (answer) return answer;
    if (url === API.metalBalances) return [200, { balances: BALANCES }];
    if (url === API.metalVouchers) return [200, { vouchers: [] }];
    if (url === API.metalPurities) return [200, { purities: PURITIES }];
    if (url === API.productionSteps) return [200, { production_steps: [{ id: 7, step_name: 'Döküm', description: '', built_in: null, created_at: '2026-11-01T00:00:00.000Z' }] }];
    if (url.startsWith(API.metalStatement(4))) return [200, { statement: STATEMENT }];
    return [200, {}];
  });
}

async function openForm() {
  const view = renderApp(<MetalScreen />);
  fireEvent.click(screen.getByRole('tab', { name: view.t('metal:tabs.newVoucher') }));
  const form = await screen.findByRole('region', { name: view.t('metal:form.title') });
  await within(form).findByRole('option', { name: 'Usta Ali' });
  await within(form).findByRole('option', { name: '22 ayar (916)' });
  return { ...view, form };
}

const line = (n: number) => screen.getByRole('group', { name: `Satır ${n}` });

beforeEach(() => {
  storeLogin(2, 'Admin');
});

test('a line shows its exact net and fine as typed, and the voucher is sent with the weights as typed strings', async () => {
  const calls = serve((method, url, body) => (method === 'POST' && url === API.metalVouchers ? [201, { voucher: voucher({ ...(body as object), lines: [] }) }] : undefined));
  const { form } = await openForm();
  fireEvent.change(within(form).getByLabelText('Atölye'), { target: { value: '4' } });
  fireEvent.change(within(line(1)).getByLabelText('Ayar'), { target: { value: '916' } });
  expect(within(line(1)).getByLabelText('Milyem')).toHaveValue('916');
  fireEvent.change(within(line(1)).getByLabelText('Brüt (g)'), { target: { value: '4,875' } });
  fireEvent.change(within(line(1)).getByLabelText('Taş (ct)'), { target: { value: '0,25' } });
  expect(within(line(1)).getByText('4,825 g')).toBeInTheDocument();
  expect(within(line(1)).getByText('4,4197 g')).toBeInTheDocument();
  fireEvent.change(within(line(1)).getByLabelText('Üretim adımı'), { target: { value: '7' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Fişi Kaydet' }));
  await screen.findByText('Fiş MC-000010 yazıldı; atölyenin onayını bekliyor.');
  const sent = calls.find((c) => c.method === 'POST')!.body as { lines: object[]; workshop_id: number; type: string; date: string };
  expect(sent).toMatchObject({ type: 'issue', workshop_id: 4, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  expect(sent.lines).toEqual([{ kind: 'raw', metal: 'gold', milyem: 916, gross_g: '4.875', stone_ct: '0.25', step_id: 7 }]);
  // Saved, the form starts again.
  await waitFor(() => expect(within(line(1)).getByLabelText('Brüt (g)')).toHaveValue(''));
});

test('a receipt offers the workshop’s weighed pieces; a ticked one becomes a finished line at its gram', async () => {
  const pieces = [{ order_product_id: 31, order_number: 'SP-000031', product_title: 'Bilezik', karat_id: null, order_line_status_id: 5, gross_g: '20.250', canceled_at: null }];
  const calls = serve((method, url) => {
    if (url === API.metalReceivable(4)) return [200, { pieces }];
    if (method === 'POST' && url === API.metalVouchers) return [201, { voucher: voucher({ type: 'receipt', number: 'MG-000011', lines: [] }) }];
    return undefined;
  });
  const { form } = await openForm();
  fireEvent.change(within(form).getByLabelText('Fiş türü'), { target: { value: 'receipt' } });
  fireEvent.change(within(form).getByLabelText('Atölye'), { target: { value: '4' } });
  fireEvent.click(await within(form).findByRole('checkbox', { name: 'Bilezik (sipariş SP-000031, ürün 31): 20,250 g' }));
  expect(within(line(1)).getByLabelText('Tür')).toHaveValue('finished');
  // The tablet's gram, written as the reader types grams; sent exactly as the server gave it.
  expect(within(line(1)).getByLabelText('Brüt (g)')).toHaveValue('20,250');
  expect(within(line(1)).getByLabelText('Sipariş ürün no')).toHaveValue('31');
  fireEvent.change(within(line(1)).getByLabelText('Ayar'), { target: { value: '750' } });
  expect(within(line(1)).getByText('15,1875 g')).toBeInTheDocument();
  fireEvent.click(within(form).getByRole('button', { name: 'Fişi Kaydet' }));
  await screen.findByText('Fiş MG-000011 yazıldı; atölyenin onayını bekliyor.');
  const sent = calls.find((c) => c.method === 'POST')!.body as { type: string; lines: object[] };
  expect(sent.type).toBe('receipt');
  expect(sent.lines).toEqual([{ kind: 'finished', metal: 'gold', milyem: 750, gross_g: '20.250', order_product_id: 31 }]);
});

test('a receipt offers a piece canceled in production before it was weighed; ticked, it is a finished line whose weight is typed', async () => {
  const pieces = [{ order_product_id: 32, order_number: 'B2B-000014', product_title: 'Küpe', karat_id: null, order_line_status_id: 2, gross_g: null, canceled_at: '2026-11-20T09:00:00.000Z' }];
  const calls = serve((method, url) => {
    if (url === API.metalReceivable(4)) return [200, { pieces }];
    if (method === 'POST' && url === API.metalVouchers) return [201, { voucher: voucher({ type: 'receipt', number: 'MG-000012', lines: [] }) }];
    return undefined;
  });
  const { form } = await openForm();
  fireEvent.change(within(form).getByLabelText('Fiş türü'), { target: { value: 'receipt' } });
  fireEvent.change(within(form).getByLabelText('Atölye'), { target: { value: '4' } });
  fireEvent.click(await within(form).findByRole('checkbox', { name: 'Küpe (sipariş B2B-000014, ürün 32, iptal edildi): tartılacak' }));
  expect(within(line(1)).getByLabelText('Tür')).toHaveValue('finished');
  expect(within(line(1)).getByLabelText('Brüt (g)')).toHaveValue('');
  fireEvent.change(within(line(1)).getByLabelText('Ayar'), { target: { value: '750' } });
  fireEvent.change(within(line(1)).getByLabelText('Brüt (g)'), { target: { value: '2,75' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Fişi Kaydet' }));
  await screen.findByText('Fiş MG-000012 yazıldı; atölyenin onayını bekliyor.');
  expect((calls.find((c) => c.method === 'POST')!.body as { lines: object[] }).lines).toEqual([{ kind: 'finished', metal: 'gold', milyem: 750, gross_g: '2.75', order_product_id: 32 }]);
});

test('a line the form cannot send is refused with its sentence, and the server’s refusal shows its own', async () => {
  const calls = serve((method, url) =>
    method === 'POST' && url === API.metalVouchers
      ? [400, { error: 'Satır 1: net ağırlık sıfırdan büyük olmalıdır; brüt ağırlık taş ve diğer ağırlıklardan fazla olmalıdır.', code: 'VOUCHER_NET_EMPTY', message: { key: 'errors:voucherNetEmpty', values: { line: 1 } } }]
      : undefined,
  );
  const { form, t } = await openForm();
  fireEvent.change(within(form).getByLabelText('Atölye'), { target: { value: '4' } });
  fireEvent.change(within(line(1)).getByLabelText('Milyem'), { target: { value: '916' } });
  // A gram with a fourth decimal is refused as it is typed, beside its field, and again on saving: never rounded.
  fireEvent.change(within(line(1)).getByLabelText('Brüt (g)'), { target: { value: '1,2345' } });
  const decimals = t('validation:numberDecimals', { places: 3 });
  expect(within(line(1)).getByRole('alert')).toHaveTextContent(decimals);
  fireEvent.click(within(form).getByRole('button', { name: 'Fişi Kaydet' }));
  await waitFor(() => expect(within(form).getAllByRole('alert').map((alert) => alert.textContent)).toEqual([decimals, decimals]));
  // A weight that reads but is none of the ledger's is refused by the schema's sentence.
  fireEvent.change(within(line(1)).getByLabelText('Brüt (g)'), { target: { value: '-1' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Fişi Kaydet' }));
  await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent(t('validation:metalWeightInvalid')));
  expect(calls.some((c) => c.method === 'POST')).toBe(false);
  fireEvent.change(within(line(1)).getByLabelText('Brüt (g)'), { target: { value: '1' } });
  fireEvent.change(within(line(1)).getByLabelText('Diğer (g)'), { target: { value: '2' } });
  expect(within(line(1)).getAllByText('-')).toHaveLength(2);
  fireEvent.click(within(form).getByRole('button', { name: 'Fişi Kaydet' }));
  expect(await screen.findByText('Satır 1: net ağırlık sıfırdan büyük olmalıdır; brüt ağırlık taş ve diğer ağırlıklardan fazla olmalıdır.')).toBeInTheDocument();
});

test('a confirmed voucher is reversed after a confirmation: a voucher naming it with no lines', async () => {
  const confirmed = voucher({ status: 'confirmed', lines: [] });
  const calls = serve((method, url, body) => {
    if (method === 'GET' && url === API.metalVouchers) return [200, { vouchers: [voucher({ id: 12, number: 'MC-000012', status: 'disputed', dispute_reason: 'Tartı 4,98 g gösterdi' }), confirmed] }];
    if (method === 'POST' && url === API.metalVouchers) return [201, { voucher: voucher({ id: 13, type: 'receipt', number: 'MG-000013', reverses_id: (body as { reverses_id: number }).reverses_id, lines: [] }) }];
    return undefined;
  });
  const { t } = renderApp(<MetalScreen />);
  fireEvent.click(screen.getByRole('tab', { name: t('metal:tabs.vouchers') }));
  const table = await screen.findByRole('table', { name: t('metal:vouchers.title') });
  // Workshops are named from the balances.
  expect(await within(table).findAllByText('Usta Ali')).toHaveLength(2);
  expect(within(table).getByText('İtiraz gerekçesi: Tartı 4,98 g gösterdi')).toBeInTheDocument();
  // Only the confirmed one may be reversed.
  expect(within(table).getAllByRole('button', { name: /ters kayıt/i })).toHaveLength(1);
  fireEvent.click(within(table).getByRole('button', { name: 'MC-000010 için ters kayıt' }));
  const dialog = screen.getByRole('dialog', { name: 'MC-000010 ters kayıtla geri alınsın mı?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Evet, ters kayıt yaz' }));
  await screen.findByText('Ters kayıt fişi MG-000013 yazıldı; atölyenin onayını bekliyor.');
  expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ type: 'issue', workshop_id: 4, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), reverses_id: 10, lines: [] });
  // The new voucher is listed, and the reversed one offers no second reversal.
  await within(table).findByText('MG-000013');
  expect(within(table).queryByRole('button', { name: 'MC-000010 için ters kayıt' })).toBeNull();
});

test('the office reads a workshop’s statement for a period: opening, every entry with its balance, closing, by milyem', async () => {
  storeLogin(4, 'Ofis');
  const calls = serve();
  const { t } = renderApp(<MetalScreen readOnly />);
  expect(screen.queryByRole('tab', { name: t('metal:tabs.newVoucher') })).toBeNull();
  const balances = await screen.findByRole('table', { name: t('metal:balances.title') });
  expect(within(balances).getAllByRole('row')[0]).toHaveTextContent(t('metal:balances.toReceive'));
  expect(within(balances).getAllByRole('row')[1]).toHaveTextContent('Usta Ali49,1361 g12.11.202613');
  fireEvent.click(screen.getByRole('tab', { name: t('metal:tabs.statement') }));
  const entries = await screen.findByRole('table', { name: t('metal:statement.entries') });
  expect(within(entries).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual([
    'Devir0,0000 g',
    '02.11.2026MC-000010Maden Çıkış Fişi916100,000 g91,6000 g91,6000 g',
    '10.11.2026MG-000011Maden Giriş Fişi916-46,375 g-42,4639 g49,1361 g',
    'Kapanış bakiyesi (has)49,1361 g',
  ]);
  expect(within(screen.getByRole('table', { name: t('metal:statement.byMilyem') })).getAllByRole('row')[1]).toHaveTextContent('Altın91653,625 g49,1361 g');
  fireEvent.change(screen.getByLabelText('Başlangıç'), { target: { value: '2026-11-10' } });
  fireEvent.change(screen.getByLabelText('Bitiş'), { target: { value: '2026-11-30' } });
  fireEvent.click(screen.getByRole('button', { name: 'Göster' }));
  await waitFor(() => expect(calls.map((c) => c.url)).toContain(`${API.metalStatement(4)}?from=2026-11-10&to=2026-11-30`));
  expect(screen.getByRole('button', { name: 'Yazdır' })).toBeEnabled();
});

describe('the workshop’s tablet', () => {
  const WORKSHOP = { id: 4, user_id: 7, name: 'Usta Ali', code: 'UA', address: null, company_name: null, phone_number: null, tax_number: null, is_deleted: false, created_at: '', updated_at: '', processes: [] };
  function tablet() {
    storeLogin(3, 'Atölye');
    const pending = voucher();
    return mockFetch((_method, url, body) => {
      if (url === API.myWorkshop) return [200, { workshop: WORKSHOP }];
      if (url === API.metalVouchers) return [200, { vouchers: [pending, voucher({ id: 9, number: 'MC-000009', date: '2026-11-01', status: 'confirmed' })] }];
      if (url === API.metalVoucher(10)) return [200, { voucher: pending }];
      if (url === API.metalVoucherConfirm(10)) return [200, { voucher: voucher({ status: 'confirmed' }) }];
      if (url === API.metalVoucherDispute(10)) return [200, { voucher: voucher({ status: 'disputed', dispute_reason: (body as { reason: string }).reason }) }];
      if (url === API.metalStatement(4)) return [200, { statement: STATEMENT }];
      return [200, {}];
    });
  }

  test('shows its balance and a pending voucher’s lines large; Onayla confirms it and the statement is read again', async () => {
    const calls = tablet();
    const { t } = renderApp(<RoleDashboard role={3} tab="metal" />);
    expect(await screen.findByText('49,1361 g', { selector: '[data-figure="balance"]' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Maden Çıkış Fişi MC-000010, 02.11.2026' });
    const lines = await within(card).findByRole('table', { name: t('metal:vouchers.linesOf', { number: 'MC-000010' }) });
    expect(within(lines).getAllByRole('row')[1]).toHaveTextContent('Ham madenAltın916100,000 g0,00 ct0,000 g100,000 g91,6000 g');
    const statementReads = () => calls.filter((c) => c.url === API.metalStatement(4)).length;
    await waitFor(() => expect(statementReads()).toBe(1));
    fireEvent.click(within(card).getByRole('button', { name: 'Onayla' }));
    await screen.findByText('MC-000010 onaylandı.');
    expect(screen.queryByRole('article')).toBeNull();
    await waitFor(() => expect(statementReads()).toBe(2));
    expect(calls.find((c) => c.method === 'POST')!.url).toBe(API.metalVoucherConfirm(10));
  });

  test('İtiraz Et asks for a reason in a dialog and sends it', async () => {
    const calls = tablet();
    const { t } = renderApp(<RoleDashboard role={3} tab="metal" />);
    const card = await screen.findByRole('article', { name: 'Maden Çıkış Fişi MC-000010, 02.11.2026' });
    fireEvent.click(within(card).getByRole('button', { name: 'İtiraz Et' }));
    const dialog = screen.getByRole('dialog', { name: 'MC-000010 fişine itiraz' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'İtirazı Gönder' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(t('validation:correctionReasonRequired'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('İtiraz gerekçesi'), { target: { value: '  Tartı 99,2 g gösterdi ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'İtirazı Gönder' }));
    await screen.findByText('MC-000010 fişine itiraz edildi.');
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: API.metalVoucherDispute(10), body: { reason: 'Tartı 99,2 g gösterdi' } });
    const answered = screen.getByRole('table', { name: t('metal:workshop.answered') });
    expect(within(answered).getByText('İtiraz gerekçesi: Tartı 99,2 g gösterdi')).toBeInTheDocument();
  });
});

describe('loss against its norms', () => {
  const LOSS = [
    { workshop_id: 4, workshop_name: 'Usta Ali', milyem: 916, step_id: 7, issued_g: '100.000', returned_g: '46.358', loss_g: '53.642', loss_per_mille: '536.42', norm_per_mille: '1.50', above_norm: true },
    { workshop_id: 4, workshop_name: 'Usta Ali', milyem: 750, step_id: null, issued_g: '20.000', returned_g: '19.980', loss_g: '0.020', loss_per_mille: '1.00', norm_per_mille: '2.00', above_norm: false },
  ];
  const RECOVERY = [{ workshop_id: 4, workshop_name: 'Usta Ali', loss_fine_g: '49.1511', recovered_fine_g: '0.8000', unrecovered_fine_g: '48.3511' }];
  const NORMS = [{ id: 1, workshop_id: null, step_id: null, milyem: 916, per_mille: '1.50', valid_from: null, valid_to: null, created_at: '2026-11-01T00:00:00.000Z' }];

  test('the loss table shows each figure exactly, per mille beside the norm, and words the row above it', async () => {
    storeLogin(4, 'Ofis');
    const calls = serve((_method, url) => {
      if (url.startsWith(API.metalLoss)) return [200, { loss: LOSS, workshops: RECOVERY }];
      if (url === API.metalNorms) return [200, { norms: NORMS }];
      return undefined;
    });
    const { t } = renderApp(<MetalScreen readOnly />);
    fireEvent.click(screen.getByRole('tab', { name: 'Fire Analizi' }));
    const table = await screen.findByRole('table', { name: t('metal:loss.table') });
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Usta Ali22 ayar (916)Döküm100,000 g46,358 g53,642 g‰536,42‰1,50Norm üstü'));
    const [above, inside] = within(table).getAllByRole('row').slice(1);
    expect(within(above).getByText('Norm üstü')).toHaveClass('badge');
    expect(inside).toHaveTextContent('Usta Ali18 ayar (750)Adımsız20,000 g19,980 g0,020 g‰1,00‰2,00Norm içinde');
    expect(within(inside).queryByText('Norm üstü')).toBeNull();
    // Each workshop's fine loss, less what refining recovered for it.
    const recovery = screen.getByRole('table', { name: t('metal:loss.recoveryTable') });
    expect(within(recovery).getAllByRole('row')[1]).toHaveTextContent('Usta Ali49,1511 g0,8000 g48,3511 g');
    // The norms are listed; the office adds none.
    const norms = await screen.findByRole('table', { name: t('metal:norms.title') });
    expect(within(norms).getAllByRole('row')[1]).toHaveTextContent('Tüm atölyelerTüm adımlar22 ayar (916)‰1,50Süresiz');
    expect(screen.queryByRole('button', { name: 'Normu Kaydet' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Başlangıç'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Bitiş'), { target: { value: '2026-11-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Göster' }));
    await waitFor(() => expect(calls.map((c) => c.url)).toContain(`${API.metalLoss}?from=2026-11-01&to=2026-11-30`));
  });

  test('a norm is sent with its per mille exactly as typed, read as the reader writes rates; a bad one is refused first, the server’s refusal shown', async () => {
    let refuse = true;
    const calls = serve((method, url, body) => {
      if (url === API.metalNorms && method === 'GET') return [200, { norms: NORMS }];
      if (url === API.metalNorms && method === 'POST') {
        if (refuse) {
          refuse = false;
          return [403, { error: 'Bu işlem için yetkiniz yok.', code: 'FORBIDDEN', message: { key: 'errors:forbidden', values: {} } }];
        }
        return [201, { norm: { id: 2, workshop_id: 4, step_id: 7, valid_from: null, valid_to: null, created_at: '2026-11-20T00:00:00.000Z', ...(body as object) } }];
      }
      if (url.startsWith(API.metalLoss)) return [200, { loss: [], workshops: [] }];
      return undefined;
    });
    const { t } = renderApp(<MetalScreen />);
    fireEvent.click(screen.getByRole('tab', { name: 'Fire Analizi' }));
    const form = await screen.findByRole('form', { name: 'Yeni Norm' });
    await within(form).findByRole('option', { name: 'Usta Ali' });
    await within(form).findByRole('option', { name: 'Döküm' });
    await within(form).findByRole('option', { name: '18 ayar (750)' });
    fireEvent.change(within(form).getByLabelText('Atölye'), { target: { value: '4' } });
    fireEvent.change(within(form).getByLabelText('Adım'), { target: { value: '7' } });
    fireEvent.change(within(form).getByLabelText('Ayar'), { target: { value: '750' } });
    // In Turkish a rate's decimals follow a comma: a point is refused with the rate written that way.
    const rate = within(form).getByLabelText('İzin verilen fire (binde)');
    fireEvent.change(rate, { target: { value: '0.5' } });
    const comma = t('validation:numberDecimalMark', { suggestion: '0,5' });
    expect(within(form).getByRole('alert')).toHaveTextContent(comma);
    fireEvent.click(within(form).getByRole('button', { name: 'Normu Kaydet' }));
    await waitFor(() => expect(within(form).getAllByRole('alert').map((alert) => alert.textContent)).toEqual([comma, comma]));
    fireEvent.change(rate, { target: { value: '-1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Normu Kaydet' }));
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent(t('validation:normInvalid')));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(form).getByLabelText('İzin verilen fire (binde)'), { target: { value: '0,5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Normu Kaydet' }));
    expect(await screen.findByText('Bu işlem için yetkiniz yok.')).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Normu Kaydet' }));
    await screen.findByText('Norm kaydedildi.');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.body)).toEqual([
      { workshop_id: 4, step_id: 7, milyem: 750, per_mille: '0.5' },
      { workshop_id: 4, step_id: 7, milyem: 750, per_mille: '0.5' },
    ]);
    const norms = screen.getByRole('table', { name: t('metal:norms.title') });
    expect(within(norms).getAllByRole('row')[2]).toHaveTextContent('Usta AliDöküm18 ayar (750)‰0,5Süresiz');
    // Saved, the form starts again.
    await waitFor(() => expect(within(form).getByLabelText('İzin verilen fire (binde)')).toHaveValue(''));
  });

  test('a receipt settles a confirmed issue of its workshop, and its loss shows on its lines', async () => {
    const issued = voucher({ status: 'confirmed', lines: [] });
    // MC-000012 was reversed by MC-000013: neither may be settled.
    const vouchers = [issued, voucher({ id: 12, number: 'MC-000012', status: 'confirmed' }), voucher({ id: 13, number: 'MG-000013', type: 'receipt', reverses_id: 12, status: 'confirmed' })];
    const settled = voucher({ id: 11, type: 'receipt', number: 'MG-000011', settles_id: 10, loss_g: '53.642', loss_per_mille: '536.42', norm_per_mille: '1.50', above_norm: true });
    const calls = serve((method, url) => {
      if (method === 'GET' && url === API.metalVouchers) return [200, { vouchers }];
      if (method === 'POST' && url === API.metalVouchers) return [201, { voucher: settled }];
      if (url === API.metalVoucher(11)) return [200, { voucher: settled }];
      if (url === API.metalReceivable(4)) return [200, { pieces: [] }];
      return undefined;
    });
    const { form, t } = await openForm();
    fireEvent.change(within(form).getByLabelText('Fiş türü'), { target: { value: 'receipt' } });
    fireEvent.change(within(form).getByLabelText('Atölye'), { target: { value: '4' } });
    const settles = within(form).getByLabelText('Kapatılan çıkış fişi');
    expect(within(settles).getAllByRole('option').map((o) => o.textContent)).toEqual(['Yok', 'MC-000010 (02.11.2026)']);
    fireEvent.change(settles, { target: { value: '10' } });
    fireEvent.change(within(line(1)).getByLabelText('Milyem'), { target: { value: '916' } });
    fireEvent.change(within(line(1)).getByLabelText('Brüt (g)'), { target: { value: '46,358' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Fişi Kaydet' }));
    await screen.findByText('Fiş MG-000011 yazıldı; atölyenin onayını bekliyor.');
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ type: 'receipt', workshop_id: 4, settles_id: 10 });
    fireEvent.click(screen.getByRole('tab', { name: t('metal:tabs.vouchers') }));
    const table = await screen.findByRole('table', { name: t('metal:vouchers.title') });
    expect(within(table).getByText('MC-000010 çıkış fişini kapatır')).toBeInTheDocument();
    fireEvent.click(within(table).getByRole('button', { name: 'MG-000011 satırları' }));
    expect(await within(table).findByText(/^Fire: 53,642 g/)).toHaveTextContent('Fire: 53,642 g (‰536,42; norm ‰1,50) — Norm üstü');
  });

  test('a received piece brings the milyem its karat stands for, and the admin maps a karat to a purity', async () => {
    const pieces = [{ order_product_id: 31, order_number: 'SP-000031', product_title: 'Bilezik', karat_id: 40, milyem: 750, order_line_status_id: 5, gross_g: '20.250' }];
    const calls = serve((method, url, body) => {
      if (url === API.metalReceivable(4)) return [200, { pieces }];
      if (method === 'GET' && url === API.metalKarats) return [200, { karats: [{ option_value_id: 40, value_name: '18K', purity_id: 2 }] }];
      if (method === 'PUT' && url === API.metalKarat(40)) return [200, { karat: { option_value_id: 40, value_name: '18K', ...(body as object) } }];
      return undefined;
    });
    const { form, t } = await openForm();
    fireEvent.change(within(form).getByLabelText('Fiş türü'), { target: { value: 'receipt' } });
    fireEvent.change(within(form).getByLabelText('Atölye'), { target: { value: '4' } });
    fireEvent.click(await within(form).findByRole('checkbox', { name: /Bilezik/ }));
    expect(within(line(1)).getByLabelText('Milyem')).toHaveValue('750');
    expect(within(line(1)).getByText('15,1875 g')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: t('metal:tabs.purities') }));
    const karat = await screen.findByRole('combobox', { name: '18K karşılığı' });
    expect(karat).toHaveValue('2');
    fireEvent.change(karat, { target: { value: '1' } });
    await screen.findByText('18K karşılığı kaydedildi.');
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: API.metalKarat(40), body: { purity_id: 1 } });
    expect(karat).toHaveValue('1');
  });
});

describe('refining lots and the period lock', () => {
  const LOT: RefiningLotDto = {
    id: 1,
    number: 'RF-000001',
    date: '2026-12-01',
    period_from: '2026-11-01',
    period_to: '2026-11-30',
    dust_g: '12.345',
    assayed_milyem: 333,
    assayed_fine_g: '4.1109',
    recovered_fine_g: '4.0500',
    note: 'Kasım ramatı',
    created_by: 2,
    created_at: '2026-12-01T09:00:00.000Z',
    shares: [
      { workshop_id: 4, workshop_name: 'Usta Ali', handled_g: '300.000', fine_g: '2.7000' },
      { workshop_id: 5, workshop_name: 'Usta Veli', handled_g: '150.000', fine_g: '1.3500' },
    ],
  };

  test('the lot form shows the assayed fine exactly before saving and sends the lot as typed; the new lot is listed with its shares', async () => {
    const calls = serve((method, url, body) => {
      if (method === 'GET' && url === API.metalRefining) return [200, { lots: [] }];
      if (method === 'POST' && url === API.metalRefining) return [201, { lot: { ...LOT, ...(body as object), dust_g: '12.345', recovered_fine_g: '4.0500' } }];
      return undefined;
    });
    const { t } = renderApp(<MetalScreen />);
    fireEvent.click(screen.getByRole('tab', { name: 'Ramat' }));
    await screen.findByText('Henüz ramat partisi yok.');
    const form = screen.getByRole('region', { name: 'Yeni Ramat Partisi' });
    expect((within(form).getByLabelText('Tarih') as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    fireEvent.change(within(form).getByLabelText('Tarih'), { target: { value: '2026-12-01' } });
    fireEvent.change(within(form).getByLabelText('Dönem başlangıcı'), { target: { value: '2026-11-01' } });
    fireEvent.change(within(form).getByLabelText('Dönem bitişi'), { target: { value: '2026-11-30' } });
    fireEvent.change(within(form).getByLabelText('Ramat (g)'), { target: { value: '12,345' } });
    const assayed = form.querySelector('[data-figure="assayed"]')!;
    expect(assayed).toHaveTextContent('-');
    fireEvent.change(within(form).getByLabelText('Tahlil milyemi'), { target: { value: '333' } });
    // 12,345 g x 333 / 1000 = 4,110885: rounded once, to four places.
    expect(assayed).toHaveTextContent('4,1109 g');
    fireEvent.change(within(form).getByLabelText('Geri kazanılan has (g)'), { target: { value: '4,05' } });
    fireEvent.change(within(form).getByLabelText('Not'), { target: { value: ' Kasım ramatı ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Partiyi Kaydet' }));
    await screen.findByText('Ramat partisi RF-000001 kaydedildi.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { date: '2026-12-01', period_from: '2026-11-01', period_to: '2026-11-30', dust_g: '12.345', assayed_milyem: 333, recovered_fine_g: '4.05', note: 'Kasım ramatı' },
    ]);
    const lots = screen.getByRole('table', { name: t('metal:refining.title') });
    expect(within(lots).getAllByRole('row')[1]).toHaveTextContent('RF-00000101.12.202601.11.2026 – 30.11.202612,345 g3334,1109 g4,0500 g');
    expect(within(lots).getByRole('table', { name: 'RF-000001 atölye payları' })).toBeInTheDocument();
    // Saved, the form starts again.
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Yeni Ramat Partisi' })).getByLabelText('Ramat (g)')).toHaveValue(''));
  });

  test('a lot the form cannot send is refused with the schema’s sentence; the server’s refusal shows its own', async () => {
    const calls = serve((method, url) => {
      if (method === 'GET' && url === API.metalRefining) return [200, { lots: [] }];
      if (method === 'POST' && url === API.metalRefining) {
        return [409, { error: '2026-12-01 öncesi kapatıldı; bu tarihte fiş yazılamaz veya onaylanamaz.', code: 'METAL_PERIOD_LOCKED', message: { key: 'errors:metalPeriodLocked', values: { day: '2026-12-01' } } }];
      }
      return undefined;
    });
    const { t } = renderApp(<MetalScreen />);
    fireEvent.click(screen.getByRole('tab', { name: 'Ramat' }));
    const form = await screen.findByRole('region', { name: 'Yeni Ramat Partisi' });
    fireEvent.change(within(form).getByLabelText('Tarih'), { target: { value: '2026-11-20' } });
    fireEvent.change(within(form).getByLabelText('Dönem başlangıcı'), { target: { value: '2026-11-01' } });
    fireEvent.change(within(form).getByLabelText('Dönem bitişi'), { target: { value: '2026-11-30' } });
    fireEvent.change(within(form).getByLabelText('Ramat (g)'), { target: { value: '12,345' } });
    fireEvent.change(within(form).getByLabelText('Tahlil milyemi'), { target: { value: '1001' } });
    fireEvent.change(within(form).getByLabelText('Geri kazanılan has (g)'), { target: { value: '4,05' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Partiyi Kaydet' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(t('validation:milyemInvalid'));
    fireEvent.change(within(form).getByLabelText('Tahlil milyemi'), { target: { value: '333' } });
    fireEvent.change(within(form).getByLabelText('Geri kazanılan has (g)'), { target: { value: '4,05001' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Partiyi Kaydet' }));
    const decimals = t('validation:numberDecimals', { places: 4 });
    await waitFor(() => expect(within(form).getAllByRole('alert').map((alert) => alert.textContent)).toEqual([decimals, decimals]));
    fireEvent.change(within(form).getByLabelText('Geri kazanılan has (g)'), { target: { value: '4,05' } });
    fireEvent.change(within(form).getByLabelText('Dönem başlangıcı'), { target: { value: '2026-12-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Partiyi Kaydet' }));
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent('Dönem başlangıcı bitişinden sonra olamaz.'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(form).getByLabelText('Dönem başlangıcı'), { target: { value: '2026-11-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Partiyi Kaydet' }));
    // The server's day is written as the reader writes dates.
    expect(await screen.findByText('01.12.2026 öncesi kapatıldı; bu tarihte fiş yazılamaz veya onaylanamaz.')).toBeInTheDocument();
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  test('the office reads every lot with its shares by workshop, records none, and Yenile reads them again', async () => {
    storeLogin(4, 'Ofis');
    const empty: RefiningLotDto = { ...LOT, id: 2, number: 'RF-000002', date: '2026-12-15', period_from: '2026-12-01', period_to: '2026-12-10', note: null, shares: [] };
    const calls = serve((method, url) => (method === 'GET' && url === API.metalRefining ? [200, { lots: [empty, LOT] }] : undefined));
    const { t } = renderApp(<MetalScreen readOnly />);
    fireEvent.click(screen.getByRole('tab', { name: 'Ramat' }));
    const lots = await screen.findByRole('table', { name: t('metal:refining.title') });
    const rows = within(lots).getAllByRole('row').filter((row) => row.closest('table') === lots);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Parti No' + 'Tarih' + 'Dönem' + 'Ramat' + 'Tahlil milyemi' + 'Tahlile göre has' + 'Geri kazanılan has',
      'RF-00000215.12.202601.12.2026 – 10.12.202612,345 g3334,1109 g4,0500 g',
      'Bu dönemde atölyelere onaylı çıkış yok; has paylaştırılmadı.',
      'RF-00000101.12.202601.11.2026 – 30.11.202612,345 g3334,1109 g4,0500 g',
      expect.stringContaining('Not: Kasım ramatı'),
    ]);
    const shares = within(lots).getByRole('table', { name: 'RF-000001 atölye payları' });
    expect(within(shares).getAllByRole('row').map((row) => row.textContent)).toEqual(['AtölyeÇıkılan netHas payı', 'Usta Ali300,000 g2,7000 g', 'Usta Veli150,000 g1,3500 g']);
    expect(screen.queryByRole('region', { name: 'Yeni Ramat Partisi' })).toBeNull();
    const reads = () => calls.filter((c) => c.url === API.metalRefining).length;
    expect(reads()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Yenile' }));
    await waitFor(() => expect(reads()).toBe(2));
  });

  test('the admin closes the periods before a day after a dialog that says it cannot be undone; a day before the lock is refused first, the server’s refusal shown', async () => {
    let lockedBefore = '2026-10-01';
    let refuse = true;
    const calls = serve((method, url, body) => {
      if (url !== API.metalLock) return undefined;
      if (method === 'GET') return [200, { locked_before: lockedBefore }];
      if (refuse) {
        refuse = false;
        return [409, { error: 'Dönemler 2026-11-15 öncesine kadar kapalı; kapatılan bir dönem yeniden açılamaz.', code: 'METAL_LOCK_BACKWARDS', message: { key: 'errors:metalLockBackwards', values: { day: '2026-11-15' } } }];
      }
      lockedBefore = (body as { locked_before: string }).locked_before;
      return [200, { locked_before: lockedBefore }];
    });
    renderApp(<MetalScreen />);
    fireEvent.click(screen.getByRole('tab', { name: 'Dönem Kilidi' }));
    await screen.findByText('Dönemler 01.10.2026 öncesine kadar kapalı.');
    const form = screen.getByRole('form', { name: 'Dönem Kapanışı' });
    const day = within(form).getByLabelText('Kilit günü (öncesi kapanır)');
    // Backwards: refused here with the server's sentence, and nothing asked or sent.
    fireEvent.change(day, { target: { value: '2026-09-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Dönemi Kapat' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Dönemler 01.10.2026 öncesine kadar kapalı; kapatılan bir dönem yeniden açılamaz.');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.change(day, { target: { value: '2026-11-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Dönemi Kapat' }));
    expect(within(form).queryByRole('alert')).toBeNull();
    let dialog = screen.getByRole('dialog', { name: '01.11.2026 öncesi kapatılsın mı?' });
    expect(dialog).toHaveTextContent('Bu işlem geri alınamaz.');
    // Cancelled, nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vazgeç' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    // Another admin closed further meanwhile: the server refuses, in its words.
    fireEvent.click(within(form).getByRole('button', { name: 'Dönemi Kapat' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Evet, dönemi kapat' }));
    expect(await screen.findByText('Dönemler 15.11.2026 öncesine kadar kapalı; kapatılan bir dönem yeniden açılamaz.')).toBeInTheDocument();
    fireEvent.change(day, { target: { value: '2026-12-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Dönemi Kapat' }));
    dialog = screen.getByRole('dialog', { name: '01.12.2026 öncesi kapatılsın mı?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Evet, dönemi kapat' }));
    await screen.findByText('Dönem kapatıldı.');
    expect(screen.getByText('Dönemler 01.12.2026 öncesine kadar kapalı.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ locked_before: '2026-11-01' }, { locked_before: '2026-12-01' }]);
  });

  test('the office sees the current lock only', async () => {
    storeLogin(4, 'Ofis');
    serve((_method, url) => (url === API.metalLock ? [200, { locked_before: null }] : undefined));
    renderApp(<MetalScreen readOnly />);
    fireEvent.click(screen.getByRole('tab', { name: 'Dönem Kilidi' }));
    await screen.findByText('Kapatılmış dönem yok.');
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dönemi Kapat' })).toBeNull();
  });
});

test('a voucher heard on the live channel is read again on the open screen, without the refresh button', async () => {
  let vouchers: VoucherDto[] = [];
  let balances = BALANCES;
  serve((_method, url) => {
    if (url === API.metalVouchers) return [200, { vouchers }];
    if (url === API.metalBalances) return [200, { balances }];
    return undefined;
  });
  const view = renderApp(<MetalScreen />);
  fireEvent.click(screen.getByRole('tab', { name: view.t('metal:tabs.vouchers') }));
  await screen.findByText(view.t('metal:vouchers.empty'));
  // The workshop confirms on its tablet: the server tells the office's socket.
  vouchers = [voucher({ status: 'confirmed', decided_at: '2026-11-02T09:00:00.000Z' })];
  balances = [{ ...BALANCES[0], fine_g: '140.7361' }];
  view.store.dispatch(voucherHeard({ type: 'metal_voucher', voucher_id: 10, workshop_id: 4 }));
  await screen.findByRole('row', { name: /MC-000010/ });
  fireEvent.click(screen.getByRole('tab', { name: view.t('metal:tabs.balances') }));
  await screen.findByText('140,7361 g');
});

test('the balance summary shows each workshop’s fine exactly, its oldest unanswered voucher’s day or none, and its pieces', async () => {
  serve((_method, url) =>
    url === API.metalBalances
      ? [200, { balances: [...BALANCES, { workshop_id: 5, workshop_name: 'Usta Veli', fine_g: '-0.0005', oldest_pending_date: null, overdue_pieces: 0, pieces_to_receive: 0 }] }]
      : undefined,
  );
  renderApp(<MetalScreen />);
  const table = await screen.findByRole('table', { name: 'Bakiye Özeti' });
  const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
  await waitFor(() => expect(within(row('Usta Ali')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Usta Ali', '49,1361 g', '12.11.2026', '1', '3']));
  expect(within(row('Usta Veli')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Usta Veli', '-0,0005 g', 'Yok', '0', '0']);
});

test('the admin changes a purity’s milyem: a fraction is refused under the field, a whole number is sent and its sentence shown', async () => {
  const calls = serve((method, url, body) => {
    if (url === API.metalKarats) return [200, { karats: [] }];
    if (method === 'PUT' && url === API.metalPurity(1)) return [200, { purity: { ...PURITIES[0], ...(body as object) } }];
    return undefined;
  });
  renderApp(<MetalScreen />);
  fireEvent.click(screen.getByRole('tab', { name: 'Ayar Tablosu' }));
  const field = await screen.findByRole('textbox', { name: '22 ayar (916) milyemi' });
  const save = within(field.closest('form')!).getByRole('button', { name: 'Kaydet' });
  expect(save).toBeDisabled();
  fireEvent.change(field, { target: { value: '916,5' } });
  fireEvent.click(save);
  expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  fireEvent.change(field, { target: { value: '917' } });
  fireEvent.click(save);
  expect(await screen.findByText('Milyem 917 olarak kaydedildi.')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ milyem: 917 }]);
});
