import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { sheetCells } from '../../components/excel';
import { exportRequested, selectExport } from '../exports';
import { useFormatters } from '../lookups';
import { exportedColumns, type OrderColumn } from './columns';
import type { OrderGridHandle } from './OrderGrid';

export const EXPORT_KEY = 'orders';

/** The grid's rows and columns shown, in their order, to an Excel sheet (the exports' worker) or the grid's own CSV writer. */
export function useOrderExport(grid: RefObject<OrderGridHandle | null>, columns: readonly OrderColumn[]) {
  const { t } = useTranslation('orders');
  const dispatch = useAppDispatch();
  const exported = useAppSelector((state) => selectExport(state, EXPORT_KEY));
  const { today } = useFormatters();
  const exportExcel = () => {
    const visible = grid.current?.visibleRows() ?? [];
    const cells = sheetCells(exportedColumns(columns, grid.current?.visibleColumns() ?? []), visible);
    dispatch(exportRequested({ key: EXPORT_KEY, fileName: t('fileName', { date: today() }), sheetName: t('sheet'), ...cells, emptyKey: 'orders:nothingToExport', failedKey: 'orders:exportFailed' }));
  };
  const exportCsv = () => grid.current?.exportCsv(t('csvFileName', { date: today() }));
  return { exported, exportExcel, exportCsv };
}
