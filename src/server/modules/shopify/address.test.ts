import { storeDomain, storedDomain, storeUrl } from './address';

test('a store name becomes its myshopify address; a domain stays as typed, lower-case, without scheme or path', () => {
  expect(storeDomain('atelier')).toBe('atelier.myshopify.com');
  expect(storeDomain('  Atelier-Kuyum ')).toBe('atelier-kuyum.myshopify.com');
  expect(storeDomain('Atelier.myshopify.com')).toBe('atelier.myshopify.com');
  expect(storeDomain('https://atelier.myshopify.com/admin/products?x=1')).toBe('atelier.myshopify.com');
  expect(storeDomain('http://shop.example.com/')).toBe('shop.example.com');
});

test('a store is reached directly, or under /shops/<domain> of the local Shopify-protocol server', () => {
  expect(storeUrl('atelier.myshopify.com', '/admin/oauth/access_token', null)).toBe('https://atelier.myshopify.com/admin/oauth/access_token');
  expect(storeUrl('atelier.myshopify.com', '/admin/api/2026-10/graphql.json', 'http://127.0.0.1:4100')).toBe(
    'http://127.0.0.1:4100/shops/atelier.myshopify.com/admin/api/2026-10/graphql.json',
  );
});

test('a store record keeps a domain only when what was typed can name a host', () => {
  expect(storedDomain('atolye-test')).toBe('atolye-test.myshopify.com');
  expect(storedDomain('Shop.Example.com')).toBe('shop.example.com');
  expect(storedDomain('Ayşe Mağaza')).toBeNull();
});
