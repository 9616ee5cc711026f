import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Page size of the long tables: enough to scan, few enough to render at once. */
export const PAGE_SIZE = 50;

/**
 * The page of `rows` a list shows. `filter` names what the list is filtered by: a new filter starts
 * at the first page. A list that shrank under the screen (a live change took lines out of it) shows
 * its last page, never one that no longer exists, and stays there when the list grows again.
 */
export function usePaging<T>(rows: readonly T[], filter = '') {
  const [at, setAt] = useState({ page: 0, filter });
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const page = at.filter === filter ? Math.min(at.page, pages - 1) : 0;
  // Adjusted during render, as React allows for a component's own state: no frame shows the old page.
  if (page !== at.page || filter !== at.filter) setAt({ page, filter });
  const visible = useMemo(() => rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE), [rows, page]);
  return { page, pages, visible, onPage: (next: number) => setAt({ page: next, filter }) };
}

/**
 * Previous / next for a list cut into pages of PAGE_SIZE; shown only when there is more than one.
 * `big` gives touch-sized buttons (the workshop's tablet).
 */
export function Pager({ page, pages, onPage, big = false }: { page: number; pages: number; onPage: (page: number) => void; big?: boolean }) {
  const { t } = useTranslation('common');
  if (pages <= 1) return null;
  const className = big ? 'big secondary' : 'secondary';
  return (
    <div className="toolbar">
      <button type="button" className={className} disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </button>
      <span>{t('pager.page', { page: page + 1, pages })}</span>
      <button type="button" className={className} disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </div>
  );
}
