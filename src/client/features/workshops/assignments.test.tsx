import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { API, type ProductDto, type WorkshopDto } from '../../../shared/api';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import AllProductsScreen from './AllProductsScreen';
import WorkshopProductsScreen from './WorkshopProductsScreen';

const AT = '2026-11-20T09:00:00.000Z';
const WORKSHOP: WorkshopDto = {
  id: 1, user_id: 9, name: 'Usta Ali', code: 'W1', address: null, company_name: null, phone_number: null, tax_number: null, is_deleted: false,
  created_at: AT, updated_at: AT, processes: [],
};

function product(id: number, title: string, workshop_id: number | null): ProductDto {
  return {
    id, title, currency: 'TRY', workshop_id, picture_url: null, shopify_product_id: null, shopify_variant_id: null, material_id: null, chain_length_id: null, size_id: null,
    color_id: null, karat_id: null, production_expected_days: 7, product_group: null, category: null, min_price: null, max_price: null, expected_weight: null,
    workmanship_rate: null, price: null, vendor: null, sku: null, user_id: null, our_product_id: null, created_at: AT, updated_at: AT,
  };
}

/* The server's side: products and their workshops, changed by the assignment route. */
function server(refuse = false) {
  const workshopOf = new Map<number, number | null>([
    [11, 1],
    [12, null],
    [13, 2],
  ]);
  const titles: Record<number, string> = { 11: 'Yüzük', 12: 'Kolye', 13: 'Küpe' };
  const rows = () => [...workshopOf].map(([id, workshop]) => product(id, titles[id], workshop));
  return mockFetch((method, url, body) => {
    if (url === API.workshopInfo(1)) return [200, { workshop: WORKSHOP }];
    if (url === API.workshops) return [200, { workshops: [WORKSHOP, { ...WORKSHOP, id: 2, name: 'Usta Veli' }] }];
    if (url === API.workshopProducts(1)) return [200, { products: rows().filter((p) => p.workshop_id === 1) }];
    if (url === API.products) return [200, { products: rows() }];
    const id = Number(url.match(/products\/(\d+)\/workshop$/)?.[1]);
    if (method === 'PUT' && id) {
      if (refuse) return [409, { error: 'Bu ürün şu an taşınamaz.', code: 'CONFLICT' }];
      const target = (body as { workshop_id: number | null }).workshop_id;
      workshopOf.set(id, target);
      return [200, { workshop_id: target, workshop_name: target ? 'Usta Ali' : null, message: target ? 'Ürün atölyeye atandı.' : 'Atama kaldırıldı.' }];
    }
    return [404, { error: 'Yok', code: 'NOT_FOUND' }];
  });
}

const screens = (
  <Routes>
    <Route path="/admin/workshops/:id/products" element={<WorkshopProductsScreen />} />
    <Route path="/admin/workshops/:id/all-products" element={<AllProductsScreen />} />
  </Routes>
);

beforeEach(() => storeLogin(2, 'Admin'));

test("an assignment shows the product in the workshop's list from the answer alone, and a removal takes it out", async () => {
  const calls = server();
  const { t } = renderApp(screens, '/admin/workshops/1/products');
  expect(await screen.findByRole('cell', { name: 'Yüzük' })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: t('workshops:assign') }));
  const dialog = await screen.findByRole('dialog', { name: t('workshops:assignTitle') });
  const select = within(dialog).getByLabelText(t('workshops:productLabel'));
  await within(dialog).findByRole('option', { name: '12 - Kolye' });
  fireEvent.change(select, { target: { value: '12' } });
  fireEvent.click(within(dialog).getByRole('button', { name: t('workshops:assignButton') }));
  expect(await screen.findByRole('cell', { name: 'Kolye' })).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: t('workshops:removeOf', { title: 'Yüzük' }) }));
  await waitFor(() => expect(screen.queryByRole('cell', { name: 'Yüzük' })).toBeNull());
  expect(screen.getByRole('cell', { name: 'Kolye' })).toBeInTheDocument();

  // One read of each list; the writes' answers did the rest.
  const reads = calls.filter((c) => c.method === 'GET').map((c) => c.url);
  expect(reads.filter((url) => url === API.products)).toHaveLength(1);
  expect(reads.filter((url) => url === API.workshopProducts(1))).toHaveLength(1);
  expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
    [API.productWorkshop(12), { workshop_id: 1 }],
    [API.productWorkshop(11), { workshop_id: null }],
  ]);
});

test('moving a product here on the all-products screen updates its row without reading the list again', async () => {
  const calls = server();
  const { t } = renderApp(screens, '/admin/workshops/1/all-products');
  expect(await screen.findByText(t('workshops:counter', { shown: 3, total: 3 }))).toBeInTheDocument();
  expect(screen.getByText(t('workshops:assignedTo', { name: 'Usta Veli', id: 2 }))).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: t('workshops:moveOf', { title: 'Küpe' }) }));
  expect(await screen.findByRole('button', { name: t('workshops:removeOf', { title: 'Küpe' }) })).toBeInTheDocument();
  expect(screen.getAllByText(t('workshops:assignedTo', { name: 'Usta Ali', id: 1 }))).toHaveLength(2);

  fireEvent.click(screen.getByRole('button', { name: t('workshops:removeOf', { title: 'Yüzük' }) }));
  await waitFor(() => expect(screen.getAllByText(t('workshops:unassigned'))).toHaveLength(2));
  expect(calls.filter((c) => c.method === 'GET' && c.url === API.products)).toHaveLength(1);
});

test('a refused removal shows the server sentence in the row and keeps the product', async () => {
  server(true);
  const { t } = renderApp(screens, '/admin/workshops/1/products');
  const remove = await screen.findByRole('button', { name: t('workshops:removeOf', { title: 'Yüzük' }) });
  fireEvent.click(remove);
  expect(await screen.findByText('Bu ürün şu an taşınamaz.')).toBeInTheDocument();
  expect(screen.getByRole('cell', { name: 'Yüzük' })).toBeInTheDocument();
  expect(remove).toBeEnabled();
});
