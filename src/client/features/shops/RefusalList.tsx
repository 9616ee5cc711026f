import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListStatus } from '../../components/ListStatus';
import { TableHead } from '../../components/TableHead';
import { useFormatters } from '../lookups';
import { refusalsRequested, selectRefusals } from './slice';

const COLUMNS = ['domain', 'reason', 'count', 'last'] as const;

/** Webhooks refused, per sending domain: a store whose secret is wrong shows here, as does someone trying. */
export function RefusalList() {
  const { t } = useTranslation('shops');
  const dispatch = useAppDispatch();
  const fmt = useFormatters();
  const { status, notice, list } = useAppSelector(selectRefusals);
  useEffect(() => {
    dispatch(refusalsRequested());
  }, [dispatch]);
  return (
    <section aria-labelledby="shop-refusals-title">
      <h3 id="shop-refusals-title">{t('refusals.title')}</h3>
      <p className="hint">{t('refusals.hint')}</p>
      <div className="toolbar">
        <button type="button" className="secondary" disabled={status === 'loading'} onClick={() => dispatch(refusalsRequested())}>
          {t('refusals.refresh')}
        </button>
      </div>
      <ListStatus status={status} notice={notice} count={list.length} empty={t('refusals.empty')} />
      {list.length > 0 && (
        <div className="table-scroll">
          <table aria-labelledby="shop-refusals-title">
            <TableHead labels={COLUMNS.map((column) => t(`refusals.columns.${column}`))} />
            <tbody>
              {list.map((refusal) => (
                <tr key={refusal.shop_domain}>
                  <td>{refusal.shop_domain}</td>
                  <td>{t(`refusals.reasons.${refusal.reason}`)}</td>
                  <td>{refusal.count}</td>
                  <td>{fmt.date(refusal.last_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
