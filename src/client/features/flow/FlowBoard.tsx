import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { FlowStepDto } from '../../../shared/api';
import { TableHead } from '../../components/TableHead';
import { useFormatters } from '../lookups';
import { placeSearch } from './placeLinks';
import { placesOf, waitingNow, workshopsOf } from './places';
import { useFlowNames } from './useFlowNames';

/** The work in process: pieces waiting now, a row per workshop and a column per phase or step. */
export function FlowBoard({ rows }: { rows: readonly FlowStepDto[] }) {
  const { t } = useTranslation('flow');
  const fmt = useFormatters();
  const names = useFlowNames();
  const places = useMemo(() => placesOf(rows), [rows]);
  const board = useMemo(() => waitingNow(rows), [rows]);
  // Each cell opens its pieces in the order grid, filtered to its place (the grid is live: an empty cell's place fills there as pieces arrive).
  const ordersPath = useLocation().pathname.startsWith('/office/') ? '/office/orders' : '/admin/orders';
  return (
    <div className="table-scroll">
      <table aria-label={t('board')}>
        <TableHead labels={[t('columns.workshop'), ...places.map((place) => names.place({ phase: place.phase, step_name: place.stepName }))]} />
        <tbody>
          {workshopsOf(rows).map((workshop) => (
            <tr key={workshop ?? 'none'}>
              <th scope="row">{names.workshop(workshop)}</th>
              {places.map((place) => {
                const count = board.get(workshop)?.get(place.key) ?? 0;
                const shown = fmt.number(count);
                return (
                  <td key={place.key}>
                    <Link to={`${ordersPath}?${placeSearch({ workshop_id: workshop, phase: place.phase, step_id: place.stepId })}`} aria-label={t('openInGrid', { count: shown, workshop: names.workshop(workshop), place: names.place({ phase: place.phase, step_name: place.stepName }) })}>
                      {shown}
                    </Link>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
