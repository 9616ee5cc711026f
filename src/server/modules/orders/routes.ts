import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { badRequest } from '../../errors';
import { jsonListStream } from '../../json-stream';
import { message } from '../../messages';
import { sessionUser } from '../../plugins/auth';
import { idParam, validateBody } from '../../validate';
import { workshopCards } from '../../../shared/figures';
import { Role } from '../../../shared/roles';
import { gramSchema, manualOrderSchema } from '../../../shared/schemas/orders';
import { actOnLine, type Actor, correctGram, lineHistory } from './lines';
import { getLine, listLines, streamLines } from './queries';
import { actorOf, createManualOrder } from './service';

const V1 = '/api/v1';

/** `{approved: true}` exactly, as the approve routes take it. */
function requireApproved(body: unknown): void {
  if ((body as { approved?: unknown } | null)?.approved !== true) throw badRequest('errors:invalidBody', 'VALIDATION');
}

export function orderRoutes(api: FastifyInstance, db: Db): void {
  const workshop = { config: { roles: [Role.Workshop] } };
  const customer = { config: { roles: [Role.Customer] } };
  const admin = { config: { roles: [Role.Admin] } };
  const readers = { config: { roles: [Role.Admin, Role.Office, Role.Customer] } };
  const office = { config: { roles: [Role.Admin, Role.Office] } };
  const lineReaders = { config: { roles: [Role.Admin, Role.Office, Role.Workshop, Role.Customer] } };
  const actor = (request: FastifyRequest): Promise<Actor> => actorOf(db, sessionUser(request));
  const lineId = (request: FastifyRequest) => idParam(request.params);
  /** Applies a life-cycle action and answers with the whole changed line, so a screen can replace its row. */
  const act = async (request: FastifyRequest, build: Parameters<typeof actOnLine>[3], options?: Parameters<typeof actOnLine>[4]) => {
    const id = lineId(request);
    const who = await actor(request);
    await actOnLine(db, id, who, build, options);
    return getLine(db, id, who);
  };

  api.post(`${V1}/customer-orders/simple`, customer, async (request, reply) => {
    const input = await validateBody(manualOrderSchema, request.body, ['address', 'email', 'phone_number', 'country', 'zip_code', 'first_name', 'last_name', 'notes']);
    const order = await createManualOrder(db, sessionUser(request).id, input);
    return reply.code(201).send({ order, message: message('errors:orderCreated') });
  });

  // Lists: the office sees every line, a customer its own (GET /orders), a workshop its own.
  const allLines = async (request: FastifyRequest, reply: FastifyReply) =>
    reply.type('application/json; charset=utf-8').send(jsonListStream('orders', streamLines(db, await actor(request))));
  api.get(`${V1}/orders`, readers, allLines);
  api.get(`${V1}/order-products/detailed`, office, allLines);
  api.get(`${V1}/order-products/:id/history`, lineReaders, async (request) => ({ history: await lineHistory(db, lineId(request), await actor(request)) }));

  api.get(`${V1}/workshop/me/orders`, workshop, async (request) => ({ orders: await listLines(db, await actor(request)) }));
  api.get(`${V1}/workshop/me/statistics`, workshop, async (request) => ({ statistics: workshopCards(await listLines(db, await actor(request))) }));
  api.get(`${V1}/workshop/me/orders/:id`, workshop, async (request) => ({ order: await getLine(db, lineId(request), await actor(request)) }));
  api.patch(`${V1}/workshop/me/orders/:id/approve`, workshop, async (request) => {
    requireApproved(request.body);
    return { order: await act(request, () => ({ type: 'workshopApprove' })) };
  });
  // A tablet may send the step it showed, so a double tap moves the piece once.
  api.patch(`${V1}/workshop/me/orders/:id/next-step`, workshop, async (request) => {
    const seen = (request.body as { current_order_line_process?: unknown } | null)?.current_order_line_process;
    if (seen !== undefined && !Number.isSafeInteger(seen)) throw badRequest('errors:invalidBody', 'VALIDATION');
    return {
      order: await act(request, async (routing) => ({ type: 'nextStep', routing: await routing() }), { expectedStep: seen as number | undefined }),
    };
  });
  api.post(`${V1}/workshop/me/gramage/:id`, workshop, async (request) => {
    const { product_gram } = await validateBody(gramSchema, request.body);
    return { order: await act(request, () => ({ type: 'enterGram', gram: product_gram })) };
  });

  api.get(`${V1}/customers/me/orders`, customer, async (request) => ({ orders: await listLines(db, await actor(request)) }));
  api.get(`${V1}/customers/me/orders/:id`, customer, async (request) => ({ order: await getLine(db, lineId(request), await actor(request)) }));
  api.patch(`${V1}/customers/me/orders/:id/approve`, customer, async (request) => {
    requireApproved(request.body);
    return { order: await act(request, () => ({ type: 'customerApprove' })) };
  });

  api.put(`${V1}/orders/order-products/:id/quality_status`, admin, async (request) => {
    const body = (request.body ?? {}) as { approved?: unknown; return_step_id?: unknown };
    if (typeof body.approved !== 'boolean') throw badRequest('validation:qualityStatusRequired', 'VALIDATION');
    const returnStep = body.return_step_id;
    if (!body.approved && !(typeof returnStep === 'number' && Number.isSafeInteger(returnStep) && returnStep > 0)) {
      throw badRequest('validation:returnStepRequired', 'VALIDATION');
    }
    const order = await act(request, async (routing) =>
      body.approved ? { type: 'qcApprove' } : { type: 'qcReject', returnStep: returnStep as number, routing: await routing() },
    );
    if (body.approved) return { order, message: message('errors:qualityApproved') };
    const step = await db.selectFrom('production_steps').select('step_name').where('id', '=', order.current_order_line_process).executeTakeFirst();
    return { order, message: message('errors:qualityRejected', { step: step?.step_name ?? order.current_order_line_process }) };
  });
  api.put(`${V1}/orders/order-products/:id/gram`, admin, async (request) => {
    const id = lineId(request);
    const { product_gram } = await validateBody(gramSchema, request.body);
    const who = await actor(request);
    await correctGram(db, id, who, product_gram);
    return { order: await getLine(db, id, who), message: message('errors:gramCorrected') };
  });
  api.put(`${V1}/orders/order-products/:id/approve_shipping`, admin, async (request) => ({
    order: await act(request, () => ({ type: 'approvePacking' })),
    message: message('errors:packingApproved'),
  }));
}
