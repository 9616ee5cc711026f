import { object, string } from 'yup';
import { isId, text } from './fields';

/*
 * GET API.lineArchive: the query of the order lines' history. Every parameter arrives as text
 * (a repeated one as a list, which is refused); the server reads the values once they pass.
 */

/** The columns the archive sorts on; each breaks its ties by the line's id. */
export const ARCHIVE_SORTS = ['created_at', 'closed_at', 'order_number', 'id'] as const;
export type ArchiveSort = (typeof ARCHIVE_SORTS)[number];

/** Which date of a line `from` and `to` bound: when it was made, or when it closed. */
export const ARCHIVE_DATES = ['created', 'closed'] as const;

export const ARCHIVE_PAGE_SIZE = 100;
export const ARCHIVE_PAGE_MAX = 500;
/** The longest search text: far above any order number, barcode, tracking number or name. */
export const ARCHIVE_SEARCH_MAX = 100;

/** An instant with its zone (2026-11-23T09:00:00Z, 2026-11-23T12:00+03:00), in years 1 to 9999 in UTC, as both databases read them. */
export function isInstant(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return false;
  const at = new Date(value);
  return !Number.isNaN(at.getTime()) && at.getUTCFullYear() >= 1 && at.getUTCFullYear() <= 9999;
}

const id = () => string().test('id', 'validation:archiveIdInvalid', (value) => value === undefined || (/^\d{1,10}$/.test(value) && isId(Number(value))));
const instant = () => string().test('instant', 'validation:archiveDateInvalid', (value) => value === undefined || isInstant(value));
const oneOf = (values: readonly string[], message: string) => string().oneOf([...values], message);

export const archiveQuerySchema = object({
  from: instant().typeError('validation:archiveDateInvalid'),
  to: instant().typeError('validation:archiveDateInvalid'),
  date: oneOf(ARCHIVE_DATES, 'validation:archiveDateKindInvalid').typeError('validation:archiveDateKindInvalid'),
  customer_id: id().typeError('validation:archiveIdInvalid'),
  workshop_id: id().typeError('validation:archiveIdInvalid'),
  product_id: id().typeError('validation:archiveIdInvalid'),
  status_id: id().typeError('validation:archiveIdInvalid'),
  q: text().typeError('validation:archiveSearchInvalid').max(ARCHIVE_SEARCH_MAX, 'validation:archiveSearchInvalid'),
  sort: oneOf(ARCHIVE_SORTS, 'validation:archiveSortInvalid').typeError('validation:archiveSortInvalid'),
  dir: oneOf(['asc', 'desc'], 'validation:archiveSortInvalid').typeError('validation:archiveSortInvalid'),
  limit: string()
    .typeError('validation:archiveLimitInvalid')
    .test('limit', 'validation:archiveLimitInvalid', (value) => value === undefined || (/^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= ARCHIVE_PAGE_MAX)),
  after: string().typeError('validation:archiveCursorInvalid').max(400, 'validation:archiveCursorInvalid'),
}).noUnknown('validation:archiveFilterUnknown');
