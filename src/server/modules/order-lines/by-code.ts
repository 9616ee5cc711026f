import type { FastifyInstance } from 'fastify';
import { API, type OrderLineDto } from '../../../shared/api';
import { isBarcode } from '../../../shared/barcode';
import { PRODUCTION } from '../../../shared/roles';
import type { Db } from '../../db';
import { notFound } from '../../errors';
import { sessionActor } from '../../plugins/auth';
import { routesOf } from '../../plugins/route-table';
import type { Actor } from './actor';
import { lineQuery, readLines, visibleTo } from './queries';

/** One refusal for every code that is not a line of the reader's: a workshop learns nothing of another's lines. */
const unknownCode = () => notFound('errors:lineCodeUnknown', 'LINE_CODE_UNKNOWN');

/** The line a scanned barcode names, as its reader may see it; a malformed code is not looked up. */
export async function lineByCode(db: Db, actor: Actor, code: string): Promise<OrderLineDto> {
  if (!isBarcode(code)) throw unknownCode();
  const [line] = await readLines(db, lineQuery(db).where('l.barcode', '=', code).where(visibleTo(actor)), actor);
  if (!line) throw unknownCode();
  return line;
}

/** A scanned job ticket, resolved to its line (the tablet opens or advances it). */
export function byCodeRoutes(api: FastifyInstance, db: Db): void {
  const route = routesOf('Orders and order lines');
  api.get(
    API.lineByCode,
    route(
      { config: { roles: PRODUCTION } },
      {
        summary: "The line whose barcode is `code`, if the caller may read it; another workshop's code and an unknown one answer the same 404",
        query: { code: { schema: { type: 'string', maxLength: 40 }, description: "A line's barcode (EAN-13 digits)" } },
        errors: [404],
      },
    ),
    async (request) => {
      const { code } = request.query as { code?: unknown };
      return { order: await lineByCode(db, sessionActor(request), typeof code === 'string' ? code : '') };
    },
  );
}
