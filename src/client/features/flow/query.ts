import { format, parseISO, subDays } from 'date-fns';
import { setDayRange } from '../../components/dates';
import { FLOW_DEFAULT_DAYS } from '../../../shared/schemas/flow';

/** The flow screen's filters: a period of whole days in the office's time zone, and a workshop (none: every one). */
export interface FlowFilters {
  from: string;
  to: string;
  workshopId?: number;
}

/** The default period: the last FLOW_DEFAULT_DAYS days, up to today in the office. */
export function defaultFlowFilters(today: string): FlowFilters {
  return { from: format(subDays(parseISO(today), FLOW_DEFAULT_DAYS), 'yyyy-MM-dd'), to: today };
}

/** The report's query string: each day's bounds as instants in the office's time zone. */
export function flowQuery(filters: FlowFilters, timeZone: string): string {
  const params = setDayRange(new URLSearchParams(), filters.from, filters.to, timeZone);
  if (filters.workshopId !== undefined) params.set('workshop_id', String(filters.workshopId));
  return params.toString();
}
