import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { encodingTaken, type PagesOptions, sendEncoded } from '../../compressed-pages';
import { pageOf, sendList } from '../../paging';
import { rowFieldsFor } from '../../../shared/lineWire';
import type { Actor } from './actor';
import { KEPT_ANSWER_BYTES, keptAnswers } from './kept-answers';
import { listTag, namesTag } from './list-versions';
import { LINES_PAGE, workingSet } from './queries';
import { sendLineWire, wantsLineWire } from './wire';

/**
 * Answers an everyday list: the actor's working set (the window from `start`), streamed in the
 * spec's JSON or, where `wire` allows and the client asks for it, in the compact format. Its ETag
 * goes with it; a client that names that tag in If-None-Match is answered 304 without a body, and
 * no line is read. The answer stays `no-store`: the 304 is for the client's own copy, not the
 * browser's cache. A list is kept as sent under its tag (kept-answers.ts), unless it is long, and
 * sent again as it is while the tag stands.
 */
export async function answerList(db: Db, request: FastifyRequest, reply: FastifyReply, actor: Actor, start: string | null, { wire }: { wire: boolean }) {
  const page = pageOf(request.query);
  const asWire = wire && wantsLineWire(request);
  const tag = await listTag(db, actor, start, { ...page, wire: asWire });
  reply.header('etag', tag);
  if (wire) reply.header('vary', 'Accept');
  if (namesTag(request, tag)) return reply.code(304).send();
  const kept = keptAnswers(db);
  const taken = encodingTaken(reply);
  const answer = kept.get(tag, taken);
  if (answer) return sendEncoded(reply.type(answer.type), answer.body, answer.encoding);
  const { total, pages } = await workingSet(db, actor, start, page);
  const whole = total <= LINES_PAGE;
  const keep: PagesOptions['keep'] = { upTo: KEPT_ANSWER_BYTES, body: (body, encoding) => kept.keep(tag, taken, { type: String(reply.getHeader('content-type')), body, encoding }) };
  if (!asWire) return sendList(reply, 'orders', pages, { whole, keep });
  return sendLineWire(reply, rowFieldsFor(!actor.isCustomer), total, pages, { whole, keep });
}
