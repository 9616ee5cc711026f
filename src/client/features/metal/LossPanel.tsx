import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LossRowDto, WorkshopLossDto } from '../../../shared/metal-api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { sheetCells } from '../../components/excel';
import { ListStatus } from '../../components/ListStatus';
import { NoticeView } from '../../components/NoticeView';
import { TableHead } from '../../components/TableHead';
import { exportCleared, exportRequested, ReportButtons, selectExport } from '../exports';
import { stepsRequested } from '../production-steps';
import { Field } from '../../components/Field';
import { useMetalFormat } from './format';
import { lossSheet } from './lossSheet';
import { useLedgerNames } from './names';
import { lossRequested, puritiesRequested, selectLoss } from './slice';

const EXPORT_KEY = 'metal:loss';

const rowKey = (row: LossRowDto) => `${row.workshop_id}-${row.milyem}-${row.step_id ?? 'none'}`;

/** Whether a row's loss is above its norm, within it, or has no norm to be held against: in words, never by colour alone. */
function Verdict({ row }: { row: LossRowDto }) {
  const { t } = useTranslation('metal');
  if (row.above_norm) return <span className="badge above-norm">{t('loss.aboveNorm')}</span>;
  return <span className="hint">{row.norm_per_mille === null || row.loss_per_mille === null ? t('loss.noNorm') : t('loss.withinNorm')}</span>;
}

/**
 * Each row's loss per mille as a bar beside a mark at its norm. Only a picture of the table above
 * it, so it is hidden from screen readers; the numbers are read into floats for drawing only.
 */
function LossChart({ rows, labelOf }: { rows: readonly LossRowDto[]; labelOf: (row: LossRowDto) => string }) {
  const { t } = useTranslation('metal');
  const fmt = useMetalFormat();
  const drawn = rows.filter((row) => row.loss_per_mille !== null);
  const scale = Math.max(...drawn.flatMap((row) => [Number(row.loss_per_mille), Number(row.norm_per_mille ?? 0)]), 0);
  if (drawn.length === 0 || scale <= 0) return null;
  const share = (value: string) => `${Math.min(100, Math.max(0, (Number(value) / scale) * 100))}%`;
  return (
    <figure className="loss-chart" aria-hidden="true">
      <figcaption>
        <span className="loss-key loss-key-bar" /> {t('loss.legendLoss')} <span className="loss-key loss-key-norm" /> {t('loss.legendNorm')}
      </figcaption>
      {drawn.map((row) => (
        <div key={rowKey(row)} className={row.above_norm ? 'loss-chart-row above-norm' : 'loss-chart-row'}>
          <span className="loss-chart-label" title={labelOf(row)}>
            {labelOf(row)}
          </span>
          <span className="loss-chart-track">
            <span className="loss-chart-bar" style={{ width: share(row.loss_per_mille!) }} />
            {row.norm_per_mille !== null && <span className="loss-chart-norm" style={{ left: share(row.norm_per_mille) }} />}
          </span>
          <span className="loss-chart-value">{fmt.perMille(row.loss_per_mille!)}</span>
        </div>
      ))}
    </figure>
  );
}

/** Each workshop's loss in fine gold beside what refining lots of the period recovered for it. */
function RecoveryTable({ rows }: { rows: readonly WorkshopLossDto[] }) {
  const { t } = useTranslation('metal');
  const fmt = useMetalFormat();
  return (
    <div className="table-scroll">
      <table aria-label={t('loss.recoveryTable')} className="loss-table">
        <TableHead labels={[t('loss.workshop'), t('loss.lossFine'), t('loss.recoveredFine'), t('loss.unrecoveredFine')]} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.workshop_id}>
              <td>{row.workshop_name}</td>
              <td className="figure">{fmt.grams(row.loss_fine_g)}</td>
              <td className="figure">{fmt.grams(row.recovered_fine_g)}</td>
              <td className="figure">{fmt.grams(row.unrecovered_fine_g)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * 'Fire Analizi': metal issued to the workshops and returned by them over a period, by workshop,
 * purity and step, the loss beside its norm, drawn as bars and exported to Excel.
 */
export function LossPanel() {
  const { t } = useTranslation('metal');
  const fmt = useMetalFormat();
  const dispatch = useAppDispatch();
  const names = useLedgerNames();
  const { status, notice, data, query, workshops } = useAppSelector(selectLoss);
  const exported = useAppSelector((state) => selectExport(state, EXPORT_KEY));
  const [from, setFrom] = useState(query?.from ?? '');
  const [to, setTo] = useState(query?.to ?? '');
  // The period last shown (every day at first) is read again on each visit: vouchers were answered meanwhile.
  const lastQuery = useRef(query);
  useEffect(() => {
    dispatch(puritiesRequested());
    dispatch(stepsRequested());
    dispatch(lossRequested(lastQuery.current ?? {}));
    return () => {
      dispatch(exportCleared(EXPORT_KEY));
    };
  }, [dispatch]);
  const stepOf = (row: LossRowDto) => (row.step_id === null ? t('loss.noStep') : names.step(row.step_id));
  const labelOf = (row: LossRowDto) => t('loss.rowLabel', { workshop: row.workshop_name, purity: names.purity(row.milyem), step: stepOf(row) });
  const exportLoss = () => {
    const { columns, rows } = lossSheet(data, t, names);
    dispatch(
      exportRequested({
        key: EXPORT_KEY,
        fileName: t('sheet.lossFileName', { date: query?.to ?? fmt.today() }),
        sheetName: t('sheet.lossName'),
        ...sheetCells(columns, rows),
        emptyKey: 'metal:sheet.empty',
        failedKey: 'metal:sheet.failed',
      }),
    );
  };
  return (
    <section aria-labelledby="loss-title" className="loss">
      <h2 id="loss-title">{t('loss.title')}</h2>
      <form
        className="toolbar statement-period"
        onSubmit={(event) => {
          event.preventDefault();
          dispatch(lossRequested({ ...(from ? { from } : {}), ...(to ? { to } : {}) }));
        }}
      >
        <Field label={t('loss.from')}>{(id) => <input id={id} type="date" value={from} onChange={(event) => setFrom(event.target.value)} />}</Field>
        <Field label={t('loss.to')}>{(id) => <input id={id} type="date" value={to} onChange={(event) => setTo(event.target.value)} />}</Field>
        <button type="submit">{t('loss.show')}</button>
        <ReportButtons ready={data.length > 0} exportKey={EXPORT_KEY} onExport={exportLoss} labels={{ print: t('loss.print'), export: t('loss.export') }} />
      </form>
      <NoticeView notice={exported?.notice ?? null} />
      {query && (
        <p className="print-only">{t('loss.period', { from: query.from ? fmt.day(query.from) : t('statement.start'), to: fmt.day(query.to ?? fmt.today()) })}</p>
      )}
      <ListStatus status={status} notice={notice} count={data.length} empty={t('loss.empty')} />
      {data.length > 0 && (
        <>
          <div className="table-scroll">
            <table aria-label={t('loss.table')} className="loss-table">
              <TableHead
                labels={[t('loss.workshop'), t('loss.purity'), t('loss.step'), t('loss.issued'), t('loss.returned'), t('loss.loss'), t('loss.lossPerMille'), t('loss.norm'), t('loss.verdict')]}
              />
              <tbody>
                {data.map((row) => (
                  <tr key={rowKey(row)} className={row.above_norm ? 'above-norm' : undefined}>
                    <td>{row.workshop_name}</td>
                    <td>{names.purity(row.milyem)}</td>
                    <td>{stepOf(row)}</td>
                    <td className="figure">{fmt.grams(row.issued_g)}</td>
                    <td className="figure">{fmt.grams(row.returned_g)}</td>
                    <td className="figure">{fmt.grams(row.loss_g)}</td>
                    <td className="figure">{row.loss_per_mille === null ? '-' : fmt.perMille(row.loss_per_mille)}</td>
                    <td className="figure">{row.norm_per_mille === null ? '-' : fmt.perMille(row.norm_per_mille)}</td>
                    <td>
                      <Verdict row={row} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LossChart rows={data} labelOf={labelOf} />
        </>
      )}
      {workshops.length > 0 && (
        <>
          <h3>{t('loss.recoveryTitle')}</h3>
          <p className="hint">{t('loss.recoveryHint')}</p>
          <RecoveryTable rows={workshops} />
        </>
      )}
    </section>
  );
}
