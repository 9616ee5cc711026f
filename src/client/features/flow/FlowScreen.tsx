import { lazy, Suspense, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { FlowStepDto } from '../../../shared/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { sheetCells, type SheetColumn } from '../../components/excel';
import { ListStatus } from '../../components/ListStatus';
import { NoticeView } from '../../components/NoticeView';
import { TableHead } from '../../components/TableHead';
import { ExportProgress, exportCleared, exportRequested, selectExport } from '../exports';
import { useFormatters } from '../lookups';
import { selectWorkshops, workshopsRequested } from '../workshops';
import { bottleneckOf, placeKey, placesOf, waitingNow, workshopsOf, type Place } from './places';
import { defaultFlowFilters, type FlowFilters, flowQuery } from './query';
import { flowLeft, flowRequested, selectFlow } from './slice';

const EXPORT_KEY = 'flow';
// AG Charts loads with the chart, never in the main bundle.
const FlowChart = lazy(() => import('./FlowChart'));

type SortKey = 'workshop' | 'place' | 'pieces' | 'median' | 'p90';
const SORT_KEYS: readonly SortKey[] = ['workshop', 'place', 'pieces', 'median', 'p90'];

/** Where pieces wait: pieces there now by workshop and place, how long they stayed in a period, and the bottleneck. */
export default function FlowScreen() {
  const { t, i18n } = useTranslation('flow');
  const dispatch = useAppDispatch();
  const fmt = useFormatters();
  const { status, notice, steps } = useAppSelector(selectFlow);
  const workshops = useAppSelector(selectWorkshops);
  const exported = useAppSelector((state) => selectExport(state, EXPORT_KEY));
  const [filters, setFilters] = useState<FlowFilters>(() => defaultFlowFilters(fmt.today()));
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: 'median', descending: true });

  const ask = (next: FlowFilters) => dispatch(flowRequested(flowQuery(next, fmt.timeZone)));
  useEffect(() => {
    dispatch(workshopsRequested());
    ask(filters);
    return () => {
      dispatch(flowLeft());
      dispatch(exportCleared(EXPORT_KEY));
    };
    // Read once on opening with the default period; later reads follow the form.
  }, [dispatch]);

  const names = useMemo(() => new Map(workshops.map((workshop) => [workshop.id, workshop.name])), [workshops]);
  const workshopName = (id: number | null) => (id === null ? t('noWorkshop') : (names.get(id) ?? t('workshopNumber', { id })));
  const placeName = (place: Pick<Place, 'phase' | 'stepName'>) => (place.phase === 'step' && place.stepName ? place.stepName : t(`phases.${place.phase}`));
  const rowPlace = (row: FlowStepDto) => placeName({ phase: row.phase, stepName: row.step_name });
  const hours = (value: number | null) => (value === null ? '' : fmt.number(value, 1));

  // The grid opens on a built-in view from a link; only pieces waiting for a workshop have one of their own.
  const ordersPath = useLocation().pathname.startsWith('/office/') ? '/office/orders' : '/admin/orders';
  const rows = useMemo(() => steps ?? [], [steps]);
  const places = useMemo(() => placesOf(rows), [rows]);
  const board = useMemo(() => waitingNow(rows), [rows]);
  const bottleneck = useMemo(() => bottleneckOf(rows), [rows]);
  const stayed = rows.filter((row) => row.pieces > 0);
  const valueOf: Record<SortKey, (row: FlowStepDto) => string | number> = {
    workshop: (row) => workshopName(row.workshop_id),
    place: rowPlace,
    pieces: (row) => row.pieces,
    median: (row) => row.median_hours ?? -1,
    p90: (row) => row.p90_hours ?? -1,
  };
  const sorted = [...stayed].sort((a, b) => {
    const [x, y] = [valueOf[sort.key](a), valueOf[sort.key](b)];
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), i18n.language);
    return sort.descending ? -order : order;
  });
  const sortBy = (key: SortKey) => setSort((current) => ({ key, descending: current.key === key ? !current.descending : key !== 'workshop' && key !== 'place' }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask(filters);
  };
  const exportDwell = () => {
    const columns: SheetColumn<FlowStepDto>[] = [
      { header: t('columns.workshop'), type: 'text', value: (row) => workshopName(row.workshop_id) },
      { header: t('columns.place'), type: 'text', value: rowPlace },
      { header: t('columns.pieces'), type: 'number', value: (row) => row.pieces },
      { header: t('columns.median'), type: 'number', value: (row) => row.median_hours },
      { header: t('columns.p90'), type: 'number', value: (row) => row.p90_hours },
    ];
    dispatch(exportRequested({ key: EXPORT_KEY, fileName: t('fileName', { date: fmt.today() }), sheetName: t('sheet'), ...sheetCells(columns, sorted), emptyKey: 'flow:nothingToExport', failedKey: 'flow:exportFailed' }));
  };

  return (
    <section aria-labelledby="flow-title">
      <h1 id="flow-title">{t('title')}</h1>
      <form className="toolbar" onSubmit={submit} aria-label={t('form')}>
        <label>
          {t('from')}
          <input type="date" required value={filters.from} onChange={(e) => setFilters({ ...filters, from: e.target.value })} />
        </label>
        <label>
          {t('to')}
          <input type="date" required value={filters.to} onChange={(e) => setFilters({ ...filters, to: e.target.value })} />
        </label>
        <label>
          {t('workshop')}
          <select value={filters.workshopId ?? ''} onChange={(e) => setFilters({ ...filters, workshopId: e.target.value ? Number(e.target.value) : undefined })}>
            <option value="">{t('everyWorkshop')}</option>
            {workshops.map((workshop) => (
              <option key={workshop.id} value={workshop.id}>
                {workshop.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={status === 'loading'}>
          {t('show')}
        </button>
      </form>
      <ListStatus status={status === 'idle' ? 'loading' : status} notice={notice} count={steps ? 1 : 0} empty="" />
      {steps && rows.length === 0 && <p>{t('empty')}</p>}
      {rows.length > 0 && (
        <>
          <p role="note" className={bottleneck.length > 0 ? 'bottleneck-note' : undefined}>
            {bottleneck.length > 0
              ? t('bottleneck', { places: bottleneck.map((row) => t('bottleneckPlace', { place: rowPlace(row), workshop: workshopName(row.workshop_id) })).join(', ') })
              : t('noBottleneck')}
          </p>
          <h2>{t('board')}</h2>
          <div className="table-scroll">
            <table aria-label={t('board')}>
              <TableHead labels={[t('columns.workshop'), ...places.map(placeName)]} />
              <tbody>
                {workshopsOf(rows).map((workshop) => (
                  <tr key={workshop ?? 'none'}>
                    <th scope="row">{workshopName(workshop)}</th>
                    {places.map((place) => {
                      const count = board.get(workshop)?.get(place.key) ?? 0;
                      const shown = fmt.number(count);
                      return (
                        <td key={place.key}>
                          {count > 0 && workshop === null && place.phase === 'unassigned' ? (
                            <Link to={`${ordersPath}?view=awaitingWorkshop`} aria-label={t('openInGrid', { count: shown })}>
                              {shown}
                            </Link>
                          ) : (
                            shown
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h2>{t('dwell')}</h2>
          <div className="toolbar">
            <button type="button" className="secondary" onClick={exportDwell} disabled={exported?.status === 'busy'}>
              {t('export')}
            </button>
            <ExportProgress exportKey={EXPORT_KEY} />
          </div>
          <NoticeView notice={exported?.notice ?? null} />
          {stayed.length === 0 ? (
            <p>{t('noStays')}</p>
          ) : (
            <table aria-label={t('dwell')}>
              <thead>
                <tr>
                  {SORT_KEYS.map((key) => (
                    <th key={key} aria-sort={sort.key === key ? (sort.descending ? 'descending' : 'ascending') : undefined}>
                      <button type="button" className="link" onClick={() => sortBy(key)}>
                        {t(`columns.${key}`)}
                      </button>
                    </th>
                  ))}
                  <th>{t('columns.mark')}</th>
                </tr>
              </thead>
              <tbody>
                {sorted.map((row) => {
                  const slow = bottleneck.includes(row);
                  return (
                    <tr key={`${row.workshop_id ?? ''}|${placeKey(row)}`} className={slow ? 'bottleneck' : undefined}>
                      <td>{workshopName(row.workshop_id)}</td>
                      <td>{rowPlace(row)}</td>
                      <td>{fmt.number(row.pieces)}</td>
                      <td>{hours(row.median_hours)}</td>
                      <td>{hours(row.p90_hours)}</td>
                      <td>{slow ? t('bottleneckMark') : ''}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
          {stayed.length > 0 && (
            <Suspense fallback={<p role="status">{t('common:loading')}</p>}>
              <FlowChart title={t('chart')} label={t('columns.median')} bars={sorted.filter((row) => row.median_hours !== null).map((row) => ({ name: `${rowPlace(row)} (${workshopName(row.workshop_id)})`, hours: row.median_hours ?? 0 }))} />
            </Suspense>
          )}
        </>
      )}
    </section>
  );
}
