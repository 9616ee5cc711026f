/*
 * The anchors of the grid bench, in the browser (bundled by bench/grid-anchors.ts and served on the
 * product's origin, so its list is read as the grid reads it, with no CSP of the product's):
 *  - the wire read: the compact list fetched by a plain reader, its lines split, parsed and decoded
 *    by the shared decoder, nothing more (or only its bytes counted);
 *  - bare AG Grid Community, the product's version with every community module and its defaults,
 *    over those same line objects, with the product grid's columns (columns.ts: their order, widths,
 *    Turkish headers, filters with their floating filters, hidden and pinned ones), so it draws the
 *    same cells on the same screen; each cell the plain field it reads, no renderer, formatter or
 *    value getter of the product's. Only its row and header heights and its rows' animation are
 *    the product's too.
 */
import { AllCommunityModule, type ColDef, createGrid, type GridApi, ModuleRegistry, themeQuartz } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import type { OrderLineDto } from '../src/shared/api';
import { LINES_MEDIA_TYPE, wireDecoder, type WireHeader, type WirePage } from '../src/shared/lineWire';
import { isActionColumn, type OrderLookups, orderColumns } from '../src/client/features/orders/columns';
import common from '../locales/tr/common.json';
import orders from '../locales/tr/orders.json';

ModuleRegistry.registerModules([AllCommunityModule]);

/** The line's field a column builds its text from, where it reads none as it is (its `sortField`). */
const FIELDS: Record<string, keyof OrderLineDto> = {
  status: 'order_line_status_id',
  current_step: 'current_order_line_process',
  material: 'material_id',
  chain_length: 'chain_length_id',
  color: 'color_id',
  size: 'size_id',
  karat: 'karat_id',
  gram_flagged: 'gram_flagged',
  customer_approval: 'customer_approval_status_id',
  quality_control: 'quality_control_id',
  late_risk: 'late_risk',
  source: 'source',
  packing_status: 'packing_status_id',
  credit_exceeded: 'credit_exceeded',
};

/** The Turkish catalogue's sentence at a key ('orders:columns.city'), as the product's i18n finds it. */
const translate = ((key: string, options?: { defaultValue?: string }) => {
  const [namespace, path] = key.includes(':') ? key.split(':') : ['orders', key];
  let found: unknown = namespace === 'common' ? common : orders;
  for (const part of path.split('.')) found = (found as Record<string, unknown> | undefined)?.[part];
  return typeof found === 'string' ? found : (options?.defaultValue ?? key);
}) as unknown as TFunction;

const FILTERS = { text: 'agTextColumnFilter', number: 'agNumberColumnFilter', date: 'agDateColumnFilter' } as const;

/** The product grid's columns (its defaults: sortable, resizable, a floating filter, no header menu button), each reading its field. */
const COLUMNS: ColDef<OrderLineDto>[] = orderColumns(
  translate,
  { status: new Map(), step: new Map(), optionValue: new Map(), qualityControl: new Map(), packing: new Map() } as unknown as OrderLookups,
  { money: String, number: String, gram: String, date: String },
).map((column) => {
  const action = isActionColumn(column);
  return {
    colId: column.key,
    headerName: column.header,
    field: column.sortField ?? FIELDS[column.key],
    width: column.width,
    hide: column.hidden,
    filter: action ? false : FILTERS[column.filter],
    floatingFilter: !action,
    suppressHeaderMenuButton: true,
    pinned: action ? 'right' : undefined,
  };
});

let lines: OrderLineDto[] = [];
let api: GridApi<OrderLineDto> | null = null;

/** Fetches the list as the grid asks for it; `decode`: its lines kept as the spec's objects, else only its bytes counted. */
async function readWire(path: string, authorization: string, decode: boolean): Promise<{ ms: number; firstPage: number; bytes: number; lines: number }> {
  const start = performance.now();
  const response = await fetch(path, { headers: { accept: LINES_MEDIA_TYPE, authorization } });
  if (!response.ok || !response.body) throw new Error(`GET ${path}: ${response.status}`);
  const body = response.body.getReader();
  const text = new TextDecoder();
  let bytes = 0;
  let pieces: string[] = [];
  let page: ((page: WirePage) => OrderLineDto[]) | null = null;
  const read: OrderLineDto[] = [];
  let firstPage = 0;
  const take = (line: string) => {
    if (line === '') return;
    if (!page) page = wireDecoder(JSON.parse(line) as WireHeader);
    else {
      for (const row of page(JSON.parse(line) as WirePage)) read.push(row);
      firstPage ||= performance.now() - start;
    }
  };
  for (;;) {
    const { done, value } = await body.read();
    if (done) break;
    bytes += value.length;
    if (!decode) continue;
    const chunk = text.decode(value, { stream: true });
    let from = 0;
    for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', from)) {
      pieces.push(chunk.slice(from, end));
      take(pieces.join(''));
      pieces = [];
      from = end + 1;
    }
    pieces.push(chunk.slice(from));
  }
  if (decode) take(pieces.join('') + text.decode());
  lines = read;
  return { ms: performance.now() - start, firstPage, bytes, lines: read.length };
}

/**
 * Builds the grid over the lines last read: from the call to its first row in the DOM, and to the
 * first rows' text painted as the browser reports it (Element Timing, each element of the rows named
 * `name` before its first frame), as the product's load is timed (grid.ts).
 */
function render(name: string): Promise<{ firstRow: number; painted: number; rows: number }> {
  const host = document.getElementById('grid')!;
  return new Promise((resolve) => {
    let firstRow = 0;
    const painted = new PerformanceObserver((list) => {
      const times = list.getEntries().filter((entry) => (entry as PerformanceEntry & { identifier: string }).identifier === name).map((entry) => (entry as PerformanceEntry & { renderTime: number }).renderTime);
      if (times.length === 0) return;
      painted.disconnect();
      observer.disconnect();
      resolve({ firstRow, painted: Math.min(...times) - start, rows: api!.getDisplayedRowCount() });
    });
    painted.observe({ type: 'element', buffered: true });
    const observer = new MutationObserver(() => {
      if (!firstRow && host.querySelector('.ag-row')) firstRow = performance.now() - start;
      if (firstRow) for (const element of host.querySelectorAll('.ag-row:not([elementtiming]), .ag-row :not([elementtiming])')) element.setAttribute('elementtiming', name);
    });
    observer.observe(host, { childList: true, subtree: true });
        const start = performance.now();
    // The product's row and header heights, so the same number of rows is drawn on the same screen,
    // and rows that jump to their place as the product's do: an animated sort ends 400 ms later.
    api = createGrid<OrderLineDto>(host, { theme: themeQuartz.withParams({ rowHeight: 36, headerHeight: 40 }), rowData: lines, columnDefs: COLUMNS, animateRows: false });
  });
}

// From the navigation's start to this script run: the page and AG Grid's code loaded and evaluated.
const ready = performance.now();

Object.defineProperty(window, '__anchors', { value: { readWire, render, columns: COLUMNS.length, ready } });
