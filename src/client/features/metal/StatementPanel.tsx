import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { sheetCells } from '../../components/excel';
import { ListStatus } from '../../components/ListStatus';
import { NoticeView } from '../../components/NoticeView';
import { exportCleared, exportRequested, ReportButtons, selectExport } from '../exports';
import { Field } from '../../components/Field';
import { WorkshopOptions } from './options';
import { useMetalFormat } from './format';
import { selectBalances, selectStatement, statementRequested } from './slice';
import { statementSheet } from './statementSheet';
import { StatementView } from './StatementView';

const EXPORT_KEY = 'metal:statement';

/**
 * A workshop's fine gold statement for the office: a workshop and a period, shown, printed for both parties'
 * signatures, or exported to Excel.
 */
export function StatementPanel() {
  const { t, i18n } = useTranslation('metal');
  const fmt = useMetalFormat();
  const dispatch = useAppDispatch();
  const workshops = useAppSelector(selectBalances).data;
  const { status, notice, data, query } = useAppSelector(selectStatement);
  const exported = useAppSelector((state) => selectExport(state, EXPORT_KEY));
  const [workshopId, setWorkshopId] = useState(query?.workshopId ?? 0);
  const [from, setFrom] = useState(query?.from ?? '');
  const [to, setTo] = useState(query?.to ?? '');
  const show = (id = workshopId) => {
    if (id) dispatch(statementRequested({ workshopId: id, ...(from ? { from } : {}), ...(to ? { to } : {}) }));
  };
  // The first workshop's statement is shown as soon as the workshops are known.
  const first = workshops[0]?.workshop_id ?? 0;
  useEffect(() => {
    if (!workshopId && first) {
      setWorkshopId(first);
      dispatch(statementRequested({ workshopId: first }));
    }
  }, [first, workshopId, dispatch]);
  // The statement last shown is read again on each visit: vouchers were answered meanwhile.
  const lastQuery = useRef(query);
  useEffect(() => {
    if (lastQuery.current) dispatch(statementRequested(lastQuery.current));
    return () => {
      dispatch(exportCleared(EXPORT_KEY));
    };
  }, [dispatch]);
  const exportStatement = () => {
    if (!data) return;
    const { columns, rows } = statementSheet(data, t, i18n.language);
    dispatch(
      exportRequested({
        key: EXPORT_KEY,
        fileName: t('sheet.fileName', { code: data.workshop_id, date: data.to ?? fmt.today() }),
        sheetName: t('sheet.name'),
        ...sheetCells(columns, rows),
        emptyKey: 'metal:sheet.empty',
        failedKey: 'metal:sheet.failed',
      }),
    );
  };
  const shown = data && data.workshop_id === workshopId ? data : null;
  return (
    <section aria-labelledby="statement-title" className="statement">
      <h2 id="statement-title">{t('statement.title')}</h2>
      <form
        className="toolbar statement-period"
        onSubmit={(event) => {
          event.preventDefault();
          show();
        }}
      >
        <Field label={t('statement.workshop')}>
          {(id) => (
            <select id={id} value={workshopId || ''} onChange={(event) => setWorkshopId(Number(event.target.value))}>
              <WorkshopOptions />
            </select>
          )}
        </Field>
        <Field label={t('statement.from')}>
          {(id) => <input id={id} type="date" value={from} onChange={(event) => setFrom(event.target.value)} />}
        </Field>
        <Field label={t('statement.to')}>
          {(id) => <input id={id} type="date" value={to} onChange={(event) => setTo(event.target.value)} />}
        </Field>
        <button type="submit" disabled={!workshopId}>
          {t('statement.show')}
        </button>
        <ReportButtons ready={shown !== null} exportKey={EXPORT_KEY} onExport={exportStatement} labels={{ print: t('statement.print'), export: t('statement.export') }} />
      </form>
      <NoticeView notice={exported?.notice ?? null} />
      <ListStatus status={status} notice={notice} count={shown ? 1 : 0} empty="" />
      {shown && (
        <div className="card printable">
          <h3>
            {t('statement.heading', {
              workshop: shown.workshop_name,
              from: shown.from ? fmt.day(shown.from) : t('statement.start'),
              to: shown.to ? fmt.day(shown.to) : fmt.day(fmt.today()),
            })}
          </h3>
          <StatementView statement={shown} />
          <Signatures />
        </div>
      )}
    </section>
  );
}

/** Shown on paper only: the office and the workshop sign the printed statement. */
function Signatures() {
  const { t } = useTranslation('metal');
  return (
    <div className="signatures print-only">
      <div className="signature">{t('statement.signOffice')}</div>
      <div className="signature">{t('statement.signWorkshop')}</div>
    </div>
  );
}
