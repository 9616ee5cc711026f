import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArchiveLineDto } from '../../../shared/api';
import { Role } from '../../../shared/roles';
import type { ArchiveSort } from '../../../shared/schemas/archive';
import { DEFAULT_SETTINGS } from '../../../shared/schemas/settings';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListStatus } from '../../components/ListStatus';
import { Modal } from '../../components/Modal';
import { NoticeView } from '../../components/NoticeView';
import { sheetPages } from '../../components/excel';
import { exportCleared, ExportProgress, exportRequested, selectExport } from '../exports';
import { useFormatters, useLookups, useStatusTexts } from '../lookups';
import { LineHistory } from '../order-lines';
import { selectSession } from '../session';
import { ArchiveForm } from './ArchiveForm';
import { ArchiveTable } from './ArchiveTable';
import { ARCHIVE_COLUMNS, archiveSheetColumns } from './columns';
import { archiveQuery, type ArchiveFilters, NEWEST_FIRST, NO_FILTERS, toggledOrder } from './query';
import { archivePages } from './pages';
import { archiveMoreRequested, archiveSearched, selectArchive } from './slice';
import { useArchiveChoices } from './useArchiveChoices';

/** The key of the archive's export in the exports slice. */
export const ARCHIVE_EXPORT_KEY = 'archive';

const DETAIL_OF_ROLE: Partial<Record<number, (id: number) => string>> = {
  [Role.Workshop]: (id) => `/workshop/order/${id}`,
  [Role.Customer]: (id) => `/customer/orders/${id}`,
};

/**
 * The archive of the signed-in reader: lines of any age, found by dates, filters and a search,
 * sorted and paged by the server, each leading to the line; the query exported to Excel.
 */
export default function ArchiveScreen() {
  const { t } = useTranslation('archive');
  const dispatch = useAppDispatch();
  const { role } = useAppSelector(selectSession);
  const archive = useAppSelector(selectArchive);
  const exported = useAppSelector((state) => selectExport(state, ARCHIVE_EXPORT_KEY));
  const fmt = useFormatters();
  const { status } = useLookups();
  const statusText = useStatusTexts();
  const choices = useArchiveChoices();
  const [filters, setFilters] = useState<ArchiveFilters>(NO_FILTERS);
  const [order, setOrder] = useState(NEWEST_FIRST);
  const [history, setHistory] = useState<ArchiveLineDto | null>(null);

  const search = (next: ArchiveFilters, nextOrder = order) => {
    setFilters(next);
    setOrder(nextOrder);
    dispatch(archiveSearched(archiveQuery(next, nextOrder, fmt.timeZone)));
  };
  const sortOn = (sort: ArchiveSort) => search(filters, toggledOrder(order, sort));
  useEffect(() => {
    // The newest lines first; without days, the zone plays no part.
    dispatch(archiveSearched(archiveQuery(NO_FILTERS, NEWEST_FIRST, DEFAULT_SETTINGS.time_zone)));
    return () => {
      dispatch(exportCleared(ARCHIVE_EXPORT_KEY));
    };
  }, [dispatch]);

  // The query's every line, read page after page while the sheet is written.
  const exportQuery = () => {
    if (archive.query === null) return;
    const headers = Object.fromEntries(ARCHIVE_COLUMNS.map((key) => [key, t(`columns.${key}`)]));
    const columns = archiveSheetColumns({ headers, statusNames: Object.fromEntries(status), canceled: t('common:lineStatus.canceled') });
    dispatch(
      exportRequested({
        key: ARCHIVE_EXPORT_KEY,
        fileName: t('export.fileName', { date: fmt.today() }),
        sheetName: t('export.sheet'),
        ...sheetPages(columns, archivePages(archive.query)),
        emptyKey: 'archive:export.empty',
        failedKey: 'archive:export.failed',
      }),
    );
  };
  const exporting = exported?.status === 'busy';

  return (
    <section aria-labelledby="archive-title">
      <h1 id="archive-title">{t('title')}</h1>
      <ArchiveForm initial={NO_FILTERS} {...choices} busy={archive.status === 'loading' && !archive.more} onSearch={(next) => search(next)} />
      <ListStatus status={archive.status === 'idle' ? 'loading' : archive.status} notice={archive.notice} count={archive.lines.length} empty={t('empty')} />
      <div className="toolbar">
        <button type="button" className="secondary" onClick={exportQuery} disabled={exporting || archive.lines.length === 0}>
          {exporting ? t('export.busy') : t('export.button')}
        </button>
        <ExportProgress exportKey={ARCHIVE_EXPORT_KEY} />
      </div>
      <NoticeView notice={exported?.notice ?? null} />
      {archive.lines.length > 0 && (
        <ArchiveTable lines={archive.lines} order={order} onSort={sortOn} statusName={statusText.name} detailPath={DETAIL_OF_ROLE[role]} onHistory={setHistory} />
      )}
      {archive.next && (
        <button type="button" className="secondary" onClick={() => dispatch(archiveMoreRequested())} disabled={archive.status === 'loading'}>
          {archive.more ? t('loadingMore') : t('more')}
        </button>
      )}
      {history && (
        <Modal title={t('historyTitle', { order: history.order_number, id: history.id })} onClose={() => setHistory(null)}>
          <LineHistory id={history.id} />
        </Modal>
      )}
    </section>
  );
}
