import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListStatus } from '../../components/ListStatus';
import { TableHead } from '../../components/TableHead';
import { useFormatters } from '../lookups';
import { reportRequested, selectReport } from './slice';

/** The office's report: every line by status, and the open and late lines of each workshop. */
export function OrderReportPanel() {
  const { t } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  const { status, report, notice } = useAppSelector(selectReport);
  const { number } = useFormatters();
  useEffect(() => {
    dispatch(reportRequested());
  }, [dispatch]);
  return (
    <section aria-labelledby="report-title">
      <h2 id="report-title">{t('report.title')}</h2>
      <ListStatus status={status === 'idle' ? 'loading' : status} notice={notice} count={report ? 1 : 0} empty="" />
      {report && (
        <div className="cards">
          <div className="card">
            <table aria-label={t('report.byStatus')}>
              <TableHead labels={[t('report.status'), t('report.count')]} />
              <tbody>
                {report.lines_by_status.map((row) => (
                  <tr key={row.status_id}>
                    <td>{row.name}</td>
                    <td>{number(row.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <dl className="facts">
              <dt>{t('report.late')}</dt>
              <dd>{number(report.late)}</dd>
              <dt>{t('report.canceled')}</dt>
              <dd>{number(report.canceled)}</dd>
            </dl>
          </div>
          <div className="card">
            <table aria-label={t('report.perWorkshop')}>
              <TableHead labels={[t('report.workshop'), t('report.open'), t('report.lateLines')]} />
              <tbody>
                {report.workshops.map((row) => (
                  <tr key={row.workshop_id ?? 'none'}>
                    <td>{row.workshop_name ?? t('report.noWorkshop')}</td>
                    <td>{number(row.open)}</td>
                    <td>{number(row.late)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}
