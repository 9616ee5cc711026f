import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API } from '../../../shared/api';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import { ManualOrderForm } from './ManualOrderForm';

/* The manual order's product picker: a searchable list, with photo and price, used by keyboard or mouse. */

const CUSTOMER = {
  id: 3, name: 'Ayşe Yılmaz', email: 'a@example.com', phone: '0532', address: 'Bağdat Cd. 1', city: 'İstanbul', country: 'TR', zip_code: '34728',
  credit: 50_000, credit_currency: 'TRY', currency: 'TRY', open_order_amount: 0, available_credit: 50_000, other_currency_open_amounts: [],
};
const CATALOGUE = [
  { id: 5, title: 'Tektaş Yüzük', price: 2000, currency: 'TRY', sku: 'YZK-100', picture_url: '/img/tektas.jpg' },
  { id: 6, title: 'Zincir Kolye', price: 500, currency: 'TRY', sku: 'KLY-7', picture_url: null },
  { id: 7, title: 'IŞIK Küpe', price: 750, currency: 'TRY', sku: null, picture_url: null },
  ...Array.from({ length: 297 }, (_, i) => ({ id: 100 + i, title: `Model ${i}`, price: 100, currency: 'TRY', sku: `M-${i}`, picture_url: null })),
];

function start() {
  storeLogin(5, 'Musteri');
  const calls = mockFetch((method, url) => {
    if (url === API.myCustomer) return [200, { customer: CUSTOMER }];
    if (url === API.products) return [200, { products: CATALOGUE }];
    if (method === 'POST') return [201, { order: { id: 1, order_number: 'B2B-000001', first_line_id: 41, lines: 1 }, message: 'Sipariş oluşturuldu.' }];
    return [200, {}];
  });
  const rendered = renderApp(<ManualOrderForm />);
  const box = () => screen.getByRole('combobox', { name: `${rendered.t('customerOrders:form.product')} 1` });
  return { ...rendered, calls, box };
}
const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);

test('typing filters the 300 products by title or code, Turkish capitals alike; each shows its photo and price', async () => {
  const { t, box } = start();
  await screen.findByDisplayValue('Bağdat Cd. 1');
  expect(box()).toHaveAttribute('aria-expanded', 'false');
  fireEvent.click(box());
  await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(300));
  expect(box()).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('listbox', { name: `${t('customerOrders:form.product')} 1` })).toBeVisible();

  fireEvent.change(box(), { target: { value: 'TEKTAŞ' } });
  expect(optionNames()).toEqual(['5 - Tektaş Yüzük₺2.000,00']);
  const option = screen.getByRole('option');
  expect(within(option).getByRole('presentation')).toHaveAttribute('src', '/img/tektas.jpg');

  // Dotted and dotless i fold alike: 'ışık' finds 'IŞIK'; a SKU finds its product; every word must match.
  fireEvent.change(box(), { target: { value: 'ışık' } });
  expect(optionNames()).toEqual(['7 - IŞIK Küpe₺750,00']);
  fireEvent.change(box(), { target: { value: 'kly-7' } });
  expect(optionNames()).toEqual(['6 - Zincir Kolye₺500,00']);
  fireEvent.change(box(), { target: { value: 'zincir yüzük' } });
  expect(optionNames()).toEqual([]);
  expect(screen.getByRole('status')).toHaveTextContent(t('customerOrders:form.noProductMatches'));
});

test('arrow keys mark an option, Enter takes it without sending the form, Escape closes the list and keeps the choice', async () => {
  const { box, calls } = start();
  await screen.findByDisplayValue('Bağdat Cd. 1');
  fireEvent.change(box(), { target: { value: 'e' } });
  await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(2));
  const marked = () => document.getElementById(box().getAttribute('aria-activedescendant') ?? '')?.textContent;
  expect(marked()).toMatch(/^5 - Tektaş Yüzük/);
  fireEvent.keyDown(box(), { key: 'ArrowDown' });
  expect(marked()).toMatch(/^6 - Zincir Kolye/);
  expect(screen.getByRole('option', { selected: true })).toHaveTextContent('Zincir Kolye');
  fireEvent.keyDown(box(), { key: 'ArrowDown' });
  fireEvent.keyDown(box(), { key: 'ArrowUp' });
  fireEvent.keyDown(box(), { key: 'Enter' });
  expect(box()).toHaveValue('6 - Zincir Kolye');
  expect(box()).toHaveAttribute('aria-expanded', 'false');
  expect(screen.getByTestId('order-amount')).toHaveTextContent('₺500,00');
  expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

  // Escape: typed text that chose nothing goes, the choice stays.
  fireEvent.change(box(), { target: { value: 'Model 1' } });
  expect(box()).toHaveAttribute('aria-expanded', 'true');
  fireEvent.keyDown(box(), { key: 'Escape' });
  expect(box()).toHaveValue('6 - Zincir Kolye');
  expect(box()).toHaveAttribute('aria-expanded', 'false');
  // The list opens again from the keyboard.
  fireEvent.keyDown(box(), { key: 'ArrowDown' });
  expect(box()).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getAllByRole('option')).toHaveLength(300);
});
