import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Modal } from '../../components/Modal';
import { NoticeView } from '../../components/NoticeView';
import { useFormatters } from '../lookups';
import { ArchiveForm } from './ArchiveForm';
import { archiveConditions } from './conditions';
import { archiveQuery, type ArchiveFilters, NEWEST_FIRST, NO_FILTERS } from './query';
import { ARCHIVE_GRID_MAX } from './limits';
import { archiveRowsAsked, archiveRowsLeft, selectArchiveRows } from './slice';
import { useArchiveChoices } from './useArchiveChoices';

/** The archive's form over the grid; its pickers' lists are read only once it opens. */
function ArchiveRowsForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('archive');
  const dispatch = useAppDispatch();
  const rows = useAppSelector(selectArchiveRows);
  const fmt = useFormatters();
  const choices = useArchiveChoices();
  return (
    <Modal title={t('grid.formTitle')} onClose={onClose}>
      <ArchiveForm
        initial={rows.filters ?? NO_FILTERS}
        {...choices}
        busy={false}
        onSearch={(filters) => {
          // Newest first, as the everyday lines come; the grid sorts them as its view says.
          dispatch(archiveRowsAsked({ query: archiveQuery(filters, NEWEST_FIRST, fmt.timeZone), filters }));
          onClose();
        }}
      />
    </Modal>
  );
}

/** The order grid's toolbar button that opens the archive's form; the query run becomes the grid's rows. */
export function ArchiveRowsButton() {
  const { t } = useTranslation('archive');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="secondary" onClick={() => setOpen(true)}>
        {t('grid.open')}
      </button>
      {open && <ArchiveRowsForm onClose={() => setOpen(false)} />}
    </>
  );
}

interface BannerProps {
  /** Exports every line of the query (it holds more than the grid takes). */
  onExportAll: (query: string) => void;
  exporting: boolean;
}

/**
 * Above the order grid while it shows an archive query: which query, the lines read so far, the
 * sentence when the query holds more than the grid takes (with the export of all of it), and the
 * way back to the everyday lines.
 */
export function ArchiveRowsBanner(props: BannerProps) {
  const rows = useAppSelector(selectArchiveRows);
  // The pickers' names are read only while a query is shown.
  return rows.query !== null && rows.filters !== null ? <QueryBanner {...props} query={rows.query} filters={rows.filters} /> : null;
}

function QueryBanner({ onExportAll, exporting, query, filters }: BannerProps & { query: string; filters: ArchiveFilters }) {
  const { t, i18n } = useTranslation('archive');
  const dispatch = useAppDispatch();
  const rows = useAppSelector(selectArchiveRows);
  const fmt = useFormatters();
  const choices = useArchiveChoices();
  const conditions = archiveConditions(filters, choices, t, i18n.language);
  return (
    <div className="alert info archive-rows" role="region" aria-label={t('grid.region')}>
      <p>{t('grid.shows', { conditions: conditions.length > 0 ? conditions.join(' · ') : t('grid.everything') })}</p>
      {rows.status === 'loading' && <p role="status">{t('grid.reading', { lines: fmt.number(rows.table.ids.length) })}</p>}
      {rows.capped && (
        <p role="status">
          {t('grid.capped', { lines: fmt.number(ARCHIVE_GRID_MAX) })}{' '}
          <button type="button" className="secondary" onClick={() => onExportAll(query)} disabled={exporting}>
            {t('grid.exportAll')}
          </button>
        </p>
      )}
      <NoticeView notice={rows.notice} />
      <button type="button" onClick={() => dispatch(archiveRowsLeft())}>
        {t('grid.back')}
      </button>
    </div>
  );
}
