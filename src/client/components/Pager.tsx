import { useTranslation } from 'react-i18next';

/** Page size of the long product tables: enough to scan, few enough to render at once. */
export const PAGE_SIZE = 50;

/** Previous / next for a list cut into pages of PAGE_SIZE; shown only when there is more than one. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('common');
  if (pages <= 1) return null;
  return (
    <div className="toolbar">
      <button type="button" className="secondary" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </button>
      <span>{t('pager.page', { page: page + 1, pages })}</span>
      <button type="button" className="secondary" disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </div>
  );
}
