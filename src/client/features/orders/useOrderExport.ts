import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { sheetCells, sheetPages } from '../../components/excel';
import { archivePages } from '../archive';
import { exportRequested, selectExport } from '../exports';
import { useFormatters } from '../lookups';
import { exportedColumns, type OrderColumn } from './columns';
import type { OrderGridHandle } from './OrderGrid';

export const EXPORT_KEY = 'orders';

/**
 * The grid's rows and columns shown, in their order, to an Excel sheet (the exports' worker) or the
 * grid's own CSV writer; or every line of an archive query in the columns shown, read page after
 * page while the sheet is written (a query larger than the grid takes).
 */
export function useOrderExport(grid: RefObject<OrderGridHandle | null>, columns: readonly OrderColumn[]) {
  const { t } = useTranslation('orders');
  const dispatch = useAppDispatch();
  const exported = useAppSelector((state) => selectExport(state, EXPORT_KEY));
  const { today } = useFormatters();
  const shownColumns = () => exportedColumns(columns, grid.current?.visibleColumns() ?? []);
  const write = (sheet: ReturnType<typeof sheetCells>) =>
    dispatch(exportRequested({ key: EXPORT_KEY, fileName: t('fileName', { date: today() }), sheetName: t('sheet'), ...sheet, emptyKey: 'orders:nothingToExport', failedKey: 'orders:exportFailed' }));
  const exportExcel = () => write(sheetCells(shownColumns(), grid.current?.visibleRows() ?? []));
  const exportQuery = (query: string) => write(sheetPages(shownColumns(), archivePages(query)));
  const exportCsv = () => grid.current?.exportCsv(t('csvFileName', { date: today() }));
  return { exported, exportExcel, exportCsv, exportQuery };
}
