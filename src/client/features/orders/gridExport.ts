import type { GridApi } from 'ag-grid-community';
import type { OrderLineDto } from '../../../shared/api';
import { isActionColumn, type OrderColumn } from './columns';

/** The lines the grid shows, after every filter and in the current sort order. */
export function visibleRows(api: GridApi<OrderLineDto> | undefined): OrderLineDto[] {
  const visible: OrderLineDto[] = [];
  api?.forEachNodeAfterFilterAndSort((node) => node.data && visible.push(node.data));
  return visible;
}

/** Writes the rows shown and the data columns shown, in their order and as the cells read, to a CSV file (the grid's own writer). */
export function exportCsv(api: GridApi<OrderLineDto>, byKey: ReadonlyMap<string, OrderColumn>, fileName: string) {
  const columnKeys = api
    .getAllDisplayedColumns()
    .map((column) => column.getColId())
    .filter((key) => {
      const column = byKey.get(key);
      return column !== undefined && !isActionColumn(column);
    });
  api.exportDataAsCsv({
    fileName,
    columnKeys,
    processCellCallback: ({ column, node }) => {
      const shown = byKey.get(column.getColId());
      return shown && node?.data ? shown.text(node.data) : '';
    },
  });
}
