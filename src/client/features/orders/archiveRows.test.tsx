import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API, type ArchiveLineDto, type LineArchiveDto } from '../../../shared/api';
import { saveFile } from '../../components/excel';
import { openSheetWriter } from '../../components/sheetWriter';
import { failOnConsoleErrors, line, openScreen } from '../../../../test/orders-screen';

/* The grid's limit made small enough to reach here; jsdom has no Worker, and the file is only handed to saveFile. */
jest.mock('../archive/limits', () => ({ ARCHIVE_GRID_MAX: 1000 }));
jest.mock('../../components/excel', () => ({ ...jest.requireActual('../../components/excel'), saveFile: jest.fn() }));
jest.mock('../../components/sheetWriter', () => {
  const actual = jest.requireActual('../../components/sheetWriter');
  return { ...actual, openSheetWriter: jest.fn(actual.openSheetWriter) };
});

failOnConsoleErrors();
jest.setTimeout(30_000);

const archived = (id: number, patch: Partial<ArchiveLineDto> = {}): ArchiveLineDto => ({ ...line(id), closed_at: '2026-10-01T09:00:00.000Z', canceled_at: '2026-10-01T09:00:00.000Z', ...patch });
const page = (orders: ArchiveLineDto[], next: string | null = null): LineArchiveDto => ({ orders, has_more: next !== null, next });

/** The admin grid over two everyday lines; `pages` answers the archive's requests by their query. */
function open(pages: (query: URLSearchParams) => LineArchiveDto) {
  return openScreen([line(1), line(2)], (_method, url) => {
    const [route, query] = url.split('?');
    return route === API.lineArchive ? [200, pages(new URLSearchParams(query))] : undefined;
  });
}

const rowIds = () => [...new Set([...document.querySelectorAll('.ag-row[row-id]')].map((row) => row.getAttribute('row-id')))].sort();

/** Opens the archive's form from the grid's toolbar and runs it with `text` searched. */
function runQuery(text: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Arşiv sorgusu' }));
  const form = screen.getByRole('dialog', { name: 'Arşiv sorgusunu ızgarada göster' });
  fireEvent.change(within(form).getByLabelText('Arama'), { target: { value: text } });
  fireEvent.click(within(form).getByRole('button', { name: 'Ara' }));
}

test("an archive query run from the toolbar becomes the grid's rows, named above it, apart from the everyday lines; the way back shows them again", async () => {
  const { store, calls } = open((query) => page(query.get('q') === 'B2B-000007' ? [archived(7)] : []));
  expect(await screen.findByText('2 / 2 satır')).toBeInTheDocument();
  await waitFor(() => expect(rowIds()).toEqual(['1', '2']));
  // The form's lists are read once it opens, not with every visit of the grid.
  expect(calls.filter((c) => c.url === API.products)).toHaveLength(0);

  runQuery('B2B-000007');
  const banner = await screen.findByRole('region', { name: 'Arşiv sorgusu' });
  expect(banner).toHaveTextContent('Izgara güncel satırları değil, bir arşiv sorgusunu gösteriyor: Arama: B2B-000007');
  await waitFor(() => expect(rowIds()).toEqual(['7']));
  expect(await screen.findByText('1 / 1 satır')).toBeInTheDocument();
  // The grid's own quick filter works on them as on the everyday lines.
  fireEvent.change(screen.getByRole('searchbox', { name: 'Tüm sütunlarda ara' }), { target: { value: 'yok-böyle-bir-şey' } });
  expect(await screen.findByText('0 / 1 satır')).toBeInTheDocument();
  fireEvent.change(screen.getByRole('searchbox', { name: 'Tüm sütunlarda ara' }), { target: { value: '' } });
  expect(await screen.findByText('1 / 1 satır')).toBeInTheDocument();
  // Read page after page, the largest the server gives; never put among the everyday lines.
  const asked = calls.filter((c) => c.url.startsWith(API.lineArchive)).map((c) => new URLSearchParams(c.url.split('?')[1]));
  expect(asked.map((query) => [query.get('q'), query.get('limit')])).toEqual([['B2B-000007', '500']]);
  expect(store.getState().orderLines.entities[7]).toBeUndefined();

  fireEvent.click(within(banner).getByRole('button', { name: 'Güncel satırlara dön' }));
  expect(screen.queryByRole('region', { name: 'Arşiv sorgusu' })).not.toBeInTheDocument();
  await waitFor(() => expect(rowIds()).toEqual(['1', '2']));
  expect(await screen.findByText('2 / 2 satır')).toBeInTheDocument();
});

test("a query larger than the grid's limit fills it, says so with the count and exports the whole query page after page", async () => {
  const full = (from: number) => Array.from({ length: 500 }, (_, i) => archived(from + i));
  // Pages of 500 without end: 1,000 lines fill the grid; the export reads three pages, the last one short.
  const { calls } = open((query) => {
    const after = Number(query.get('after') ?? 0);
    return after < 1000 ? page(full(100 + after), String(after + 500)) : page([archived(5000)]);
  });
  expect(await screen.findByText('2 / 2 satır')).toBeInTheDocument();
  runQuery('');
  const banner = await screen.findByRole('region', { name: 'Arşiv sorgusu' });
  expect(await within(banner).findByText('Sorgu 1.000 satırdan fazlasını tutuyor; ızgara ilk 1.000 satırı gösteriyor.')).toBeInTheDocument();
  expect(banner).toHaveTextContent('gösteriyor: tüm satırlar');
  expect(await screen.findByText('1.000 / 1.000 satır')).toBeInTheDocument();
  const read = () => calls.filter((c) => c.url.startsWith(API.lineArchive)).map((c) => new URLSearchParams(c.url.split('?')[1]).get('after'));
  // Two pages and the one after them, which tells there is more.
  expect(read()).toEqual([null, '500', '1000']);

  let written = 0;
  jest.mocked(openSheetWriter).mockImplementationOnce(async () => ({
    write: async (rows) => void (written += rows.length),
    written: () => written,
    finish: async () => new Blob(['xlsx']),
    close: () => undefined,
  }));
  fireEvent.click(within(banner).getByRole('button', { name: "Sorgunun tamamını Excel'e aktar" }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  expect(written).toBe(1001);
  expect(read().slice(3)).toEqual([null, '500', '1000']);
  expect(jest.mocked(saveFile).mock.calls[0][1]).toMatch(/^siparisler_.*\.xlsx$/);
});
