import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowStepDto } from '../../../shared/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListStatus } from '../../components/ListStatus';
import { exportCleared } from '../exports';
import { useFormatters } from '../lookups';
import { workshopsRequested } from '../workshops';
import { DwellTable, FLOW_EXPORT_KEY } from './DwellTable';
import { FlowBoard } from './FlowBoard';
import { FlowForm } from './FlowForm';
import { FlowScorecard } from './FlowScorecard';
import { FlowTrend } from './FlowTrend';
import { bottleneckOf } from './places';
import { defaultFlowFilters, type FlowFilters, flowQuery } from './query';
import { flowLeft, flowRequested, selectFlow } from './slice';
import { useFlowNames } from './useFlowNames';

// AG Charts loads with the chart, never in the main bundle.
const FlowChart = lazy(() => import('./FlowChart'));

/** Where pieces wait: pieces there now by workshop and place, how long they stayed in a period, and the bottleneck. */
export default function FlowScreen() {
  const { t } = useTranslation('flow');
  const dispatch = useAppDispatch();
  const fmt = useFormatters();
  const names = useFlowNames();
  const { status, notice, steps } = useAppSelector(selectFlow);
  const [initial] = useState<FlowFilters>(() => defaultFlowFilters(fmt.today()));
  const { timeZone } = fmt;
  const ask = (filters: FlowFilters) => dispatch(flowRequested(flowQuery(filters, timeZone)));

  useEffect(() => {
    dispatch(workshopsRequested());
    dispatch(flowRequested(flowQuery(initial, timeZone)));
    return () => {
      dispatch(flowLeft());
      dispatch(exportCleared(FLOW_EXPORT_KEY));
    };
  }, [dispatch, initial, timeZone]);

  const rows = useMemo(() => steps ?? [], [steps]);
  const bottleneck = useMemo(() => bottleneckOf(rows), [rows]);
  const stayed = useMemo(() => rows.filter((row) => row.pieces > 0), [rows]);
  const bars = useMemo(
    () =>
      stayed
        .filter((row) => row.median_hours !== null)
        .sort((a, b) => (b.median_hours ?? 0) - (a.median_hours ?? 0))
        .map((row) => ({ name: `${names.place(row)} (${names.workshop(row.workshop_id)})`, hours: row.median_hours ?? 0 })),
    [stayed, names],
  );
  const placeOfRow = (row: FlowStepDto) => t('bottleneckPlace', { place: names.place(row), workshop: names.workshop(row.workshop_id) });

  return (
    <section aria-labelledby="flow-title">
      <h1 id="flow-title">{t('title')}</h1>
      <FlowForm initial={initial} busy={status === 'loading'} onSearch={ask} />
      <ListStatus status={status === 'idle' ? 'loading' : status} notice={notice} count={steps ? 1 : 0} empty="" />
      {steps && rows.length === 0 && <p>{t('empty')}</p>}
      {rows.length > 0 && (
        <>
          <p role="note" className={bottleneck.length > 0 ? 'bottleneck-note' : undefined}>
            {bottleneck.length > 0 ? t('bottleneck', { places: bottleneck.map(placeOfRow).join(', ') }) : t('noBottleneck')}
          </p>
          <h2>{t('board')}</h2>
          <FlowBoard rows={rows} />
          <h2>{t('dwell')}</h2>
          <DwellTable stayed={stayed} bottleneck={bottleneck} />
          {bars.length > 0 && (
            <Suspense fallback={<p role="status">{t('common:loading')}</p>}>
              <FlowChart title={t('chart')} label={t('columns.median')} bars={bars} />
            </Suspense>
          )}
          <FlowTrend />
        </>
      )}
      <FlowScorecard />
    </section>
  );
}
