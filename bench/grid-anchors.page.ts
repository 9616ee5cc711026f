/*
 * The anchors of the grid bench, in the browser (bundled by bench/grid-anchors.ts and served on the
 * product's origin, so its list is read as the grid reads it, with no CSP of the product's):
 *  - the wire read: the compact list fetched by a plain reader, its lines split, parsed and decoded
 *    by the shared decoder, nothing more (or only its bytes counted);
 *  - bare AG Grid Community, the product's version with every community module and its defaults,
 *    over those same line objects, one plain field column for each of the product grid's 42 data
 *    columns (the field each column shows, or the id its name comes from); only its row height and
 *    its rows' animation are the product's.
 */
import { AllCommunityModule, type ColDef, createGrid, type GridApi, ModuleRegistry, themeQuartz } from 'ag-grid-community';
import type { OrderLineDto } from '../src/shared/api';
import { LINES_MEDIA_TYPE, wireDecoder, type WireHeader, type WirePage } from '../src/shared/lineWire';

ModuleRegistry.registerModules([AllCommunityModule]);

/** The product grid's data columns in its order (src/client/features/orders/columns.ts), each as the field it reads. */
const FIELDS: Array<[colId: string, field: keyof OrderLineDto]> = [
  ['photo', 'product_picture_url'],
  ['order_number', 'order_number'],
  ['product', 'product_title'],
  ['first_name', 'first_name'],
  ['last_name', 'last_name'],
  ['email', 'email'],
  ['address', 'address'],
  ['city', 'city'],
  ['country', 'country'],
  ['zip_code', 'zip_code'],
  ['created_at', 'created_at'],
  ['updated_at', 'updated_at'],
  ['order_id', 'order_id'],
  ['product_id', 'product_id'],
  ['order_product_id', 'id'],
  ['status', 'order_line_status_id'],
  ['current_step', 'current_order_line_process'],
  ['material', 'material_id'],
  ['chain_length', 'chain_length_id'],
  ['color', 'color_id'],
  ['size', 'size_id'],
  ['karat', 'karat_id'],
  ['customer_note', 'customer_note'],
  ['product_cost', 'product_cost'],
  ['product_gram', 'product_gram'],
  ['gram_flagged', 'gram_flagged'],
  ['customer_approval', 'customer_approval_status_id'],
  ['quality_control', 'quality_control_id'],
  ['fulfilment_style', 'fulfilment_style'],
  ['shipment_tracking_number', 'shipment_tracking_number'],
  ['location', 'location'],
  ['workshop', 'workshop_name'],
  ['production_expected_date', 'production_expected_date'],
  ['source', 'source'],
  ['customization_option', 'customization_option'],
  ['barcode', 'barcode'],
  ['packing_status', 'packing_status_id'],
  ['b2b_customer', 'b2b_customer_name'],
  ['total_price', 'total_price'],
  ['credit_exceeded', 'credit_exceeded'],
  ['canceled_at', 'canceled_at'],
  ['cancel_reason', 'cancel_reason'],
];

/** After the frame that paints what is in the DOM now. */
const afterPaint = () => new Promise<number>((resolve) => requestAnimationFrame(() => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => resolve(performance.now());
  channel.port2.postMessage(null);
}));

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

/** Builds the grid over the lines last read: from the call to its first row in the DOM, and to that frame painted. */
function render(): Promise<{ firstRow: number; painted: number; rows: number }> {
  const host = document.getElementById('grid')!;
  return new Promise((resolve) => {
    let firstRow = 0;
    const observer = new MutationObserver(() => {
      if (firstRow || !host.querySelector('.ag-row')) return;
      firstRow = performance.now() - start;
      observer.disconnect();
      void afterPaint().then((at) => resolve({ firstRow, painted: at - start, rows: api!.getDisplayedRowCount() }));
    });
    observer.observe(host, { childList: true, subtree: true });
    const columnDefs: ColDef<OrderLineDto>[] = FIELDS.map(([colId, field]) => ({ colId, field }));
    const start = performance.now();
    // The product's row and header heights, so the same number of rows is drawn on the same screen,
    // and rows that jump to their place as the product's do: an animated sort ends 400 ms later.
    api = createGrid<OrderLineDto>(host, { theme: themeQuartz.withParams({ rowHeight: 36, headerHeight: 40 }), rowData: lines, columnDefs, animateRows: false });
  });
}

// From the navigation's start to this script run: the page and AG Grid's code loaded and evaluated.
const ready = performance.now();

Object.defineProperty(window, '__anchors', { value: { readWire, render, columns: FIELDS.length, ready } });
