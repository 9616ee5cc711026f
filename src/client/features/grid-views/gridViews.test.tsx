import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  type ColDef,
  ColumnApiModule,
  createGrid,
  ExternalFilterModule,
  type GridApi,
  type GridState,
  GridStateModule,
  ModuleRegistry,
  QuickFilterModule,
  TextFilterModule,
} from 'ag-grid-community';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { API, type GridViewsDto } from '../../../shared/api';
import { inLineView, isLineViewKey, type ViewLine } from '../../../shared/views';
import { jsonResponse, mockFetch, renderApp, storeLogin, testStore } from '../../test-utils';
import { SAVE_DELAY_MS } from './sagas';
import { gridStateChanged, selectGridViews } from './slice';
import { defaultGridState, rowsChanged, sameViewState, savedGridState, stateToApply, type ViewState, withColumnsAdded } from './viewState';
import { useGridViews, ViewMenu } from '.';

ModuleRegistry.registerModules([ClientSideRowModelModule, ClientSideRowModelApiModule, TextFilterModule, ExternalFilterModule, GridStateModule, ColumnApiModule, QuickFilterModule]);

/* A small grid with the order grid's column ids, and the ids the built-in views filter by. */
interface Row extends ViewLine {
  id: number;
  order_number: string;
  status: string;
  quality_control: string;
  urgent: string;
  production_expected_date: string;
}

const ids = (status: number, quality: number | null): Omit<ViewLine, 'production_expected_date'> => ({ order_line_status_id: status, quality_control_id: quality, canceled_at: null, workshop_id: 1, delivery_to_office: null, late_risk: null });
const ROWS: Row[] = [
  { id: 1, order_number: 'A-1', status: 'Bekliyor', quality_control: '', urgent: '', production_expected_date: '2026-12-05', ...ids(1, null) },
  { id: 2, order_number: 'A-2', status: 'Kalite Kontrol', quality_control: '', urgent: 'Acil', production_expected_date: '2026-12-03', ...ids(3, null) },
  { id: 3, order_number: 'A-3', status: 'Kalite Kontrol', quality_control: 'Reddedildi', urgent: 'Acil', production_expected_date: '2026-12-01', ...ids(3, 2) },
  { id: 4, order_number: 'A-4', status: 'Paketleme', quality_control: 'Onaylandı', urgent: '', production_expected_date: '2026-12-02', ...ids(4, 1) },
];

/* The rows of a built-in view, as the order grid filters them (its external filter). */
const builtInRows = (key: string | null | undefined) => (isLineViewKey(key) ? inLineView<Row>(key) : null);

/* As the order grid defines them: initial widths and visibility (the 'Acil' column hidden), the action column pinned right. */
const COLUMNS: ColDef<Row>[] = [
  { colId: 'order_number', field: 'order_number', initialWidth: 140 },
  { colId: 'status', field: 'status', initialWidth: 130 },
  { colId: 'quality_control', field: 'quality_control', initialWidth: 130 },
  { colId: 'urgent', field: 'urgent', initialWidth: 90, initialHide: true },
  { colId: 'production_expected_date', field: 'production_expected_date', initialWidth: 160 },
  { colId: 'action', initialWidth: 100, pinned: 'right', filter: false, sortable: false },
];

/* Constant, as a grid's options must be: a new object on a render would apply the column definitions again. */
const DEFAULT_COLUMN: ColDef<Row> = { sortable: true, filter: 'agTextColumnFilter', filterParams: { filterOptions: ['contains', 'blank'], maxNumConditions: 1 } };

let gridApi: GridApi<Row> | null = null;
/** States the grid has reported: the first one says it has opened. */
let reported = 0;

function TestGrid() {
  const element = useRef<HTMLDivElement>(null);
  const grid = useRef<GridApi<Row> | null>(null);
  const [shown, setShown] = useState('');
  const [quick, setQuick] = useState('');
  // The built-in view shown: undefined until one is applied (the grid opens with the saved one), null for none.
  const builtIn = useRef<string | null | undefined>(undefined);
  const defaultState = useMemo(() => defaultGridState(COLUMNS), []);
  const views = useGridViews('orders', {
    defaultState,
    apply: (state) => {
      builtIn.current = state.builtIn ?? null;
      grid.current?.setState(state.grid);
      grid.current?.onFilterChanged();
      setQuick(state.quickFilter ?? '');
    },
  });
  const latest = useRef(views);
  latest.current = views;
  const rows = () => builtInRows(builtIn.current === undefined ? latest.current.initialBuiltIn : builtIn.current);
  useEffect(() => {
    if (views.ready) setQuick(views.initialQuickFilter);
  }, [views.ready, views.initialQuickFilter]);
  // Made once the views are in, as the order grid is.
  useLayoutEffect(() => {
    if (!views.ready || !element.current) return;
    const api = createGrid<Row>(element.current, {
      rowData: ROWS,
      columnDefs: COLUMNS,
      defaultColDef: DEFAULT_COLUMN,
      getRowId: ({ data }) => String(data.id),
      initialState: latest.current.initialState,
      isExternalFilterPresent: () => rows() !== null,
      doesExternalFilterPass: (node) => rows()?.(node.data!) ?? true,
      onStateUpdated: (event) => {
        reported += 1;
        latest.current.onStateUpdated(event);
      },
      onModelUpdated: ({ api: updated }) => {
        const shownRows: string[] = [];
        updated.forEachNodeAfterFilterAndSort((node) => node.data && shownRows.push(node.data.order_number));
        setShown(shownRows.join(','));
      },
    });
    grid.current = gridApi = api;
    return () => {
      grid.current = null;
      api.destroy();
    };
  }, [views.ready]);
  useEffect(() => {
    if (grid.current && grid.current.getGridOption('quickFilterText') !== quick) grid.current.setGridOption('quickFilterText', quick);
  }, [quick, views.ready]);
  return (
    <>
      <input
        type="search"
        aria-label="quick"
        value={quick}
        onChange={(event) => {
          setQuick(event.target.value);
          views.onQuickFilterChanged(event.target.value);
        }}
      />
      <ViewMenu views={views} />
      {views.ready && <div ref={element} style={{ height: 300, width: 900 }} />}
      <output aria-label="shown">{shown}</output>
    </>
  );
}

type Answer = (method: string, url: string, body: unknown) => [number, unknown] | undefined;

function openGrid(loaded: GridViewsDto | [number, unknown] = { current: null, views: [] }, answer?: Answer) {
  storeLogin(2, 'Admin');
  const calls = mockFetch((method, url, body) => {
    const own = answer?.(method, url, body);
    if (own) return own;
    if (method === 'GET' && url === API.gridViews('orders')) return Array.isArray(loaded) ? loaded : [200, loaded];
    if (method === 'PUT' && url === API.gridViewsCurrent('orders')) return [200, { updated_at: '2026-11-23T10:00:00.000Z' }];
    return [404, { error: 'Kayıt bulunamadı.', code: 'NOT_FOUND' }];
  });
  const view = renderApp(<TestGrid />);
  return { ...view, calls, puts: () => calls.filter((c) => c.method === 'PUT' && c.url === API.gridViewsCurrent('orders')) };
}

const shown = () => screen.getByRole('status', { name: 'shown' }).textContent;
const menu = () => screen.getByRole('combobox', { name: 'Görünüm' });

/* AG Grid reports a missing module or a state it cannot apply only on the console. */
let consoleErrors: jest.SpyInstance;
let consoleWarnings: jest.SpyInstance;
beforeEach(() => {
  gridApi = null;
  reported = 0;
  consoleErrors = jest.spyOn(console, 'error');
  consoleWarnings = jest.spyOn(console, 'warn');
});
afterEach(() => {
  expect(consoleErrors).not.toHaveBeenCalled();
  // Redux Toolkit's development checks warn when a slow test machine takes them more than 32 ms.
  const gridWarnings = consoleWarnings.mock.calls.filter(([text]) => !/^(Serializable|Immutable)StateInvariantMiddleware took/.test(String(text)));
  expect(gridWarnings).toEqual([]);
  consoleErrors.mockRestore();
  consoleWarnings.mockRestore();
  jest.useRealTimers();
});

const saved = (grid: ViewState['grid'], quickFilter?: string): ViewState => (quickFilter === undefined ? { grid } : { grid, quickFilter });

test('the grid waits for the views, then opens with the saved current state', async () => {
  const current = { grid: { sort: { sortModel: [{ colId: 'production_expected_date', sort: 'desc' }] }, filter: { filterModel: { status: { filterType: 'text', type: 'contains', filter: 'Kalite' } } }, columnVisibility: { hiddenColIds: ['urgent'] } } };
  openGrid({ current, views: [] });
  expect(screen.getAllByText('Görünümler yükleniyor…').length).toBeGreaterThan(0);
  expect(menu()).toBeDisabled();
  await waitFor(() => expect(shown()).toBe('A-2,A-3'));
  expect(gridApi!.getColumn('urgent')!.isVisible()).toBe(false);
  expect(screen.queryByText('Görünümler yükleniyor…')).not.toBeInTheDocument();
  // The empty state of the user's own views.
  expect(within(menu()).getByRole('option', { name: 'Kayıtlı görünümünüz yok.' })).toBeDisabled();
});

test('the built-in views filter and sort the rows, keep the columns, and are saved once as the current state', async () => {
  const { puts, store } = openGrid();
  await waitFor(() => expect(shown()).toBe('A-1,A-2,A-3,A-4'));
  // The grid has reported the state it opened with.
  await waitFor(() => expect(reported).toBeGreaterThan(0));
  // The user widens a column; the grid reports it (the next moment), and a view chosen later keeps it.
  act(() => gridApi!.applyColumnState({ state: [{ colId: 'status', width: 321 }] }));
  await waitFor(() => expect(selectGridViews(store.getState(), 'orders').current?.grid.columnSizing?.columnSizingModel).toContainEqual({ colId: 'status', width: 321 }));

  fireEvent.change(menu(), { target: { value: 'builtIn:urgent' } });
  await waitFor(() => expect(shown()).toBe('A-3,A-2'));
  expect(gridApi!.getColumn('status')!.getActualWidth()).toBe(321);
  fireEvent.change(menu(), { target: { value: 'builtIn:qualityControl' } });
  await waitFor(() => expect(shown()).toBe('A-2'));
  fireEvent.change(menu(), { target: { value: 'builtIn:packing' } });
  await waitFor(() => expect(shown()).toBe('A-4'));
  expect(gridApi!.getState().sort?.sortModel ?? []).toEqual([]);

  // Three choices and a resize within a second: one save, of the last state.
  await waitFor(() => expect(puts()).toHaveLength(1), { timeout: SAVE_DELAY_MS * 3 });
  const { state } = puts()[0].body as { state: ViewState };
  expect(state.quickFilter).toBe('');
  // The built-in view by its key, not by the words its rows show: no column filter.
  expect(state.builtIn).toBe('packing');
  expect(state.grid.filter).toBeUndefined();
  expect(state.grid.columnSizing?.columnSizingModel).toContainEqual({ colId: 'status', width: 321 });
  // Only the sections a view is about, the empty ones (no sort, no filter) left out.
  expect(Object.keys(state.grid).sort()).toEqual(['columnOrder', 'columnPinning', 'columnSizing', 'columnVisibility']);
  expect(state.grid.columnVisibility).toEqual({ hiddenColIds: ['urgent'] });
  await act(() => new Promise((resolve) => setTimeout(resolve, SAVE_DELAY_MS * 1.5)));
  expect(puts()).toHaveLength(1);
});

test("a saved state's built-in view opens with its rows, and a column filter narrows them further", async () => {
  openGrid({ current: { grid: {}, builtIn: 'qualityControl' }, views: [] });
  await waitFor(() => expect(shown()).toBe('A-2'));
  fireEvent.change(menu(), { target: { value: 'builtIn:urgent' } });
  await waitFor(() => expect(shown()).toBe('A-3,A-2'));
  act(() => gridApi!.setFilterModel({ quality_control: { filterType: 'text', type: 'contains', filter: 'Redd' } }));
  await waitFor(() => expect(shown()).toBe('A-3'));
});

test("'Görünümü sıfırla' puts back the columns as defined, unfiltered and unsorted", async () => {
  const current = { grid: { columnOrder: { orderedColIds: ['status', 'order_number', 'quality_control', 'urgent', 'production_expected_date', 'action'] }, columnSizing: { columnSizingModel: [{ colId: 'status', width: 400 }] }, columnPinning: { leftColIds: ['status'], rightColIds: [] }, filter: { filterModel: { urgent: { filterType: 'text', type: 'contains', filter: 'Acil' } } } } };
  const { puts } = openGrid({ current, views: [] });
  await waitFor(() => expect(shown()).toBe('A-2,A-3'));
  expect(gridApi!.getColumn('status')!.getPinned()).toBe('left');

  fireEvent.click(screen.getByRole('button', { name: 'Görünümü sıfırla' }));
  await waitFor(() => expect(shown()).toBe('A-1,A-2,A-3,A-4'));
  expect(gridApi!.getAllGridColumns().map((c) => c.getColId())).toEqual(COLUMNS.map((c) => c.colId));
  expect(gridApi!.getColumn('status')!.getPinned()).toBe(null);
  expect(gridApi!.getColumn('action')!.getPinned()).toBe('right');
  expect(gridApi!.getColumn('status')!.getActualWidth()).toBe(130);
  await waitFor(() => expect(puts()).toHaveLength(1), { timeout: SAVE_DELAY_MS * 3 });
  const { state } = puts()[0].body as { state: ViewState };
  expect(sameViewState(state, saved(savedGridState(defaultGridState(COLUMNS)), ''))).toBe(true);
  expect(state.grid.columnPinning).toEqual({ leftColIds: [], rightColIds: ['action'] });
  expect(state.grid.filter).toBeUndefined();
});

test('own views: saved under a name (a taken name keeps the dialog with its sentence), chosen, renamed and deleted', async () => {
  const own = { id: 5, name: 'Ödeme bekleyen', state: { grid: { filter: { filterModel: { status: { filterType: 'text', type: 'contains', filter: 'Bekliyor' } } } } }, updated_at: '2026-11-20T09:00:00.000Z' };
  // The server keeps a view's state as created; a rename answers it with the new name.
  let created: unknown = {};
  const { calls } = openGrid({ current: null, views: [own] }, (method, url, body) => {
    if (method === 'POST' && url === API.gridViews('orders')) {
      const { name, state } = body as { name: string; state: unknown };
      if (name !== 'Ödeme bekleyen') created = state;
      return name === 'Ödeme bekleyen'
        ? [409, { error: 'Bu adla kayıtlı bir görünümünüz zaten var. Başka bir ad seçin.', code: 'GRID_VIEW_NAME_TAKEN' }]
        : [201, { view: { id: 6, name, state, updated_at: '2026-11-23T10:00:00.000Z' } }];
    }
    if (method === 'PUT' && url === API.gridView('orders', 6)) return [200, { view: { id: 6, name: (body as { name: string }).name, state: created, updated_at: '2026-11-23T10:00:01.000Z' } }];
    if (method === 'DELETE' && url === API.gridView('orders', 6)) return [200, { deleted: true }];
    return undefined;
  });
  await waitFor(() => expect(shown()).toBe('A-1,A-2,A-3,A-4'));
  expect(within(menu()).getAllByRole('option').map((o) => o.textContent)).toEqual(['Görünüm seçin', 'Acil', 'Kalite kontrol bekleyen', 'Paketleme bekleyen', 'Atölye bekleyen', 'Geciken', 'Gecikme riski', 'Ödeme bekleyen']);
  expect(screen.queryByRole('button', { name: 'Görünümü sil' })).not.toBeInTheDocument();

  fireEvent.change(menu(), { target: { value: 'builtIn:urgent' } });
  await waitFor(() => expect(shown()).toBe('A-3,A-2'));
  fireEvent.click(screen.getByRole('button', { name: 'Görünümü kaydet…' }));
  let dialog = screen.getByRole('dialog', { name: 'Görünümü kaydet' });
  const name = within(dialog).getByLabelText('Görünüm adı');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Görünüm adı gereklidir.');
  fireEvent.change(name, { target: { value: '  Ödeme bekleyen ' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
  expect(await within(dialog).findByText('Bu adla kayıtlı bir görünümünüz zaten var. Başka bir ad seçin.')).toBeInTheDocument();
  fireEvent.change(name, { target: { value: 'Acil işler' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const posted = calls.filter((c) => c.method === 'POST').map((c) => c.body as { name: string; state: ViewState });
  expect(posted.map((p) => p.name)).toEqual(['Ödeme bekleyen', 'Acil işler']);
  expect(posted[1].state.builtIn).toBe('urgent');
  expect(posted[1].state.grid.sort).toMatchObject({ sortModel: [{ colId: 'production_expected_date', sort: 'asc' }] });
  expect((menu() as HTMLSelectElement).value).toBe('own:6');

  // An own view chosen from the menu shows its rows.
  fireEvent.change(menu(), { target: { value: 'own:5' } });
  await waitFor(() => expect(shown()).toBe('A-1'));
  fireEvent.change(menu(), { target: { value: 'own:6' } });
  await waitFor(() => expect(shown()).toBe('A-3,A-2'));

  fireEvent.click(screen.getByRole('button', { name: 'Yeniden adlandır…' }));
  dialog = screen.getByRole('dialog', { name: 'Görünümü yeniden adlandır' });
  expect(within(dialog).getByLabelText('Görünüm adı')).toHaveValue('Acil işler');
  fireEvent.change(within(dialog).getByLabelText('Görünüm adı'), { target: { value: 'Çok acil' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(calls.find((c) => c.method === 'PUT' && c.url === API.gridView('orders', 6))!.body).toEqual({ name: 'Çok acil' });
  expect(within(menu()).getByRole('option', { name: 'Çok acil' })).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Görünümü sil' }));
  dialog = screen.getByRole('dialog', { name: 'Görünümü sil' });
  expect(dialog).toHaveTextContent("'Çok acil' görünümü silinsin mi?");
  fireEvent.click(within(dialog).getByRole('button', { name: 'Evet, sil' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([API.gridView('orders', 6)]);
  expect(within(menu()).queryByRole('option', { name: 'Çok acil' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Görünümü sil' })).not.toBeInTheDocument();
  // The rows stay as they were: deleting a view is not choosing another.
  expect(shown()).toBe('A-3,A-2');
});

test('the quick filter opens as saved, is saved as typed (even before the views are read: not then) and cleared by a view', async () => {
  let release: () => void = () => {};
  const loaded = new Promise<void>((resolve) => (release = resolve));
  storeLogin(2, 'Admin');
  const calls: Array<{ method: string; body: unknown }> = [];
  globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'GET' && String(url) === API.gridViews('orders')) {
      await loaded;
      return jsonResponse(200, { current: { grid: {}, quickFilter: 'Paketleme' }, views: [] });
    }
    return jsonResponse(200, { updated_at: 'x' });
  }) as typeof fetch;
  renderApp(<TestGrid />);
  // Typed while the views are read: shown, but not taken for the saved state.
  fireEvent.change(screen.getByRole('searchbox', { name: 'quick' }), { target: { value: 'early' } });
  release();
  await waitFor(() => expect(shown()).toBe('A-4'));
  expect(screen.getByRole('searchbox', { name: 'quick' })).toHaveValue('Paketleme');

  fireEvent.change(menu(), { target: { value: 'builtIn:urgent' } });
  await waitFor(() => expect(shown()).toBe('A-3,A-2'));
  expect(screen.getByRole('searchbox', { name: 'quick' })).toHaveValue('');
  fireEvent.change(screen.getByRole('searchbox', { name: 'quick' }), { target: { value: 'A-3' } });
  await waitFor(() => expect(shown()).toBe('A-3'));
  await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1), { timeout: SAVE_DELAY_MS * 3 });
  const { state } = calls.find((c) => c.method === 'PUT')!.body as { state: ViewState };
  expect(state.quickFilter).toBe('A-3');
  expect(state.builtIn).toBe('urgent');
});

test('the view chosen is saved with the current state, so the grid opens with it named again, marked when changed since', async () => {
  const { puts } = openGrid();
  await waitFor(() => expect(menu()).toBeEnabled());
  fireEvent.change(menu(), { target: { value: 'builtIn:packing' } });
  await waitFor(() => expect(shown()).toBe('A-4'));
  await waitFor(() => expect(puts().length).toBeGreaterThan(0), { timeout: SAVE_DELAY_MS * 3 });
  const { state } = puts().at(-1)!.body as { state: ViewState };
  expect(state).toMatchObject({ builtIn: 'packing', chosen: 'builtIn:packing' });
});

test('a grid opened on a saved state names the view chosen before, and says it was changed since', async () => {
  const changed = { grid: { filter: { filterModel: { status: { filterType: 'text', type: 'contains', filter: 'Paket' } } } }, builtIn: 'packing', chosen: 'builtIn:packing' };
  openGrid({ current: changed, views: [] });
  await waitFor(() => expect(menu()).toHaveDisplayValue('Paketleme bekleyen (değiştirildi)'));
});

test('a view chosen before and deleted since is not named', async () => {
  openGrid({ current: { grid: {}, chosen: 'own:99' }, views: [] });
  await waitFor(() => expect(menu()).toBeEnabled());
  expect(menu()).toHaveValue('');
});

test('a load failure shows its sentence, and the grid opens with its defaults and the built-in views', async () => {
  openGrid([500, { error: 'Sunucu hatası', code: 'INTERNAL' }]);
  expect(await screen.findByText('Sunucu hatası')).toBeInTheDocument();
  await waitFor(() => expect(shown()).toBe('A-1,A-2,A-3,A-4'));
  fireEvent.change(menu(), { target: { value: 'builtIn:packing' } });
  await waitFor(() => expect(shown()).toBe('A-4'));
});

describe('saving the current state', () => {
  /** A store whose PUT answers wait until the test releases them. */
  function storeWithSlowSaves() {
    storeLogin(2, 'Admin');
    const puts: Array<{ body: { state: ViewState }; answer: (status: number) => void }> = [];
    globalThis.fetch = jest.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      return new Promise<Response>((resolve) => puts.push({ body, answer: (status) => resolve(jsonResponse(status, status === 200 ? { updated_at: 'x' } : { error: 'Sunucu hatası', code: 'INTERNAL' })) }));
    }) as typeof fetch;
    const store = testStore();
    const change = (filter: string) => store.dispatch(gridStateChanged({ grid: 'orders', state: { grid: { filter: { filterModel: { status: { filterType: 'text', type: 'contains', filter } } } } } }));
    return { store, puts, change, sentFilter: (i: number) => (puts[i].body.state.grid.filter?.filterModel?.status as { filter: string }).filter };
  }

  test('about a second after the last change, one request at a time, the newest state last', async () => {
    jest.useFakeTimers();
    const { store, puts, change, sentFilter } = storeWithSlowSaves();
    change('a');
    await jest.advanceTimersByTimeAsync(SAVE_DELAY_MS / 2);
    change('b');
    await jest.advanceTimersByTimeAsync(SAVE_DELAY_MS - 1);
    expect(puts).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(puts).toHaveLength(1);
    expect(sentFilter(0)).toBe('b');

    // Changes while the save is under way wait for it, however long it takes.
    change('c');
    change('d');
    await jest.advanceTimersByTimeAsync(SAVE_DELAY_MS * 5);
    expect(puts).toHaveLength(1);
    puts[0].answer(200);
    await jest.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(puts).toHaveLength(2);
    expect(sentFilter(1)).toBe('d');
    puts[1].answer(200);
    await jest.advanceTimersByTimeAsync(SAVE_DELAY_MS * 3);
    expect(puts).toHaveLength(2);
    expect(selectGridViews(store.getState(), 'orders')).toMatchObject({ unsaved: null, saving: false, saveNotice: null });
    store.stop();
  });

  test('a failed save says so and waits for the next change; the next success clears the sentence', async () => {
    jest.useFakeTimers();
    const { store, puts, change, sentFilter } = storeWithSlowSaves();
    change('a');
    await jest.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    puts[0].answer(500);
    await jest.advanceTimersByTimeAsync(SAVE_DELAY_MS * 5);
    expect(puts).toHaveLength(1);
    expect(selectGridViews(store.getState(), 'orders').saveNotice).toEqual({ kind: 'error', text: 'Sunucu hatası' });

    change('b');
    await jest.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(puts).toHaveLength(2);
    expect(sentFilter(1)).toBe('b');
    puts[1].answer(200);
    await jest.advanceTimersByTimeAsync(0);
    expect(selectGridViews(store.getState(), 'orders').saveNotice).toBeNull();
    store.stop();
  });
});

test('a view keeps only the sections it is about, and applying one keeps the layout but replaces the rows', () => {
  const full = {
    columnOrder: { orderedColIds: ['b', 'a'] },
    columnSizing: { columnSizingModel: [{ colId: 'a', width: 50 }] },
    scroll: { top: 300, left: 0 },
    focusedCell: { colId: 'a', rowIndex: 3, rowPinned: null },
    sort: { sortModel: [{ colId: 'a', sort: 'asc' as const }] },
  };
  expect(savedGridState(full)).toEqual({ columnOrder: full.columnOrder, columnSizing: full.columnSizing, sort: full.sort });
  // Scrolling changes nothing a view keeps.
  expect(sameViewState(saved(savedGridState(full)), saved(savedGridState({ ...full, scroll: { top: 0, left: 0 } })))).toBe(true);
  expect(sameViewState(saved({ sort: { sortModel: [] } }, ''), saved({ sort: { sortModel: [] } }))).toBe(true);

  const applied = stateToApply(saved({ filter: { filterModel: { x: { filterType: 'text', type: 'contains', filter: 'y' } } } }), savedGridState(full));
  expect(applied).toEqual({
    grid: { columnOrder: full.columnOrder, columnSizing: full.columnSizing, sort: { sortModel: [] }, filter: { filterModel: { x: { filterType: 'text', type: 'contains', filter: 'y' } } } },
    quickFilter: '',
  });
  // A saved view brings its whole layout: what it leaves out (nothing hidden, nothing pinned) is empty.
  const own = saved({ columnOrder: { orderedColIds: ['a', 'b'] }, columnSizing: { columnSizingModel: [] } }, 'yüzük');
  expect(stateToApply(own, { ...savedGridState(full), columnVisibility: { hiddenColIds: ['b'] } })).toEqual({
    grid: { ...own.grid, sort: { sortModel: [] }, filter: { filterModel: {} } },
    quickFilter: 'yüzük',
  });
  // Empty sections are no sections, as in AG Grid's own state.
  expect(savedGridState(defaultGridState([{ colId: 'a', width: 10 }]))).toEqual({ columnOrder: { orderedColIds: ['a'] }, columnSizing: { columnSizingModel: [{ colId: 'a', width: 10 }] } });
});

test('a saved column order takes the columns added since, each after the column it follows by default', () => {
  const defaults: GridState = { columnOrder: { orderedColIds: ['photo', 'order_number', 'product', 'first_name', 'packing_action'] } };
  const saved: GridState = { columnOrder: { orderedColIds: ['first_name', 'order_number', 'photo', 'packing_action'] }, sort: { sortModel: [] } };
  expect(withColumnsAdded(saved, defaults)).toEqual({ columnOrder: { orderedColIds: ['first_name', 'order_number', 'product', 'photo', 'packing_action'] }, sort: { sortModel: [] } });
  // Nothing new, or no order saved: the state as it was.
  const complete: GridState = { columnOrder: { orderedColIds: ['photo', 'order_number', 'product', 'first_name', 'packing_action'] } };
  expect(withColumnsAdded(complete, defaults)).toBe(complete);
  expect(withColumnsAdded({}, defaults)).toEqual({});
});

test('a view is changed when its rows are: sort, filters, quick filter or built-in view, not its layout', () => {
  const view: ViewState = { grid: { sort: { sortModel: [{ colId: 'a', sort: 'asc' }] } }, builtIn: 'urgent' };
  expect(rowsChanged(view, { grid: { ...view.grid, columnSizing: { columnSizingModel: [{ colId: 'a', width: 90 }] } }, builtIn: 'urgent', quickFilter: '' })).toBe(false);
  expect(rowsChanged(view, { ...view, quickFilter: 'x' })).toBe(true);
  expect(rowsChanged(view, { ...view, builtIn: undefined })).toBe(true);
  expect(rowsChanged(view, { grid: {}, builtIn: 'urgent' })).toBe(true);
  expect(rowsChanged(view, { grid: { ...view.grid, filter: { filterModel: { a: { filterType: 'text', type: 'contains', filter: 'x' } } } }, builtIn: 'urgent' })).toBe(true);
  // An empty sort or filter is none.
  expect(rowsChanged({ grid: {} }, { grid: { sort: { sortModel: [] }, filter: { filterModel: {} } } })).toBe(false);
});
