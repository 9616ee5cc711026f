import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { API, type CatalogueSyncDto, type ProductDto } from '../../../shared/api';
import { DEFAULT_OPTION_NAMES } from '../../../shared/schemas/catalogue';
import { formatDateTime } from '../../components/dates';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import AllProductsScreen from '../workshops/AllProductsScreen';
import { OptionNamesPanel } from './OptionNamesPanel';
import ProductCatalogScreen from './ProductCatalogScreen';
import { SYNC_POLL_MS } from './sagas';

const AT = '2026-11-20T09:00:00.000Z';
function product(id: number, title: string): ProductDto {
  return {
    id, title, currency: 'TRY', workshop_id: null, picture_url: null, shopify_product_id: null, shopify_variant_id: null, material_id: 31, chain_length_id: null, size_id: null,
    color_id: null, karat_id: null, production_expected_days: 7, product_group: null, category: null, min_price: null, max_price: null, expected_weight: null,
    workmanship_rate: null, price: null, vendor: null, sku: null, user_id: null, our_product_id: null, created_at: AT, updated_at: AT,
  };
}

function storeSync(fields: Partial<CatalogueSyncDto>): CatalogueSyncDto {
  return {
    id: 1, connection_id: 4, shop_name: 'atolye.myshopify.com', status: 'running', started_at: AT, finished_at: null, total: 60, done: 0,
    added: 0, updated: 0, unchanged: 0, failed: 0, removed: 0, error: null, ...fields,
  };
}

const both = (
  <Routes>
    <Route
      path="/admin/workshops/:id/all-products"
      element={
        <>
          <ProductCatalogScreen />
          <AllProductsScreen />
        </>
      }
    />
  </Routes>
);

beforeEach(() => storeLogin(2, 'Admin'));
afterEach(() => jest.useRealTimers());

test('the catalogue and the assignment screen show one read of the products; only a sync reads them again', async () => {
  let synced = false;
  const calls = mockFetch((method, url) => {
    if (url === API.products) return [200, { products: synced ? [product(1, 'Yüzük'), product(2, 'Kolye')] : [product(1, 'Yüzük')] }];
    if (url === API.productOptionValues) return [200, { product_option_values: [{ id: 31, option_id: 1, value_name: 'Altın' }] }];
    if (url === API.catalogueSyncs) return [200, { syncs: synced ? [storeSync({ status: 'done', done: 2, total: 2, added: 1, unchanged: 1, finished_at: AT })] : [] }];
    if (method === 'POST' && url === API.catalogueSync) {
      synced = true;
      return [200, { syncs: [storeSync({ status: 'done', done: 2, total: 2, added: 1, unchanged: 1, finished_at: AT })] }];
    }
    return [200, {}];
  });
  const { t } = renderApp(both, '/admin/workshops/1/all-products');
  // Both screens count the same products ("1 / 1 ürün" each).
  expect(t('catalogue:count', { shown: 1, total: 1 })).toBe(t('workshops:counter', { shown: 1, total: 1 }));
  expect(await screen.findAllByText(t('catalogue:count', { shown: 1, total: 1 }))).toHaveLength(2);
  expect(await screen.findByRole('cell', { name: 'Altın' })).toBeInTheDocument();
  expect(calls.filter((c) => c.url === API.products)).toHaveLength(1);

  fireEvent.click(screen.getByRole('button', { name: t('catalogue:sync') }));
  expect(await screen.findByText(t('catalogue:syncDone'))).toBeInTheDocument();
  await waitFor(() => expect(screen.getAllByText(t('workshops:counter', { shown: 2, total: 2 }))).toHaveLength(2));
  expect(calls.filter((c) => c.url === API.products)).toHaveLength(2);
});

test("a failed load is told in each screen's own words unless the server said why", async () => {
  mockFetch((_method, url) => (url === API.products ? [500, null] : [200, {}]));
  const { t } = renderApp(both, '/admin/workshops/1/all-products');
  expect(await screen.findByText(t('catalogue:loadFailed'))).toBeInTheDocument();
  expect(screen.getByText(t('workshops:productsFailed'))).toBeInTheDocument();
});

test('a running sync shows its progress and counts, then its outcome and when it ended; a refused one says why', async () => {
  jest.useFakeTimers();
  const FINISHED = '2026-11-24T09:30:00.000Z';
  let reads = 0;
  let started = false;
  const calls = mockFetch((method, url) => {
    if (url === API.products) return [200, { products: [product(1, 'Yüzük')] }];
    if (url === API.generalSettings) return [200, { settings: { system_email: 'a@b.c', phone: '1', time_zone: 'Europe/Istanbul', currency: 'TRY', gram_tolerance_percent: 10 } }];
    if (url === API.catalogueSyncs) {
      if (!started) return [200, { syncs: [] }];
      reads++;
      return [200, { syncs: [reads === 1 ? storeSync({ done: 36, added: 30, updated: 6 }) : storeSync({ status: 'done', done: 60, added: 50, updated: 6, unchanged: 3, failed: 1, finished_at: FINISHED })] }];
    }
    if (method === 'POST' && url === API.catalogueSync) {
      if (started) return [409, { error: 'Bu mağazanın ürünleri zaten senkronize ediliyor; bitmesini bekleyin.', code: 'CATALOGUE_SYNC_RUNNING' }];
      started = true;
      return [200, { syncs: [storeSync({})] }];
    }
    return [200, {}];
  });
  const { t } = renderApp(<ProductCatalogScreen />);
  const button = await screen.findByRole('button', { name: t('catalogue:sync') });
  fireEvent.click(button);

  const bar = (await screen.findByRole('progressbar', { name: t('catalogue:syncs.progressOf', { shop: 'atolye.myshopify.com' }) })) as HTMLProgressElement;
  expect([bar.value, bar.max]).toEqual([0, 60]);
  expect(button).toBeDisabled();
  // Read again a second later (fake time, advanced by the waits).
  const later = { timeout: 3 * SYNC_POLL_MS };
  expect(await screen.findByText(t('catalogue:syncs.progress', { done: 36, total: 60 }), {}, later)).toBeInTheDocument();
  expect(bar.value).toBe(36);
  expect(screen.getByText(t('catalogue:syncs.counts', { added: 30, updated: 6, unchanged: 0, failed: 0, removed: 0 }))).toBeInTheDocument();

  expect(await screen.findByText(t('catalogue:syncDone'), {}, later)).toBeInTheDocument();
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  expect(screen.getByText(t('catalogue:syncs.counts', { added: 50, updated: 6, unchanged: 3, failed: 1, removed: 0 }))).toBeInTheDocument();
  expect(screen.getByText(t('catalogue:syncs.last', { date: formatDateTime(FINISHED, 'tr', 'Europe/Istanbul') }))).toBeInTheDocument();
  expect(screen.getByText(/^Son senkronizasyon: /)).toBeInTheDocument();
  await waitFor(() => expect(calls.filter((c) => c.url === API.products)).toHaveLength(2));
  expect(button).toBeEnabled();

  fireEvent.click(button);
  expect(await screen.findByText('Bu mağazanın ürünleri zaten senkronize ediliyor; bitmesini bekleyin.')).toBeInTheDocument();
});

test('the option names of the settings are edited as comma-separated lists and saved as lists', async () => {
  const calls = mockFetch((method, url, body) => (url === API.catalogueOptionNames ? [200, { option_names: method === 'PUT' ? body : DEFAULT_OPTION_NAMES }] : [200, {}]));
  const { t } = renderApp(<OptionNamesPanel />);
  const colour = await screen.findByLabelText(t('catalogue:optionNames.fields.color'));
  expect(colour).toHaveValue('Renk, Color, Colour');
  fireEvent.change(colour, { target: { value: 'Renk, Taş Rengi ,, ' } });
  fireEvent.click(screen.getByRole('button', { name: t('catalogue:optionNames.save') }));
  expect(await screen.findByText(t('catalogue:optionNames.saved'))).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ...DEFAULT_OPTION_NAMES, color: ['Renk', 'Taş Rengi'] });
});

test("a saved routing is confirmed on the product's row; typing into a field again takes the last outcome away", async () => {
  const steps = [{ id: 5, step_name: 'Döküm' }];
  const calls = mockFetch((method, url, body) => {
    if (url === API.products) return [200, { products: [product(1, 'Yüzük')] }];
    if (url === API.productionSteps) return [200, { production_steps: steps }];
    if (url === API.productionProcess(1)) return [200, { product_production_steps: [] }];
    if (method === 'POST' && url === API.routingBulk) return [201, { product_production_steps: [{ id: 1, step_id: 5, step_name: 'Döküm', position_in_process: 1 }] }];
    if (method === 'POST' && url === API.ourProductId(1)) return [200, { product: { ...product(1, 'Yüzük'), ...(body as object) } }];
    return [200, {}];
  });
  const { t } = renderApp(<ProductCatalogScreen />);
  fireEvent.click(await screen.findByRole('button', { name: t('catalogue:editRoutingOf', { title: 'Yüzük' }) }));
  const pick = await screen.findByRole('combobox', { name: t('catalogue:routing.pick') });
  await screen.findByRole('option', { name: 'Döküm' });
  fireEvent.change(pick, { target: { value: '5' } });
  fireEvent.click(screen.getByRole('button', { name: t('catalogue:routing.add') }));
  fireEvent.click(screen.getByRole('button', { name: t('catalogue:routing.save') }));
  expect(await screen.findByText(t('success:routingSaved'))).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(calls.find((c) => c.url === API.routingBulk)).toMatchObject({ method: 'POST', body: { product_id: 1, steps: [{ step_id: 5, position_in_process: 1 }] } });

  // A field saved, then a wrong value typed: the error stands alone, not beside 'Kaydedildi.'.
  const field = screen.getByRole('textbox', { name: t('catalogue:fieldOf', { field: t('catalogue:columns.ourProductId'), title: 'Yüzük' }) });
  fireEvent.change(field, { target: { value: 'YZK-1' } });
  fireEvent.click(screen.getByRole('button', { name: t('catalogue:saveField', { field: t('catalogue:columns.ourProductId'), title: 'Yüzük' }) }));
  expect(await screen.findByText(t('catalogue:saved'))).toBeInTheDocument();
  fireEvent.change(field, { target: { value: 'YZK-2' } });
  expect(screen.queryByText(t('catalogue:saved'))).not.toBeInTheDocument();
});

test("a product's workmanship rate and days are read as the admin writes them: the stored rate shown that way, a point refused with the rate written right, a fraction of a day refused", async () => {
  const stored = { ...product(1, 'Yüzük'), workmanship_rate: 12.75 };
  const calls = mockFetch((method, url, body) => {
    if (url === API.products) return [200, { products: [stored] }];
    if (method !== 'GET') return [200, { product: { ...stored, ...(body as object) } }];
    return [200, {}];
  });
  const { t } = renderApp(<ProductCatalogScreen />);
  const label = (column: string) => t('catalogue:fieldOf', { field: t(`catalogue:columns.${column}`), title: 'Yüzük' });
  const rate = await screen.findByRole('textbox', { name: label('workmanshipRate') });
  expect(rate).toHaveValue('12,75');
  // Nothing changed, nothing to preview.
  expect(screen.queryByText(/^Kaydedilecek/)).toBeNull();
  for (const [typed, refusal] of [
    ['6.2', t('validation:numberDecimalMark', { suggestion: '6,2' })],
    ['abc', t('validation:numberUnreadable', { example: '1.234,56' })],
  ]) {
    fireEvent.change(rate, { target: { value: typed } });
    fireEvent.keyDown(rate, { key: 'Enter' });
    expect(screen.getByRole('alert')).toHaveTextContent(refusal);
  }
  fireEvent.change(rate, { target: { value: '6,2' } });
  expect(screen.getByText('Kaydedilecek: 6,20')).toBeInTheDocument();
  fireEvent.keyDown(rate, { key: 'Enter' });
  expect(await screen.findByText(t('catalogue:saved'))).toBeInTheDocument();

  const days = screen.getByRole('textbox', { name: label('expectedDays') });
  fireEvent.change(days, { target: { value: '2,5' } });
  fireEvent.keyDown(days, { key: 'Enter' });
  expect(screen.getByRole('alert')).toHaveTextContent(t('validation:numberNotWhole'));
  fireEvent.change(days, { target: { value: '9' } });
  fireEvent.keyDown(days, { key: 'Enter' });
  await waitFor(() => expect(calls.filter((c) => c.method !== 'GET').map((c) => c.body)).toEqual([{ workmanship_rate: 6.2 }, { production_expected_days: 9 }]));
});

test("a product code another product has is refused on the product's row with the server sentence; the typed code stays", async () => {
  const refusal = { error: "'YZK-1' ürün kodu başka bir üründe kullanılıyor; başka bir kod seçin.", code: 'PRODUCT_CODE_TAKEN', message: { key: 'errors:productCodeTaken', values: { code: 'YZK-1' } } };
  mockFetch((method, url) => {
    if (url === API.products) return [200, { products: [product(1, 'Yüzük')] }];
    if (method === 'POST' && url === API.ourProductId(1)) return [409, refusal];
    return [200, {}];
  });
  const { t } = renderApp(<ProductCatalogScreen />);
  const field = await screen.findByRole('textbox', { name: t('catalogue:fieldOf', { field: t('catalogue:columns.ourProductId'), title: 'Yüzük' }) });
  fireEvent.change(field, { target: { value: 'yzk-1' } });
  fireEvent.keyDown(field, { key: 'Enter' });
  expect(await screen.findByText("'YZK-1' ürün kodu başka bir üründe kullanılıyor; başka bir kod seçin.")).toHaveClass('row-notice', 'error');
  expect(field).toHaveValue('yzk-1');
  expect(screen.queryByText(t('catalogue:saved'))).not.toBeInTheDocument();
});
