import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API, type CatalogueSyncDto, type CustomerDto, type PendingItemDto, type ProductDto, type RefusedWebhookDto, type ShopConnectionDto, type ShopEventDto } from '../../../shared/api';
import { Role } from '../../../shared/roles';
import { jsonResponse, renderApp, storeLogin } from '../../test-utils';
import { ShopsPanel } from './ShopsPanel';

const AT = '2026-11-20T09:00:00.000Z';
const SETTINGS = { settings: { system_email: 'a@b.c', phone: '1', time_zone: 'Europe/Istanbul', currency: 'TRY', gram_tolerance_percent: 10 } };
const STORES: ShopConnectionDto[] = [
  { id: 1, kind: 'store', user_id: 21, shop_name: 'Kaya Mağaza', shop_domain: 'kaya.myshopify.com', status: 'active', last_order_seen_at: AT, created_at: AT },
  { id: 2, kind: 'webhook', user_id: 99, shop_name: 'Eski Dükkan', shop_domain: 'eski.myshopify.com', status: 'uninstalled', last_order_seen_at: null, created_at: AT },
];
const CUSTOMER = { id: 4, user_id: 21, name: 'Ayşe Kaya', company_name: 'Kaya Takı' } as CustomerDto;
const event = (id: number, change: Partial<ShopEventDto>): ShopEventDto => ({
  id, kind: 'webhook', topic: 'orders/create', shop_domain: 'kaya.myshopify.com', shop_name: 'Kaya Mağaza',
  status: 'done', attempts: 1, last_error: null, created_at: AT, finished_at: AT, run_after: AT, ...change,
});
const item = (id: number, title: string): PendingItemDto => ({
  id, order_id: 9, order_number: '#1001', currency: 'TRY', shop_name: 'Kaya Mağaza', shop_domain: 'kaya.myshopify.com', line_item_id: `1001${id}`,
  variant_id: '9999', sku: 'BILINMEYEN', title, quantity: 2, unit_price: 1250, created_at: AT,
});
const product = (id: number, title: string, sku: string | null) => ({ id, title, sku }) as ProductDto;

type Answer = [number, unknown];
type Route = (method: string, url: string, body: unknown) => Answer | Promise<Answer> | undefined;

/** Fetch answered by `route` (a promise holds the answer back), else by the lists the panel needs, empty. */
function serve(route: Route) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url: String(url), body });
    const [status, payload] = (await route(method, String(url), body)) ?? fallback(String(url));
    return jsonResponse(status, payload);
  }) as typeof fetch;
  return calls;
}

function fallback(url: string): Answer {
  if (url === API.generalSettings) return [200, SETTINGS];
  if (url === API.b2bCustomers) return [200, { customers: [CUSTOMER] }];
  if (url === API.shop) return [200, { shops: [] }];
  if (url === API.shopEvents) return [200, { events: [] }];
  if (url === API.shopPendingItems) return [200, { items: [] }];
  if (url === API.shopRefusedWebhooks) return [200, { refusals: [] }];
  return [200, {}];
}

/** An answer the test gives when it chooses to. */
function held() {
  let give: (answer: Answer) => void = () => undefined;
  const promise = new Promise<Answer>((resolve) => (give = resolve));
  return { promise, give };
}

const rowOf = (text: string) => screen.getByRole('cell', { name: text }).closest('tr')!;

beforeEach(() => storeLogin(Role.Admin, 'Admin'));

test('stores with their kind, customer, state and latest order; a test shows the name or the store’s refusal, busy meanwhile', async () => {
  const test = held();
  serve((method, url) => {
    if (url === API.shop) return [200, { shops: STORES }];
    if (method === 'POST' && url === API.shopTest(1)) return test.promise;
    if (method === 'POST' && url === API.shopTest(2))
      return [502, { error: 'Mağazaya ulaşılamadı (eski.myshopify.com); mağaza adresini ve sunucunun internet bağlantısını kontrol edin.', code: 'SHOPIFY_NETWORK' }];
    return undefined;
  });
  const { t } = renderApp(<ShopsPanel />);
  const table = await screen.findByRole('table', { name: t('shops:stores.title') });
  await screen.findByRole('cell', { name: 'Ayşe Kaya' });
  const [kaya, old] = within(table).getAllByRole('row').slice(1);
  expect(within(kaya).getAllByRole('cell').slice(0, 6).map((cell) => cell.textContent)).toEqual([
    'Kaya Mağaza',
    'kaya.myshopify.com',
    t('shops:stores.kinds.store'),
    'Ayşe Kaya',
    t('shops:stores.statuses.active'),
    expect.stringContaining('2026'),
  ]);
  // No customer record for its user: the id stands in for the name.
  expect(within(old).getAllByRole('cell').slice(2, 6).map((cell) => cell.textContent)).toEqual([
    t('shops:stores.kinds.webhook'),
    t('shops:stores.customerId', { id: 99 }),
    t('shops:stores.statuses.uninstalled'),
    t('shops:stores.noOrderYet'),
  ]);
  // A store's catalogue syncs from here; a webhook record has no catalogue.
  expect(within(kaya).getByRole('button', { name: t('shops:stores.syncCatalogue') })).toBeEnabled();
  expect(within(old).queryByRole('button', { name: t('shops:stores.syncCatalogue') })).toBeNull();

  fireEvent.click(within(kaya).getByRole('button', { name: t('shops:stores.test') }));
  expect(await within(kaya).findByRole('button', { name: t('shops:stores.testing') })).toBeDisabled();
  test.give([200, { shop: { name: 'Kaya Takı', domain: 'kaya.myshopify.com' }, message: 'Bağlantı başarılı: Kaya Takı' }]);
  expect(await within(kaya).findByRole('status')).toHaveTextContent('Bağlantı başarılı: Kaya Takı');
  expect(within(kaya).getByRole('button', { name: t('shops:stores.test') })).toBeEnabled();

  fireEvent.click(within(old).getByRole('button', { name: t('shops:stores.test') }));
  expect(await within(old).findByRole('alert')).toHaveTextContent('Mağazaya ulaşılamadı (eski.myshopify.com)');
});

test('the subscriptions open under their store: topics and address, or why the store could not say', async () => {
  serve((_method, url) => {
    if (url === API.shop) return [200, { shops: STORES }];
    if (url === API.shopSubscriptions(1))
      return [200, { subscriptions: [{ id: 'gid://shopify/WebhookSubscription/1', topic: 'ORDERS_CREATE', uri: 'https://atolye.example/webhooks/shopify' }] }];
    if (url === API.shopSubscriptions(2)) return [502, { error: 'Mağaza şu anda hizmet vermiyor (eski.myshopify.com); lütfen daha sonra tekrar deneyin.', code: 'SHOPIFY_UNAVAILABLE' }];
    return undefined;
  });
  const { t } = renderApp(<ShopsPanel />);
  await screen.findByRole('table', { name: t('shops:stores.title') });

  const show = within(rowOf('Kaya Mağaza')).getByRole('button', { name: t('shops:stores.showSubscriptions') });
  fireEvent.click(show);
  const list = await screen.findByRole('definition');
  expect(list.closest('dl')).toHaveAccessibleName(t('shops:subscriptions.title', { name: 'Kaya Mağaza' }));
  expect(list.closest('dl')).toHaveTextContent('ORDERS_CREATEhttps://atolye.example/webhooks/shopify');
  expect(show).toHaveAttribute('aria-expanded', 'true');
  expect(show).toHaveTextContent(t('shops:stores.hideSubscriptions'));

  fireEvent.click(within(rowOf('Eski Dükkan')).getByRole('button', { name: t('shops:stores.showSubscriptions') }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Mağaza şu anda hizmet vermiyor');
  fireEvent.click(show);
  expect(screen.queryByText('ORDERS_CREATE')).not.toBeInTheDocument();
});

test('events in Turkish states; a failed one is retried, then waits, and the list is read again', async () => {
  let retried = false;
  const calls = serve((method, url) => {
    if (url === API.shopEvents) {
      const failed = event(12, { status: retried ? 'waiting' : 'failed', attempts: retried ? 0 : 5, last_error: 'the store did not answer' });
      return [200, { events: [failed, event(11, { kind: 'subscribe', topic: null })] }];
    }
    if (method === 'POST' && url === API.shopJobRetry(12)) {
      retried = true;
      return [200, { job: { id: 12, status: 'waiting' }, message: 'İş yeniden denenecek.' }];
    }
    return undefined;
  });
  const { t } = renderApp(<ShopsPanel />);
  const table = await screen.findByRole('table', { name: t('shops:events.title') });
  const [failed, subscribed] = within(table).getAllByRole('row').slice(1);
  expect(within(failed).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
    'orders/create',
    'Kaya Mağaza',
    expect.stringContaining('2026'),
    t('shops:events.statuses.failed'),
    '5',
    'the store did not answer',
    `${t('shops:events.retry')} ${t('shops:events.dismiss')}`,
  ]);
  expect(within(subscribed).getAllByRole('cell').map((cell) => cell.textContent).slice(0, 4)).toEqual([
    t('shops:events.kinds.subscribe'),
    'Kaya Mağaza',
    expect.stringContaining('2026'),
    t('shops:events.statuses.done'),
  ]);
  expect(within(subscribed).queryByRole('button')).not.toBeInTheDocument();

  fireEvent.click(within(failed).getByRole('button', { name: t('shops:events.retry') }));
  expect(await within(table).findByText('İş yeniden denenecek.')).toBeInTheDocument();
  const row = within(table).getAllByRole('row')[1];
  expect(within(row).getAllByRole('cell')[3]).toHaveTextContent(t('shops:events.statuses.waiting'));
  expect(within(row).queryByRole('button', { name: t('shops:events.retry') })).not.toBeInTheDocument();
  await waitFor(() => expect(calls.filter((c) => c.url === API.shopEvents)).toHaveLength(2));

  fireEvent.click(screen.getByRole('button', { name: t('shops:events.refresh') }));
  await waitFor(() => expect(calls.filter((c) => c.url === API.shopEvents)).toHaveLength(3));
});

test("a failed job is dismissed with 'Kaldır': its row leaves the list with the server's sentence; a refusal shows on its row", async () => {
  const calls = serve((method, url) => {
    if (url === API.shopEvents) return [200, { events: [event(12, { status: 'failed', last_error: 'boom' }), event(13, { status: 'failed', last_error: 'again' })] }];
    if (method === 'POST' && url === API.shopJobDismiss(12)) return [200, { job: { id: 12 }, message: 'Başarısız iş kaldırıldı.' }];
    if (method === 'POST' && url === API.shopJobDismiss(13)) return [409, { error: 'Yalnızca başarısız olmuş bir iş kaldırılabilir.', code: 'JOB_NOT_FAILED' }];
    return undefined;
  });
  const { t } = renderApp(<ShopsPanel />);
  const table = await screen.findByRole('table', { name: t('shops:events.title') });
  const rowWith = (text: string) => within(table).getByText(text).closest('tr') as HTMLElement;

  fireEvent.click(within(rowWith('boom')).getByRole('button', { name: t('shops:events.dismiss') }));
  expect(await screen.findByText('Başarısız iş kaldırıldı.')).toBeInTheDocument();
  expect(within(table).queryByText('boom')).not.toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([API.shopJobDismiss(12)]);

  fireEvent.click(within(rowWith('again')).getByRole('button', { name: t('shops:events.dismiss') }));
  expect(await within(rowWith('again')).findByRole('alert')).toHaveTextContent('Yalnızca başarısız olmuş bir iş kaldırılabilir.');
  expect(within(rowWith('again')).getByRole('button', { name: t('shops:events.dismiss') })).toBeEnabled();
});

test('a waiting item is matched to a product chosen by its label, its row leaves with the server’s sentence; a refusal stays on its row', async () => {
  let items = [item(3, 'Bilinmeyen kolye'), item(4, 'Eski yüzük')];
  const catalogue = held();
  const calls = serve((method, url) => {
    if (url === API.shopPendingItems) return [200, { items }];
    if (url === API.products) return catalogue.promise;
    if (method === 'POST' && url === API.shopPendingItemMatch(3)) {
      items = items.filter((i) => i.id !== 3);
      return [200, { item: { id: 3, order_id: 9, lines: 2 }, message: 'Ürün eşleştirildi; 2 sipariş satırı oluşturuldu.' }];
    }
    if (method === 'POST' && url === API.shopPendingItemMatch(4)) return [409, { error: 'Bu kalem zaten bir ürünle eşleştirildi.', code: 'ITEM_ALREADY_MATCHED' }];
    return undefined;
  });
  const { t } = renderApp(<ShopsPanel />);
  const table = await screen.findByRole('table', { name: t('shops:pending.title') });
  expect(within(rowOf('Bilinmeyen kolye')).getAllByRole('cell').slice(0, 7).map((cell) => cell.textContent)).toEqual([
    '#1001',
    'Kaya Mağaza',
    'Bilinmeyen kolye',
    'BILINMEYEN',
    '9999',
    '2',
    expect.stringMatching(/1\.250,00/),
  ]);
  const chooser = screen.getByLabelText(t('shops:pending.chooseFor', { title: 'Bilinmeyen kolye' }));
  // The catalogue's products are offered to the field as it is typed in; it opens once they are in.
  const offered = () => [...(document.getElementById(chooser.getAttribute('list')!)?.querySelectorAll('option') ?? [])].map((option) => option.value);
  expect(offered()).toEqual([]);
  expect(chooser).toBeDisabled();
  catalogue.give([200, { products: [product(5, 'İsim Kolye', null), product(6, 'Yüzük', 'YZK-1')] }]);
  await waitFor(() => expect(offered()).toEqual(['#5 İsim Kolye', '#6 Yüzük (YZK-1)']));
  expect(chooser).toBeEnabled();
  const match = within(rowOf('Bilinmeyen kolye')).getByRole('button', { name: t('shops:pending.match') });
  fireEvent.change(chooser, { target: { value: 'Yüz' } });
  expect(match).toBeDisabled();
  expect(screen.getByText(t('shops:pending.pickFromList'))).toBeInTheDocument();
  fireEvent.change(chooser, { target: { value: t('shops:pending.optionWithSku', { id: 6, title: 'Yüzük', sku: 'YZK-1' }) } });
  // Enter in the field sends it, as the button does.
  fireEvent.submit(chooser.closest('form')!);
  expect(await screen.findByText('Ürün eşleştirildi; 2 sipariş satırı oluşturuldu.')).toBeInTheDocument();
  expect(within(table).queryByText('Bilinmeyen kolye')).not.toBeInTheDocument();

  const other = rowOf('Eski yüzük');
  fireEvent.change(screen.getByLabelText(t('shops:pending.chooseFor', { title: 'Eski yüzük' })), { target: { value: '#5 İsim Kolye' } });
  fireEvent.click(within(other).getByRole('button', { name: t('shops:pending.match') }));
  expect(await within(other).findByRole('alert')).toHaveTextContent('Bu kalem zaten bir ürünle eşleştirildi.');
  expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ product_id: 6 }, { product_id: 5 }]);

  items = [];
  fireEvent.click(screen.getByRole('button', { name: t('shops:pending.refresh') }));
  expect(await screen.findByText(t('shops:pending.empty'))).toBeInTheDocument();
  expect(screen.queryByRole('table', { name: t('shops:pending.title') })).not.toBeInTheDocument();
});

test('each list says when it is empty, and a refused read in the server’s words', async () => {
  serve((_method, url) => (url === API.shopEvents ? [403, { error: 'Bu işlem için yetkiniz yok.', code: 'FORBIDDEN' }] : undefined));
  const { t } = renderApp(<ShopsPanel />);
  expect(await screen.findByText(t('shops:stores.empty'))).toBeInTheDocument();
  expect(await screen.findByText(t('shops:pending.empty'))).toBeInTheDocument();
  expect(await screen.findByText(t('shops:refusals.empty'))).toBeInTheDocument();
  expect(await screen.findByRole('alert')).toHaveTextContent('Bu işlem için yetkiniz yok.');
  expect(screen.queryByText(t('shops:events.empty'))).not.toBeInTheDocument();
});

test('refused webhooks show per domain why, how many and when the last came; refreshing reads them again', async () => {
  let reads = 0;
  const refusals: RefusedWebhookDto[] = [
    { shop_domain: 'sahte.myshopify.com', reason: 'unknownShop', count: 12, last_at: AT },
    { shop_domain: 'kaya.myshopify.com', reason: 'badSignature', count: 3, last_at: AT },
  ];
  serve((_method, url) => (url === API.shopRefusedWebhooks ? [200, { refusals: reads++ === 0 ? refusals : refusals.slice(0, 1) }] : undefined));
  const { t } = renderApp(<ShopsPanel />);
  const table = await screen.findByRole('table', { name: t('shops:refusals.title') });
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
  const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
  const [unknown, known] = within(table).getAllByRole('row').slice(1);
  expect(cells(unknown)).toEqual(['sahte.myshopify.com', t('shops:refusals.reasons.unknownShop'), '12', expect.stringContaining('2026')]);
  expect(cells(known)).toEqual(['kaya.myshopify.com', t('shops:refusals.reasons.badSignature'), '3', expect.stringContaining('2026')]);
  fireEvent.click(screen.getByRole('button', { name: t('shops:refusals.refresh') }));
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
});

test('a store’s catalogue sync starts here and its progress shows until it is done', async () => {
  const sync = (change: Partial<CatalogueSyncDto>): CatalogueSyncDto => ({
    id: 7, connection_id: 1, shop_name: 'Kaya Mağaza', status: 'running', started_at: AT, finished_at: null, total: 4, done: 1,
    added: 1, updated: 0, unchanged: 0, failed: 0, removed: 0, error: null, ...change,
  });
  let reads = 0;
  const calls = serve((method, url) => {
    if (url === API.shop) return [200, { shops: STORES }];
    if (method === 'POST' && url === API.catalogueSync) return [200, { syncs: [sync({})] }];
    // Read on opening (none yet), then while following: done on the next look.
    if (url === API.catalogueSyncs) return [200, { syncs: reads++ === 0 ? [] : [sync({ status: 'done', done: 4, added: 4, finished_at: AT })] }];
    return undefined;
  });
  const { t } = renderApp(<ShopsPanel />);
  await screen.findByRole('cell', { name: 'Ayşe Kaya' });
  const [kaya] = within(screen.getByRole('table', { name: t('shops:stores.title') })).getAllByRole('row').slice(1);
  fireEvent.click(within(kaya).getByRole('button', { name: t('shops:stores.syncCatalogue') }));
  expect(await screen.findByRole('progressbar', { name: t('catalogue:syncs.progressOf', { shop: 'Kaya Mağaza' }) })).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST' && c.url === API.catalogueSync)?.body).toEqual({ shop_id: 1 });
  const syncs = screen.getByRole('list', { name: t('catalogue:syncs.title') });
  await waitFor(() => expect(syncs).toHaveTextContent(t('catalogue:syncs.counts', { added: 4, updated: 0, unchanged: 0, failed: 0, removed: 0 })), { timeout: 10_000 });
  expect(within(kaya).getByRole('button', { name: t('shops:stores.syncCatalogue') })).toBeEnabled();
}, 30_000);
