import { useTranslation } from 'react-i18next';
import type { GridViews } from './hooks';

/**
 * Names every filter in force above a grid (the column filters by their columns, wherever they are
 * scrolled, the quick filter's text and the built-in view's rows), with a button that clears them
 * all: a restored state never hides rows unseen.
 */
export function FilterSummary({ views, columnName }: { views: Pick<GridViews, 'inForce' | 'builtIns' | 'clearFilters'>; columnName: (colId: string) => string }) {
  const { t } = useTranslation('gridViews');
  const { inForce } = views;
  if (!inForce) return null;
  const builtIn = inForce.builtIn && views.builtIns.find((view) => view.id === `builtIn:${inForce.builtIn}`);
  const names = [
    ...(builtIn ? [t('filters.builtIn', { name: builtIn.name })] : []),
    ...inForce.filtered.map(columnName),
    ...(inForce.quickFilter ? [t('filters.quick', { text: inForce.quickFilter })] : []),
  ];
  if (names.length === 0) return null;
  return (
    <p className="filter-summary" role="status">
      <span>{t('filters.applied', { count: names.length, names: names.join(', ') })}</span>
      {' · '}
      {/* Named in full: the grid's own filter boxes have clear buttons of their own. */}
      <button type="button" className="link" aria-label={t('filters.clearAll')} onClick={views.clearFilters}>
        {t('filters.clear')}
      </button>
    </p>
  );
}
