import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListStatus } from '../../components/ListStatus';
import { NoticeView } from '../../components/NoticeView';
import { TableHead } from '../../components/TableHead';
import { useFormatters } from '../lookups';
import { failedMailsRequested, mailRetryRequested, selectMail } from './slice';

const COLUMNS = ['to', 'subject', 'attempts', 'error', 'last', 'action'] as const;

/** The mails not sent: those that failed their last try (the mail server was down for more than a day), each sent again by hand. */
export function FailedMailsPanel() {
  const { t } = useTranslation('mail');
  const dispatch = useAppDispatch();
  const fmt = useFormatters();
  const { status, notice, failed, retrying, retryNotice } = useAppSelector(selectMail);
  useEffect(() => {
    dispatch(failedMailsRequested());
  }, [dispatch]);
  return (
    <section aria-labelledby="failed-mails-title">
      <h3 id="failed-mails-title">{t('title')}</h3>
      <p className="hint">{t('hint')}</p>
      <div className="toolbar">
        <button type="button" className="secondary" disabled={status === 'loading'} onClick={() => dispatch(failedMailsRequested())}>
          {t('refresh')}
        </button>
      </div>
      <NoticeView notice={retryNotice} />
      <ListStatus status={status} notice={notice} count={failed.length} empty={t('empty')} />
      {failed.length > 0 && (
        <div className="table-scroll">
          <table aria-labelledby="failed-mails-title">
            <TableHead labels={COLUMNS.map((column) => t(`columns.${column}`))} />
            <tbody>
              {failed.map((mail) => (
                <tr key={mail.id}>
                  <td>{mail.to}</td>
                  <td>{mail.subject}</td>
                  <td>{fmt.number(mail.attempts)}</td>
                  <td>{mail.last_error ?? ''}</td>
                  <td>{fmt.date(mail.updated_at)}</td>
                  <td>
                    <button type="button" className="secondary" disabled={retrying !== null} onClick={() => dispatch(mailRetryRequested(mail.id))} aria-label={t('retryTo', { to: mail.to })}>
                      {t('retry')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
