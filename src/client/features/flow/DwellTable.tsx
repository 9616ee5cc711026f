import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowStepDto } from '../../../shared/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { sheetCells, type SheetColumn } from '../../components/excel';
import { NoticeView } from '../../components/NoticeView';
import { ExportProgress, exportRequested, selectExport } from '../exports';
import { useFormatters } from '../lookups';
import { placeKey } from './places';
import { useFlowNames } from './useFlowNames';

export const FLOW_EXPORT_KEY = 'flow';

type SortKey = 'workshop' | 'place' | 'pieces' | 'median' | 'p90';
const SORT_KEYS: readonly SortKey[] = ['workshop', 'place', 'pieces', 'median', 'p90'];
/** Names sort from A, figures from the largest. */
const FIGURES: readonly SortKey[] = ['pieces', 'median', 'p90'];

/** The stays ended in the period by workshop and place: pieces, median and 90th percentile hours, sortable, the bottleneck marked; and its export. */
export function DwellTable({ stayed, bottleneck }: { stayed: readonly FlowStepDto[]; bottleneck: readonly FlowStepDto[] }) {
  const { t, i18n } = useTranslation('flow');
  const dispatch = useAppDispatch();
  const fmt = useFormatters();
  const names = useFlowNames();
  const exported = useAppSelector((state) => selectExport(state, FLOW_EXPORT_KEY));
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: 'median', descending: true });

  const valueOf: Record<SortKey, (row: FlowStepDto) => string | number> = {
    workshop: (row) => names.workshop(row.workshop_id),
    place: names.place,
    pieces: (row) => row.pieces,
    median: (row) => row.median_hours ?? -1,
    p90: (row) => row.p90_hours ?? -1,
  };
  const sorted = [...stayed].sort((a, b) => {
    const [x, y] = [valueOf[sort.key](a), valueOf[sort.key](b)];
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), i18n.language);
    return sort.descending ? -order : order;
  });
  const sortBy = (key: SortKey) => setSort((current) => ({ key, descending: current.key === key ? !current.descending : FIGURES.includes(key) }));
  const hours = (value: number | null) => (value === null ? '' : fmt.number(value, 1));

  const exportDwell = () => {
    const columns: SheetColumn<FlowStepDto>[] = [
      { header: t('columns.workshop'), type: 'text', value: (row) => names.workshop(row.workshop_id) },
      { header: t('columns.place'), type: 'text', value: names.place },
      { header: t('columns.pieces'), type: 'number', value: (row) => row.pieces },
      { header: t('columns.median'), type: 'number', value: (row) => row.median_hours },
      { header: t('columns.p90'), type: 'number', value: (row) => row.p90_hours },
    ];
    dispatch(exportRequested({ key: FLOW_EXPORT_KEY, fileName: t('fileName', { date: fmt.today() }), sheetName: t('sheet'), ...sheetCells(columns, sorted), emptyKey: 'flow:nothingToExport', failedKey: 'flow:exportFailed' }));
  };

  return (
    <>
      <div className="toolbar">
        <button type="button" className="secondary" onClick={exportDwell} disabled={exported?.status === 'busy'}>
          {t('export')}
        </button>
        <ExportProgress exportKey={FLOW_EXPORT_KEY} />
      </div>
      <NoticeView notice={exported?.notice ?? null} />
      {sorted.length === 0 ? (
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
                  <td>{names.workshop(row.workshop_id)}</td>
                  <td>{names.place(row)}</td>
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
    </>
  );
}
