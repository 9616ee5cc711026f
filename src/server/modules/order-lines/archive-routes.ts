import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { sessionActor } from '../../plugins/auth';
import type { QueryParameter } from '../../plugins/route-table';
import { routesOf } from '../../plugins/route-table';
import { API } from '../../../shared/api';
import { LINE_READERS } from '../../../shared/roles';
import { ARCHIVE_DATES, ARCHIVE_PAGE_MAX, ARCHIVE_PAGE_SIZE, ARCHIVE_SEARCH_MAX, ARCHIVE_SORTS } from '../../../shared/schemas/archive';
import { INTEGER_MAX } from '../../../shared/schemas/fields';
import { parseArchiveQuery, readArchive } from './archive';

const id = (description: string): QueryParameter => ({ schema: { type: 'integer', minimum: 1, maximum: INTEGER_MAX }, description });
const instant = (description: string): QueryParameter => ({ schema: { type: 'string' }, description });

/** The parameters `archiveQuerySchema` takes (shared/schemas/archive.ts), for the API document; any other is refused. */
const ARCHIVE_QUERY: Readonly<Record<string, QueryParameter>> = {
  from: instant('Lines made (or closed, with date=closed) at or after this instant, with its zone: 2026-11-01T00:00:00+03:00'),
  to: instant('Lines made (or closed) at or before this instant, with its zone'),
  date: { schema: { type: 'string', enum: [...ARCHIVE_DATES], default: 'created' }, description: 'Which date from and to bound: when the line was made, or when it closed' },
  customer_id: id('Only lines of this customer'),
  workshop_id: id('Only lines of this workshop'),
  product_id: id('Only lines of this product'),
  status_id: id('Only lines in this status'),
  q: { schema: { type: 'string', maxLength: ARCHIVE_SEARCH_MAX }, description: "An order number, barcode or tracking number (exactly); else part of the customer's name, in any case of its letters" },
  sort: { schema: { type: 'string', enum: [...ARCHIVE_SORTS], default: 'created_at' }, description: 'The column the lines are sorted on, ties by id' },
  dir: { schema: { type: 'string', enum: ['asc', 'desc'], default: 'desc' }, description: 'The direction of the sort; lines without the date come last either way' },
  limit: { schema: { type: 'integer', minimum: 1, maximum: ARCHIVE_PAGE_MAX, default: ARCHIVE_PAGE_SIZE }, description: 'Lines of one page' },
  after: { schema: { type: 'string', maxLength: 400 }, description: "The previous page's `next`: the page that follows it" },
};

/*
 * A page (up to 500 lines, under a megabyte) is compressed in one call, its compressor freed at once.
 * An export reads a thousand pages in a row: a compressing stream for each left its native memory
 * to the garbage collector, and the server's RSS grew by about 500 MB over 500,000 lines (measured
 * with bench/archive.ts); compressed in one call, it levelled off about 40 MB up.
 */
const WHOLE_PAGE = { syncThreshold: 4 * 1024 * 1024 };

/** The history of order lines, one query away, for every reader of lines. */
export function archiveRoutes(api: FastifyInstance, db: Db): void {
  const route = routesOf('Order line archive');
  const readers = { config: { roles: LINE_READERS } };
  api.get(
    API.lineArchive,
    { ...route(readers, { summary: 'Order lines of any age the caller may read: filtered, searched, sorted and paged; `next` continues after the page', query: ARCHIVE_QUERY }), compress: WHOLE_PAGE },
    async (request) => readArchive(db, sessionActor(request), await parseArchiveQuery(request.query)),
  );
}
