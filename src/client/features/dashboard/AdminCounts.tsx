import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DashboardCountsDto } from '../../../shared/api';
import { COUNTED_LINE_VIEWS } from '../../../shared/views';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListStatus } from '../../components/ListStatus';
import { countsRequested, selectDashboardCounts } from './slice';

/** Where each count leads: the order grid opened on the built-in view of its lines, the customers, the shop items to match. */
const countLinks = (counts: DashboardCountsDto) => [
  ...COUNTED_LINE_VIEWS.map((key) => ({ key, count: counts.views[key], to: `/admin/orders?view=${key}` })),
  { key: 'aboveCredit', count: counts.above_credit, to: '/admin/customers' },
  { key: 'unmatchedItems', count: counts.unmatched_items, to: '/dashboard?tab=settings&sub=shops' },
];

/** The admin's waiting work, counted on the server each time the dashboard opens; each count leads to its lines. */
export function AdminCounts() {
  const { t } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  const { status, counts, notice } = useAppSelector(selectDashboardCounts);
  useEffect(() => {
    dispatch(countsRequested());
  }, [dispatch]);
  return (
    <section aria-labelledby="counts-title">
      <h2 id="counts-title">{t('counts.title')}</h2>
      <ListStatus status={status === 'idle' ? 'loading' : status} notice={notice} count={counts ? 1 : 0} empty="" />
      {counts && (
        <nav className="cards" aria-labelledby="counts-title">
          {countLinks(counts).map(({ key, count, to }) => (
            <Link key={key} to={to} className="card nav-card stat">
              <strong>{count}</strong> {t(`counts.${key}`)}
            </Link>
          ))}
        </nav>
      )}
    </section>
  );
}
