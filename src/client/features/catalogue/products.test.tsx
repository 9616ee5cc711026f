import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { API, type ProductDto } from '../../../shared/api';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import AllProductsScreen from '../workshops/AllProductsScreen';
import ProductCatalogScreen from './ProductCatalogScreen';

const AT = '2026-11-20T09:00:00.000Z';
function product(id: number, title: string): ProductDto {
  return {
    id, title, workshop_id: null, picture_url: null, shopify_product_id: null, shopify_variant_id: null, material_id: 31, chain_length_id: null, size_id: null,
    color_id: null, karat_id: null, production_expected_days: 7, product_group: null, category: null, min_price: null, max_price: null, expected_weight: null,
    workmanship_rate: null, price: null, vendor: null, sku: null, user_id: null, our_product_id: null, created_at: AT, updated_at: AT,
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

test('the catalogue and the assignment screen show one read of the products; only a sync reads them again', async () => {
  let synced = false;
  const calls = mockFetch((method, url) => {
    if (url === API.products) return [200, { products: synced ? [product(1, 'Yüzük'), product(2, 'Kolye')] : [product(1, 'Yüzük')] }];
    if (url === API.productOptionValues) return [200, { product_option_values: [{ id: 31, option_id: 1, value_name: 'Altın' }] }];
    if (method === 'POST' && url === API.catalogueSync) {
      synced = true;
      return [200, {}];
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
