import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DashboardCountsDto } from '../../../shared/api';
import { COUNTED_LINE_VIEWS } from '../../../shared/views';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListStatus } from '../../components/ListStatus';
import { countsRequested, selectDashboardCounts } from './slice';

/** Whose screens the counts lead to: the admin's, or the office's (which matches no shop items: that count leads nowhere). */
export type CountsFor = 'admin' | 'office';

/** Where each count leads: the order grid opened on the built-in view of its lines, the customers, the shop items to match. */
const countLinks = (counts: DashboardCountsDto, area: CountsFor) => [
  ...COUNTED_LINE_VIEWS.map((key) => ({ key, count: counts.views[key], to: `/${area}/orders?view=${key}` })),
  { key: 'aboveCredit', count: counts.above_credit, to: `/${area}/customers` },
  { key: 'unmatchedItems', count: counts.unmatched_items, to: area === 'admin' ? '/dashboard?tab=settings&sub=shops' : null },
];

/** The waiting work, counted on the server each time the dashboard opens; each count leads to its lines. */
export function WaitingCounts({ area = 'admin' }: { area?: CountsFor }) {
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
          {countLinks(counts, area).map(({ key, count, to }) =>
            to ? (
              <Link key={key} to={to} className="card nav-card stat">
                <strong>{count}</strong> {t(`counts.${key}`)}
              </Link>
            ) : (
              <p key={key} className="card stat">
                <strong>{count}</strong> {t(`counts.${key}`)}
              </p>
            ),
          )}
        </nav>
      )}
    </section>
  );
}
