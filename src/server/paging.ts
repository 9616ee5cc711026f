import type { FastifyReply } from 'fastify';
import { INTEGER_MAX, isInteger } from '../shared/schemas/fields';
import type { QueryParameter } from './plugins/route-table';
import { badRequest } from './errors';
import { type PagesOptions, sendPages } from './compressed-pages';
import { jsonListStream } from './json-stream';

/*
 * Every list route (a GET answering `{name: [...]}`) takes the optional paging parameters
 * `?limit=&offset=`; without them it answers the whole list, as a client written from the spec
 * expects. Lists of order lines, which grow without bound, are read page by page by their query
 * (`streamLines`, which takes the Page) and streamed; the others are master data of bounded size,
 * built in memory and cut to the page asked for.
 */

/** The content type of a list in the spec's JSON. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** The most rows one page may ask for. */
export const PAGE_LIMIT_MAX = 10_000;

/** The paging parameters as every list route declares them (`config.query`) for the API document. */
export const PAGING_QUERY: Readonly<Record<'limit' | 'offset', QueryParameter>> = {
  limit: { schema: { type: 'integer', minimum: 1, maximum: PAGE_LIMIT_MAX }, description: 'Rows of one page; without it, the whole list' },
  offset: { schema: { type: 'integer', minimum: 0, maximum: INTEGER_MAX, default: 0 }, description: 'Rows skipped before the page' },
};

/** Rows from `offset` on (in the route's own order), at most `limit` of them (null: to the end). */
export interface Page {
  offset: number;
  limit: number | null;
}

/** Reads `?limit=` (1 to 10,000) and `?offset=` (0 or more), both optional; anything else is a 400. */
export function pageOf(query: unknown): Page {
  const params = (query ?? {}) as Record<string, unknown>;
  const read = (name: string, min: number, max: number): number | null => {
    const raw = params[name];
    if (raw === undefined) return null;
    const value = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
    if (!isInteger(value, min, max)) throw badRequest('validation:pagingInvalid', 'VALIDATION');
    return value;
  };
  return { offset: read('offset', 0, INTEGER_MAX) ?? 0, limit: read('limit', 1, PAGE_LIMIT_MAX) };
}

/** The page `query` asks for of a list built in memory. */
export function paged<T>(rows: readonly T[], query: unknown): T[] {
  const { offset, limit } = pageOf(query);
  return rows.slice(offset, limit === null ? undefined : offset + limit);
}

/**
 * Answers `{key: [...rows]}` from rows handed on a page (an array) at a time, as `streamLines` reads
 * them: one page (`whole`) compressed in one call, a longer list streamed with each page compressed
 * by itself (compressed-pages.ts), so no array of every row is ever built and no compressor is held over
 * the whole answer.
 */
export function sendList(reply: FastifyReply, key: string, pages: AsyncIterable<readonly unknown[]>, options: PagesOptions) {
  reply.type(JSON_TYPE);
  return sendPages(reply, jsonListStream(key, pages), options);
}
