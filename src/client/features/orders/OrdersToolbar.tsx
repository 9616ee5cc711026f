import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/locale';
import { ArchiveLink, ArchiveRowsButton } from '../archive';
import { TicketsButton } from '../tickets';
import { ExportProgress } from '../exports';
import { FilterSummary, type GridViews, ViewMenu } from '../grid-views';
import type { OrderGridHandle } from './OrderGrid';
import { EXPORT_KEY, type useOrderExport } from './useOrderExport';

interface Props {
  grid: RefObject<OrderGridHandle | null>;
  exports: ReturnType<typeof useOrderExport>;
  /** The grid's lines (the everyday lines, or an archive query's), and how many of them it shows (null until it has counted). */
  total: number;
  shown: number | null;
  /** The lines still on their way: loaded of total. */
  progress: { loaded: number; total: number } | null;
  loading: boolean;
  reload: () => void;
  quickFilter: string;
  onQuickFilter: (text: string) => void;
  views: GridViews;
  /** A column's header by its colId, to name the filters in force. */
  columnName: (colId: string) => string;
}

/** Above the order grid: the exports, a refresh, the quick filter, the view menu, the count of lines shown and the filters in force. */
export function OrdersToolbar({ grid, exports: { exported, exportExcel, exportCsv }, total, shown, progress, loading, reload, quickFilter, onQuickFilter, views, columnName }: Props) {
  const { t, i18n } = useTranslation('orders');
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <div className="toolbar order-toolbar">
      <button type="button" onClick={exportExcel} disabled={exported?.status === 'busy' || total === 0}>
        {exported?.status === 'busy' ? t('exporting') : t('export')}
      </button>
      <button type="button" className="secondary" onClick={exportCsv} disabled={total === 0}>
        {t('exportCsv')}
      </button>
      <button type="button" className="secondary" onClick={reload} disabled={loading}>
        {t('refresh')}
      </button>
      <input
        type="search"
        className="narrow"
        aria-label={t('quickFilter')}
        placeholder={t('quickFilterHint')}
        value={quickFilter}
        onChange={(e) => onQuickFilter(e.target.value)}
        // Whoever goes to the search box is about to search: the rows' texts are built meanwhile.
        onFocus={() => grid.current?.prepareQuickFilter()}
      />
      <ViewMenu views={views} />
      <ArchiveRowsButton />
      <ArchiveLink />
      <TicketsButton selected={() => grid.current?.selectedRows() ?? []} />
      <ExportProgress exportKey={EXPORT_KEY} />
      {total > 0 && <span role="status">{t('count', { shown: number(shown ?? total), total: number(total) })}</span>}
      <FilterSummary views={views} columnName={columnName} />
      {progress && progress.total > 0 && (
        <span role="status" className="hint">
          {t('loadingProgress', { loaded: number(Math.min(progress.loaded, progress.total)), total: number(progress.total) })}
        </span>
      )}
    </div>
  );
}
