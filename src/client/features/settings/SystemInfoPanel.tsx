import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { NoticeView } from '../../components/NoticeView';
import { useFormatters } from '../lookups';
import { selectSystemInfo, systemInfoRequested } from './slice';
import { roleName } from '../../components/roleName';

/** Real figures of the running system (the settings tab once showed fixed samples). */
export function SystemInfoPanel() {
  const { t } = useTranslation('settings');
  const dispatch = useAppDispatch();
  const { info, notice } = useAppSelector(selectSystemInfo);
  const fmt = useFormatters();
  useEffect(() => {
    dispatch(systemInfoRequested());
  }, [dispatch]);
  if (!info) return <NoticeView notice={notice} />;
  const uptime = info.uptime_seconds;
  return (
    <section aria-labelledby="system-info-title">
      <h2 id="system-info-title">{t('systemInfo.title')}</h2>
      <div className="cards">
        <div className="card">
          <dl className="facts">
            <dt>{t('systemInfo.products')}</dt>
            <dd>{fmt.number(info.products)}</dd>
            <dt>{t('systemInfo.workshops')}</dt>
            <dd>{fmt.number(info.workshops)}</dd>
            <dt>{t('systemInfo.customers')}</dt>
            <dd>{fmt.number(info.customers)}</dd>
            <dt>{t('systemInfo.database')}</dt>
            <dd>{info.database}</dd>
            <dt>{t('systemInfo.databaseSize')}</dt>
            <dd>{t('systemInfo.size', { value: fmt.number(info.database_size_bytes / 1024 / 1024, 2) })}</dd>
            <dt>{t('systemInfo.uptime')}</dt>
            <dd>
              {t('systemInfo.uptimeValue', {
                days: Math.floor(uptime / 86400),
                hours: Math.floor((uptime % 86400) / 3600),
                minutes: Math.floor((uptime % 3600) / 60),
              })}
            </dd>
            <dt>{t('systemInfo.version')}</dt>
            <dd>{info.version}</dd>
          </dl>
        </div>
        <div className="card">
          <h3>{t('systemInfo.usersByRole')}</h3>
          <dl className="facts">
            {info.users_by_role.map((r) => (
              <div key={r.role_id}>
                <dt>{roleName(t, r.role_id, r.role_name)}</dt>
                <dd>{fmt.number(r.count)}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="card">
          <h3>{t('systemInfo.linesByStatus')}</h3>
          <dl className="facts">
            {info.order_lines_by_status.map((s) => (
              <div key={s.status_id}>
                <dt>{t(`common:lists.statuses.${s.status_id}`, { defaultValue: s.name })}</dt>
                <dd>{fmt.number(s.count)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
