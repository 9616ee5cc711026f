import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { strFromU8, unzipSync } from 'fflate';
import { type Cell, saveFile, type SheetColumn, sheetCells, sheetPages } from '../../components/excel';
import { openSheetWriter, type SheetWriter } from '../../components/sheetWriter';
import { mockFetch, renderApp } from '../../test-utils';
import { ExportProgress, exportRequested, selectExport, selectExportProgress } from '.';
import { nextSliceRows } from './sagas';

/* jsdom has no Worker: the export writes with the same writer code on this thread, behind the seam. */
/* A sheet's row limit made small enough to reach here. */
jest.mock('../../components/excel', () => ({ ...jest.requireActual('../../components/excel'), saveFile: jest.fn(), SHEET_ROWS_MAX: 5000 }));
jest.mock('../../components/sheetWriter', () => {
  const actual = jest.requireActual('../../components/sheetWriter');
  return { ...actual, openSheetWriter: jest.fn(actual.openSheetWriter) };
});

const KEY = 'test:orders';

interface Line {
  id: number;
  title: string;
  at: string;
}
const COLUMNS: SheetColumn<Line>[] = [
  { header: 'Sipariş Ürün ID', type: 'number', value: (r) => r.id },
  { header: 'Ürün Adı', value: (r) => r.title },
  { header: 'Oluşturulma Tarihi', type: 'date', value: (r) => r.at },
];
const lines = (count: number): Line[] => Array.from({ length: count }, (_, i) => ({ id: i + 1, title: `Yüzük ${i + 1}`, at: '2026-11-20T09:00:00.000Z' }));

/** What a screen dispatches for its export. */
function start(store: ReturnType<typeof renderApp>['store'], rows: readonly Line[], key = KEY) {
  act(() => {
    store.dispatch(
      exportRequested({ key, fileName: 'siparisler.xlsx', sheetName: 'Siparişler', ...sheetCells(COLUMNS, rows), emptyKey: 'orders:nothingToExport', failedKey: 'orders:exportFailed' }),
    );
  });
}

/** A writer the test drives: each slice waits until the test lets it through (release). */
function heldWriter(total: number) {
  const slices: Cell[][][] = [];
  const release: Array<() => void> = [];
  const writer: SheetWriter = {
    write: (rows) => {
      slices.push(rows);
      return new Promise<void>((resolve) => release.push(resolve));
    },
    written: () => Math.min(total, slices.flat().length),
    finish: async () => new Blob(['xlsx']),
    close: jest.fn(),
  };
  jest.mocked(openSheetWriter).mockImplementationOnce(async () => writer);
  return { writer, slices, release: () => release.shift()?.() };
}

function readBlob(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

beforeEach(() => {
  jest.mocked(saveFile).mockClear();
  jest.mocked(openSheetWriter).mockClear();
  mockFetch(() => [200, {}]);
});

test('the export writes its rows a slice at a time, tells its progress and saves the file under its name', async () => {
  const { store } = renderApp(<ExportProgress exportKey={KEY} />);
  const progress: number[] = [];
  store.subscribe(() => {
    const now = selectExportProgress(store.getState(), KEY) ?? 0;
    if (now !== progress[progress.length - 1]) progress.push(now);
  });
  start(store, lines(3000));
  expect(selectExport(store.getState(), KEY)?.status).toBe('busy');
  await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(selectExport(store.getState(), KEY)?.status).toBe('done'));

  // Several slices, each told as it was written.
  expect(progress.length).toBeGreaterThan(3);
  expect(progress.slice(0, -1)).toEqual([...progress.slice(0, -1)].sort((a, b) => a - b));
  expect(progress.at(-2)).toBe(1);
  const [file, name] = jest.mocked(saveFile).mock.calls[0];
  expect(name).toBe('siparisler.xlsx');
  const sheet = strFromU8(unzipSync(await readBlob(file))['xl/worksheets/sheet1.xml']);
  expect(sheet.match(/<row /g)).toHaveLength(3001);
  expect(sheet).toContain('<t>Oluşturulma Tarihi</t>');
  // Row 3000: its id as a number, its date as a serial number in the date style.
  expect(sheet).toContain('<row r="3001"><c r="A3001"><v>3000</v></c><c r="B3001" t="inlineStr"><is><t>Yüzük 3000</t></is></c><c r="C3001" s="2"><v>');
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
});

test("the bar shows how far the export is, and 'İptal' stops it: the writer is closed and no file is saved", async () => {
  const { store } = renderApp(<ExportProgress exportKey={KEY} />);
  const held = heldWriter(1000);
  start(store, lines(1000));
  await waitFor(() => expect(held.slices).toHaveLength(1));
  act(() => held.release());
  await waitFor(() => expect(held.slices).toHaveLength(2));
  // Told once the first slice was written.
  const percent = Math.floor((held.slices[0].length / 1000) * 100);
  const bar = await screen.findByRole('progressbar', { name: `Excel hazırlanıyor: %${percent}` });
  expect(bar).toHaveAttribute('value', String(percent));

  fireEvent.click(screen.getByRole('button', { name: 'İptal' }));
  expect(held.writer.close).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  expect(selectExport(store.getState(), KEY)).toBeUndefined();
  // The cancelled export's slice is let go: its saga has ended, so nothing follows (the promise callbacks run out).
  await act(async () => {
    held.release();
    for (let i = 0; i < 20; i++) await Promise.resolve();
  });
  expect(saveFile).not.toHaveBeenCalled();
  expect(held.slices).toHaveLength(2);
});

test('asking for the same export again ends the one under way; the new one saves its file', async () => {
  const { store } = renderApp(<ExportProgress exportKey={KEY} />);
  const held = heldWriter(1000);
  start(store, lines(1000));
  await waitFor(() => expect(held.slices).toHaveLength(1));
  start(store, lines(10));
  expect(held.writer.close).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(selectExport(store.getState(), KEY)?.status).toBe('done'));
  expect(saveFile).toHaveBeenCalledTimes(1);
});

test('an empty sheet says so without writing; a failing writer says the export failed and is closed', async () => {
  const { store } = renderApp(<ExportProgress exportKey={KEY} />);
  start(store, []);
  expect(selectExport(store.getState(), KEY)).toEqual({ status: 'failed', notice: { kind: 'error', key: 'orders:nothingToExport' } });
  expect(openSheetWriter).not.toHaveBeenCalled();

  const close = jest.fn();
  jest.mocked(openSheetWriter).mockImplementationOnce(async () => ({
    write: async () => Promise.reject(new Error('disk full')),
    written: () => 0,
    finish: async () => new Blob([]),
    close,
  }));
  start(store, lines(5));
  await waitFor(() => expect(selectExport(store.getState(), KEY)?.status).toBe('failed'));
  expect(selectExport(store.getState(), KEY)?.notice).toEqual({ kind: 'error', key: 'orders:exportFailed' });
  expect(close).toHaveBeenCalledTimes(1);
  expect(saveFile).not.toHaveBeenCalled();
});

test('slices grow while they are quick and shrink when slow, by at most half or double at a time', () => {
  expect(nextSliceRows(200, 2)).toBe(400);
  expect(nextSliceRows(1000, 16)).toBe(1000);
  expect(nextSliceRows(1000, 24)).toBe(667);
  expect(nextSliceRows(1000, 400)).toBe(500);
  expect(nextSliceRows(4000, 1)).toBe(5000);
  expect(nextSliceRows(1, 1000)).toBe(1);
});

test('rows read as the sheet is written: each part is asked for once the one before is handed over, and a sheet stops at its row limit with a sentence', async () => {
  const { store } = renderApp(<ExportProgress exportKey={KEY} />);
  const all = lines(6000);
  const asked: number[] = [];
  let written = 0;
  jest.mocked(openSheetWriter).mockImplementationOnce(async () => ({
    write: async (rows) => {
      // A part is never asked for before the rows of the one before it reach the writer.
      expect(asked.length * 2000 - written).toBeLessThanOrEqual(2000);
      written += rows.length;
    },
    written: () => written,
    finish: async () => new Blob(['xlsx']),
    close: () => undefined,
  }));
  const next = async () => {
    asked.push(asked.length);
    const part = all.slice((asked.length - 1) * 2000, asked.length * 2000);
    return part.length > 0 ? part : null;
  };
  act(() => {
    store.dispatch(exportRequested({ key: KEY, fileName: 'arsiv.xlsx', sheetName: 'Arşiv', ...sheetPages(COLUMNS, next), emptyKey: 'archive:export.empty', failedKey: 'archive:export.failed' }));
  });
  expect(selectExportProgress(store.getState(), KEY)).toBeNull();
  await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  expect(written).toBe(5000);
  // The third part held the rows past the limit: nothing more was read.
  expect(asked).toHaveLength(3);
  expect(selectExport(store.getState(), KEY)).toEqual({ status: 'done', notice: { kind: 'info', key: 'common:export.capped', params: { count: 5000 } } });
});

test('a sheet read as written with no rows says so; a part that cannot be read gives the reason', async () => {
  const { store } = renderApp(<ExportProgress exportKey={KEY} />);
  act(() => {
    store.dispatch(exportRequested({ key: KEY, fileName: 'a.xlsx', sheetName: 'A', ...sheetPages(COLUMNS, async () => []), emptyKey: 'archive:export.empty', failedKey: 'archive:export.failed' }));
  });
  await waitFor(() => expect(selectExport(store.getState(), KEY)?.notice).toEqual({ kind: 'error', key: 'archive:export.empty' }));
  act(() => {
    store.dispatch(
      exportRequested({ key: KEY, fileName: 'a.xlsx', sheetName: 'A', ...sheetPages(COLUMNS, () => Promise.reject(new Error('offline'))), emptyKey: 'archive:export.empty', failedKey: 'archive:export.failed' }),
    );
  });
  await waitFor(() => expect(selectExport(store.getState(), KEY)).toEqual({ status: 'failed', notice: { kind: 'error', key: 'archive:export.failed' } }));
  expect(saveFile).not.toHaveBeenCalled();
});
