import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { API } from '../../../shared/api';
import { TICKETS_MAX, type TicketDto } from '../../../shared/api/tickets';
import { Role } from '../../../shared/roles';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import TicketsScreen from './TicketsScreen';
import { TicketsButton } from '.';

const TICKET: TicketDto = {
  id: 7,
  barcode: '2000000000077',
  order_id: 3,
  order_number: 'SP-1001',
  product_id: 2,
  product_title: 'Harf Kolye',
  material_id: 31,
  color_id: 32,
  size_id: null,
  chain_length_id: 33,
  karat_id: 34,
  customization_option: 'Ayşe',
  font: 'Script',
  customer_note: 'Zincir ince olsun',
  production_expected_date: '2026-12-04T09:00:00.000Z',
  urgent: true,
  workshop_id: 5,
  workshop_name: 'Usta Kuyum',
  item_index: 1,
  item_count: 2,
};
const PLAIN: TicketDto = { ...TICKET, id: 8, barcode: '2000000000084', item_index: 2, urgent: false, customization_option: null, font: null, customer_note: null, workshop_id: null, workshop_name: null };
const OPTION_VALUES = [
  { id: 31, option_id: 1, value_name: 'Altın' },
  { id: 32, option_id: 2, value_name: 'Rose' },
  { id: 33, option_id: 3, value_name: '45 cm' },
  { id: 34, option_id: 5, value_name: '14 Ayar' },
];

/** Answers the ticket route with `tickets` (or a refusal) and every list the lookups read. */
function serve(tickets: [number, unknown]) {
  return mockFetch((_method, url) => {
    if (url.startsWith(API.tickets)) return tickets;
    if (url === API.productOptionValues) return [200, { product_option_values: OPTION_VALUES }];
    return [200, {}];
  });
}

const ticketsOf = () => screen.getAllByRole('article');

beforeEach(() => storeLogin(Role.Admin, 'Admin'));

test('a ticket holds the barcode as a drawn symbol with its digits as text, the order, the product and its options, the work, the note, the date, the urgent mark and the workshop', async () => {
  const calls = serve([200, { tickets: [TICKET, PLAIN] }]);
  const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
  const { t, container } = renderApp(<TicketsScreen />, '/tickets?lines=7,8');
  // The print waits for every symbol.
  const printButton = screen.getByRole('button', { name: t('tickets:print') });
  expect(printButton).toBeDisabled();
  expect(await screen.findByText(t('tickets:count', { count: 2 }))).toHaveAttribute('role', 'status');
  expect(calls.some((call) => call.url === `${API.tickets}?lines=7,8`)).toBe(true);

  const [first, second] = ticketsOf();
  expect(first).toHaveAccessibleName(t('tickets:ticket', { barcode: TICKET.barcode }));
  const symbol = first.querySelector('.ticket-symbol svg');
  expect(symbol).not.toBeNull();
  // An EAN-13 drawn: bars as SVG paths, and no digits inside the symbol; they are the ticket's text.
  expect(symbol!.querySelectorAll('path').length).toBeGreaterThan(0);
  expect(symbol!.querySelector('text')).toBeNull();
  expect(within(first).getByText(TICKET.barcode)).toHaveClass('ticket-digits');
  await within(first).findByText(`${t('orders:columns.material')}: Altın · ${t('orders:columns.chain_length')}: 45 cm · ${t('orders:columns.color')}: Rose · ${t('orders:columns.karat')}: 14 Ayar`);
  expect(first).toHaveTextContent(`SP-1001 (${t('tickets:piece', { index: 1, count: 2 })})`);
  expect(first).toHaveTextContent('Harf Kolye');
  expect(first).toHaveTextContent(`${t('tickets:customization')}: Ayşe (${t('tickets:font')}: Script)`);
  expect(first).toHaveTextContent(`${t('tickets:note')}: Zincir ince olsun`);
  expect(first).toHaveTextContent(`${t('tickets:expected')}: 04.12.2026`);
  expect(within(first).getByText(t('tickets:urgent'))).toHaveClass('ticket-urgent');
  expect(first).toHaveTextContent('Usta Kuyum');
  // The plain piece: no urgent mark, no work or note, and says it waits for a workshop.
  expect(within(second).queryByText(t('tickets:urgent'))).not.toBeInTheDocument();
  expect(second).not.toHaveTextContent(t('tickets:customization'));
  expect(second).toHaveTextContent(t('tickets:noWorkshop'));
  expect(container.querySelectorAll('.ticket-symbol svg')).toHaveLength(2);

  expect(printButton).toBeEnabled();
  fireEvent.click(printButton);
  expect(print).toHaveBeenCalledTimes(1);
  print.mockRestore();
});

test('the layout is chosen on the page: thermal labels one a page by default, A4 label sheets when chosen', async () => {
  serve([200, { tickets: [TICKET, PLAIN] }]);
  const { t, container } = renderApp(<TicketsScreen />, '/tickets?order=3');
  await screen.findByText(t('tickets:count', { count: 2 }));
  const sheet = () => container.querySelector('style')!.textContent!;
  const list = screen.getByRole('region', { name: t('tickets:title') });
  expect(screen.getByRole('radio', { name: t('tickets:layout.thermal') })).toBeChecked();
  expect(list).toHaveClass('tickets-thermal');
  expect(sheet()).toContain('size: 58mm 40mm');
  expect(sheet()).toContain('.ticket + .ticket { break-before: page; }');

  fireEvent.click(screen.getByRole('radio', { name: t('tickets:layout.a4') }));
  expect(screen.getByRole('radio', { name: t('tickets:layout.a4') })).toBeChecked();
  expect(list).toHaveClass('tickets-a4');
  expect(sheet()).toContain('size: A4');
  expect(sheet()).not.toContain('58mm 40mm');
  // The same tickets: switching draws nothing again and loses nothing.
  expect(ticketsOf()).toHaveLength(2);
});

test("a refused line is told in the server's sentence, in the reader's language, and no ticket shows", async () => {
  serve([404, { error: 'Bu satırların fişi basılamaz: 9.', code: 'NOT_FOUND', message: { key: 'errors:ticketLinesRefused', values: { ids: '9' } } }]);
  const { t } = renderApp(<TicketsScreen />, '/tickets?lines=7,9', { language: 'en' });
  expect(await screen.findByRole('alert')).toHaveTextContent(t('errors:ticketLinesRefused', { ids: '9' }));
  expect(screen.getByRole('alert')).toHaveTextContent('No ticket can be printed for these lines: 9.');
  expect(screen.queryByRole('article')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: t('tickets:print') })).toBeDisabled();
});

test(`more than ${TICKETS_MAX} lines are refused with a sentence before any is asked for; an address naming none says so`, async () => {
  const calls = serve([200, { tickets: [] }]);
  const ids = Array.from({ length: TICKETS_MAX + 1 }, (_, i) => i + 1).join(',');
  const { t, unmount } = renderApp(<TicketsScreen />, `/tickets?lines=${ids}`);
  expect(screen.getByRole('alert')).toHaveTextContent(t('validation:ticketsTooMany', { max: TICKETS_MAX }));
  unmount();
  renderApp(<TicketsScreen />, '/tickets');
  expect(screen.getByText(t('tickets:none'))).toBeInTheDocument();
  expect(calls.filter((call) => call.url.startsWith(API.tickets))).toEqual([]);
});

test('the loading state comes first, then the empty sentence when the server has no ticket', async () => {
  serve([200, { tickets: [] }]);
  const { t } = renderApp(<TicketsScreen />, '/tickets?order=3');
  expect(screen.getByRole('status')).toHaveTextContent(t('common:loading'));
  expect(await screen.findByText(t('tickets:empty'))).toBeInTheDocument();
});

describe("the grid's button", () => {
  function Where() {
    const location = useLocation();
    return <p data-testid="where">{location.pathname + location.search}</p>;
  }
  const host = (rows: Array<{ id: number; order_id: number }>) => (
    <Routes>
      <Route path="/admin/orders" element={<TicketsButton selected={() => rows} />} />
      <Route path="/tickets" element={<Where />} />
    </Routes>
  );

  test('opens the tickets of the selected rows, or of their one order', () => {
    const { t, unmount } = renderApp(host([{ id: 4, order_id: 2 }, { id: 9, order_id: 2 }]), '/admin/orders');
    fireEvent.click(screen.getByRole('button', { name: t('tickets:button.lines') }));
    expect(screen.getByTestId('where')).toHaveTextContent('/tickets?lines=4,9');
    unmount();
    renderApp(host([{ id: 4, order_id: 2 }]), '/admin/orders');
    fireEvent.click(screen.getByRole('button', { name: t('tickets:button.order') }));
    expect(screen.getByTestId('where')).toHaveTextContent('/tickets?order=2');
  });

  test('says what is missing: a selection, one order, or fewer lines', () => {
    const { t, unmount } = renderApp(host([]), '/admin/orders');
    fireEvent.click(screen.getByRole('button', { name: t('tickets:button.lines') }));
    expect(screen.getByRole('status')).toHaveTextContent(t('tickets:button.selectFirst'));
    unmount();
    const two = renderApp(host([{ id: 4, order_id: 2 }, { id: 5, order_id: 3 }]), '/admin/orders');
    fireEvent.click(screen.getByRole('button', { name: t('tickets:button.order') }));
    expect(screen.getByRole('status')).toHaveTextContent(t('tickets:button.oneOrder'));
    two.unmount();
    renderApp(host(Array.from({ length: TICKETS_MAX + 1 }, (_, i) => ({ id: i + 1, order_id: 1 }))), '/admin/orders');
    fireEvent.click(screen.getByRole('button', { name: t('tickets:button.lines') }));
    expect(screen.getByRole('alert')).toHaveTextContent(t('validation:ticketsTooMany', { max: TICKETS_MAX }));
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
  });
});
