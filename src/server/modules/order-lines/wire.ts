import type { FastifyReply, FastifyRequest } from 'fastify';
import { type PagesOptions, sendPages } from '../../compressed-pages';
import type { OrderLineDto } from '../../../shared/api';
import { LINES_MEDIA_TYPE, type RowField, wireEncoder, type WireHeader } from '../../../shared/lineWire';

/** Whether the client asked for the compact format by its media type (never by a wildcard). */
export const wantsLineWire = (request: FastifyRequest) => (request.headers.accept ?? '').includes(LINES_MEDIA_TYPE);

/**
 * Answers a list of lines in the compact format (src/shared/lineWire.ts): the header, then one
 * line per page as the pages are read (each compressed by itself; one page, `whole`, in one call),
 * so the reader shows the first rows while the rest is on its way. `total` is counted just before, as a progress hint.
 */
export function sendLineWire(reply: FastifyReply, columns: RowField[], total: number, pages: AsyncIterable<readonly OrderLineDto[]>, options: PagesOptions) {
  const encode = wireEncoder(columns);
  reply.type(`${LINES_MEDIA_TYPE}; charset=utf-8`);
  return sendPages(
    reply,
    (async function* lines() {
      yield `${JSON.stringify({ columns, total } satisfies WireHeader)}\n`;
      for await (const page of pages) if (page.length > 0) yield `${JSON.stringify(encode(page))}\n`;
    })(),
    options,
  );
}
