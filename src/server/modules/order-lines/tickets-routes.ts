import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { sessionActor } from '../../plugins/auth';
import { routesOf } from '../../plugins/route-table';
import { API } from '../../../shared/api';
import { TICKETS_MAX, type TicketsDto } from '../../../shared/api/tickets';
import { PRODUCTION } from '../../../shared/roles';
import { INTEGER_MAX } from '../../../shared/schemas/fields';
import { parseTicketQuery, readTickets } from './tickets';

/** Job tickets for the office and the workshops; a customer has no bench to print them for (403). */
export function ticketRoutes(api: FastifyInstance, db: Db): void {
  const route = routesOf('Job tickets');
  api.get(
    API.tickets,
    route(
      { config: { roles: PRODUCTION } },
      {
        summary: "What the job tickets of the given lines print (never the buyer, a price or a cost); a line or order the caller may not read is answered 404, naming the lines",
        query: {
          lines: { schema: { type: 'string', pattern: '^\\d+(,\\d+)*$' }, description: `Up to ${TICKETS_MAX} line ids, comma separated: their tickets in this order` },
          order: { schema: { type: 'integer', minimum: 1, maximum: INTEGER_MAX }, description: "An order: the tickets of its lines the caller may read" },
        },
        errors: [404],
      },
    ),
    async (request): Promise<TicketsDto> => ({ tickets: await readTickets(db, sessionActor(request), parseTicketQuery(request.query)) }),
  );
}
