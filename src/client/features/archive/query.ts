import { setDayRange } from '../../components/dates';
import type { ArchiveSort } from '../../../shared/schemas/archive';
import { ARCHIVE_DATES } from '../../../shared/schemas/archive';

/** What the archive's form asks: days as typed (yyyy-mm-dd, the office's days), ids chosen, the search text. */
export interface ArchiveFilters {
  date: (typeof ARCHIVE_DATES)[number];
  from: string;
  to: string;
  customerId?: number;
  workshopId?: number;
  productId?: number;
  statusId?: number;
  q: string;
}

export interface ArchiveOrder {
  sort: ArchiveSort;
  dir: 'asc' | 'desc';
}

export const NO_FILTERS: ArchiveFilters = { date: 'created', from: '', to: '', q: '' };
export const NEWEST_FIRST: ArchiveOrder = { sort: 'created_at', dir: 'desc' };

/**
 * The archive route's query for a form and a sort: the typed days become the instants they start
 * and end at in the office's time zone; an empty field asks nothing.
 */
export function archiveQuery(filters: ArchiveFilters, order: ArchiveOrder, timeZone: string): string {
  const params = setDayRange(new URLSearchParams(), filters.from, filters.to, timeZone);
  if ((filters.from || filters.to) && filters.date !== 'created') params.set('date', filters.date);
  const ids = { customer_id: filters.customerId, workshop_id: filters.workshopId, product_id: filters.productId, status_id: filters.statusId };
  for (const [name, id] of Object.entries(ids)) if (id !== undefined) params.set(name, String(id));
  const q = filters.q.trim();
  if (q) params.set('q', q);
  params.set('sort', order.sort);
  params.set('dir', order.dir);
  return params.toString();
}

/** The page after `after` of a query, `limit` lines long when given. */
export function pageQuery(query: string, after: string | null, limit?: number): string {
  const params = new URLSearchParams(query);
  if (after) params.set('after', after);
  if (limit) params.set('limit', String(limit));
  return params.toString();
}

/** A header clicked: its column sorted newest (or highest) first, or the other way when it already was. */
export function toggledOrder(current: ArchiveOrder, sort: ArchiveSort): ArchiveOrder {
  return current.sort === sort ? { sort, dir: current.dir === 'desc' ? 'asc' : 'desc' } : { sort, dir: 'desc' };
}
