import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { encode, encodingTaken, type PagesOptions, sendEncoded } from '../../compressed-pages';
import { JSON_TYPE, pageOf, sendList } from '../../paging';
import { rowFieldsFor } from '../../../shared/lineWire';
import type { Actor } from './actor';
import { KEPT_ANSWER_BYTES, keptAnswers } from './kept-answers';
import { keptLists, type ListLines } from './kept-lists';
import { listVersion, namesTag } from './list-versions';
import { LINES_PAGE, workingSet } from './queries';
import { sendLineWire, wantsLineWire } from './wire';

/**
 * Answers an everyday list: the actor's working set (its window by the settings read with its version), streamed in the
 * spec's JSON or, where `wire` allows and the client asks for it, in the compact format. Its ETag
 * goes with it; a client that names that tag in If-None-Match is answered 304 without a body, and
 * no line is read. The answer stays `no-store`: the 304 is for the client's own copy, not the
 * browser's cache. A list is kept as sent under its tag (kept-answers.ts), unless it is long, and
 * sent again as it is while the tag stands; a whole list in the spec's JSON is built once for all
 * who ask for it under one tag at once, and kept as its lines' texts too, so after a change only the
 * lines changed are read again (kept-lists.ts).
 */
export async function answerList(db: Db, request: FastifyRequest, reply: FastifyReply, actor: Actor, { wire }: { wire: boolean }) {
  const page = pageOf(request.query);
  const asWire = wire && wantsLineWire(request);
  const { start, tag, withoutChanges } = await listVersion(db, actor, { ...page, wire: asWire });
  reply.header('etag', tag);
  if (wire) reply.header('vary', 'Accept');
  if (namesTag(request, tag)) return reply.code(304).send();
  const kept = keptAnswers(db);
  const taken = encodingTaken(reply);
  const whole = page.offset === 0 && page.limit === null;
  /** The lines read by this reader's own build of a list too long to keep, streamed below. */
  let own: Exclude<ListLines, { texts: Buffer[] }> | undefined;
  const answer =
    whole && !asWire
      ? await kept.shared(tag, taken, KEPT_ANSWER_BYTES, async () => {
          const lines = await keptLists(db).read(db, actor, start, withoutChanges);
          if (!('texts' in lines)) {
            own = lines;
            return undefined;
          }
          return { type: JSON_TYPE, body: await encode(listBody('orders', lines.texts), taken), encoding: taken };
        })
      : kept.get(tag, taken);
  if (answer) return sendEncoded(reply.type(answer.type), answer.body, answer.encoding);
  const keep: PagesOptions['keep'] = { upTo: KEPT_ANSWER_BYTES, body: (body, encoding) => kept.keep(tag, taken, { type: String(reply.getHeader('content-type')), body, encoding }) };
  const lines = own ?? (await workingSet(db, actor, start, page));
  const { total, pages } = lines;
  const options = { whole: total <= LINES_PAGE, keep };
  if (!asWire) return sendList(reply, 'orders', pages, options);
  return sendLineWire(reply, rowFieldsFor(!actor.isCustomer), total, pages, options);
}

/** `{"<key>": [...]}` from its rows' JSON texts. */
function listBody(key: string, texts: readonly Buffer[]): Buffer {
  const parts: Buffer[] = [Buffer.from(`{${JSON.stringify(key)}:[`)];
  texts.forEach((text, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(text);
  });
  parts.push(Buffer.from(']}'));
  return Buffer.concat(parts);
}

const COMMA = Buffer.from(',');
