import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { boolean, object } from 'yup';
import type { Db } from '../../db';
import type { LineBus } from '../live/bus';
import { message, said } from '../../messages';
import { paged, PAGING_QUERY } from '../../paging';
import { sessionActor } from '../../plugins/auth';
import { routesOf } from '../../plugins/route-table';
import { declaredBody, idParam } from '../../validate';
import { API, type OrderReportDto } from '../../../shared/api';
import { cardsOf } from '../../../shared/figures';
import { ADMINS, CUSTOMERS, LINE_READERS, OFFICE, OFFICE_AND_CUSTOMERS, WORKSHOPS } from '../../../shared/roles';
import { integer } from '../../../shared/schemas/fields';
import { gramSchema, manualOrderSchema, shipmentSchema } from '../../../shared/schemas/orders';
import { cancelSchema, qualitySchema, stepBackSchema } from '../../../shared/schemas/corrections';
import { officeReport, productLines, workshopCardSums } from '../order-lines/figures';
import { lineHistory } from '../order-lines/history';
import { getLine } from '../order-lines/queries';
import { answerList } from '../order-lines/lists';
import { stepName } from '../production-steps/service';
import { enqueue } from '../jobs/queue';
import { actOnLine, cancelLine, cancelOrder, correctGram, shipOrderLines } from './life-cycle';
import { createManualOrder, type OrderLimits } from './service';

/** `{approved: true}`, as the approve routes take it. */
const approvedBody = object({ approved: boolean().typeError('errors:invalidBody').oneOf([true], 'errors:invalidBody').required('errors:invalidBody') });
/** The step a tablet showed, or no body at all. */
const nextStepBody = object({
  current_order_line_process: integer('errors:invalidBody').nonNullable('errors:invalidBody').meta({
    description: 'The step the screen showed: a piece that has moved on since is refused (409), so a double tap moves it once',
  }),
}).nullable();

export function orderRoutes(api: FastifyInstance, db: Db, bus: LineBus, limits: OrderLimits, jobs: { wake: () => void }): void {
  const route = routesOf('Orders and order lines');
  const workshop = { config: { roles: WORKSHOPS } };
  const customer = { config: { roles: CUSTOMERS } };
  const officeAndCustomers = { config: { roles: OFFICE_AND_CUSTOMERS } };
  const office = { config: { roles: OFFICE } };
  const admin = { config: { roles: ADMINS } };
  // Routes whose :id is an order line: another workshop's or customer's line answers 404.
  const workshopLine = { config: { roles: WORKSHOPS, owns: 'line' as const } };
  const customerLine = { config: { roles: CUSTOMERS, owns: 'line' as const } };
  const adminLine = { config: { roles: ADMINS, owns: 'line' as const } };
  const lineReaders = { config: { roles: LINE_READERS, owns: 'line' as const } };
  const lineId = (request: FastifyRequest) => idParam(request.params);
  /** Applies a life-cycle action and answers with the whole changed line and its version, so a screen can replace its row. */
  const act = (request: FastifyRequest, build: Parameters<typeof actOnLine>[4], options?: Parameters<typeof actOnLine>[5]) =>
    actOnLine(db, bus, lineId(request), sessionActor(request), build, options);

  const manualOrderRoute = route(customer, {
    summary: 'Place a manual order: one order line per ordered piece; above the available credit only when confirmed (else 409 CREDIT_EXCEEDED)',
    body: manualOrderSchema,
    trim: ['address', 'email', 'phone_number', 'country', 'zip_code', 'city', 'first_name', 'last_name', 'notes'],
    created: true,
    errors: [404, 409],
  });
  api.post(API.manualOrder, manualOrderRoute, async (request, reply) => {
    const input = await declaredBody(request);
    // A customer's actor always names its customer record.
    const order = await createManualOrder(db, bus, sessionActor(request).customerId!, input, limits);
    return reply.code(201).send({ order, ...said('success:orderCreated') });
  });
  // A phone order: the office places the order of the customer in the path, by the customer's own rules.
  const phoneOrderRoute = route(office, {
    summary: "Place a manual order for the customer in the path (a phone order), under the customer's own rules and credit check (409 CREDIT_EXCEEDED unless confirmed); the audit log names who placed it",
    body: manualOrderSchema,
    trim: manualOrderRoute.config.trim,
    created: true,
    errors: [404, 409],
  });
  api.post(API.customerOrders(':id'), phoneOrderRoute, async (request, reply) => {
    const customerId = idParam(request.params);
    const input = await declaredBody(request);
    const order = await createManualOrder(db, bus, customerId, input, limits, sessionActor(request).userId);
    return reply.code(201).send({ order, ...said('success:orderCreated') });
  });

  // Lists of the working set, streamed: the office sees every line, a customer its own (GET /orders),
  // a workshop its own; in the spec's JSON, or in the compact format to a client that asks for it
  // (the admin grid). Older closed lines are the archive's. A list read again unchanged answers 304.
  const ownLines = async (request: FastifyRequest, reply: FastifyReply) =>
    answerList(db, request, reply, sessionActor(request), { wire: true });
  api.get(API.orders, route(officeAndCustomers, { summary: "Order lines, streamed: every line for the office, a customer's own", query: PAGING_QUERY, errors: [304, 404] }), ownLines);
  api.get(API.orderProductsDetailed, route(office, { summary: 'Every order line, streamed', query: PAGING_QUERY, errors: [304] }), ownLines);
  api.get(API.lineHistory(':id'), route(lineReaders, { summary: "An order line's history: who moved it, when, from where to where", query: PAGING_QUERY }), async (request) => ({
    history: paged(await lineHistory(db, lineId(request), sessionActor(request)), request.query),
  }));

  api.get(API.myWorkshopOrders, route(workshop, { summary: "The own workshop's order lines, streamed", query: PAGING_QUERY, errors: [304, 404] }), ownLines);
  api.get(API.myWorkshopStatistics, route(workshop, { summary: "The own workshop's figures", errors: [404] }), async (request) => ({
    // Only a workshop's actor reaches here (the route's role), and it has its workshop.
    statistics: cardsOf(await workshopCardSums(db, sessionActor(request).workshopId!)),
  }));
  api.get(API.myWorkshopProductLines, route(workshop, { summary: "The products the own workshop's lines name, with their open and all lines counted", errors: [404] }), async (request) => ({
    products: await productLines(db, sessionActor(request).workshopId!),
  }));
  api.get(API.myWorkshopOrder(':id'), route(workshopLine, { summary: 'One order line of the own workshop' }), async (request) => ({
    order: await getLine(db, lineId(request), sessionActor(request)),
  }));
  api.patch(API.myWorkshopApprove(':id'), route(workshopLine, { summary: 'Approve a line at the workshop (once)', body: approvedBody, errors: [409] }), async (request) => {
    await declaredBody(request);
    return act(request, () => ({ type: 'workshopApprove' }));
  });
  // A tablet may send the step it showed, so a double tap moves the piece once.
  api.patch(API.myWorkshopNextStep(':id'), route(workshopLine, { summary: 'Move a line to the next step of its routing', body: nextStepBody, errors: [409] }), async (request) => {
    const seen = (await declaredBody(request))?.current_order_line_process;
    return act(request, async (routing) => ({ type: 'nextStep', routing: await routing() }), { expectedStep: seen });
  });
  const gramRoute = route(workshopLine, {
    summary: 'Enter the gram of a piece at packing; entered again, it corrects the entry until packing is approved. Far from the expected weight only when confirmed (else 409 GRAM_CONFIRM)',
    body: gramSchema,
    errors: [409],
  });
  api.post(API.myWorkshopGram(':id'), gramRoute, async (request) => {
    const { product_gram, gram_confirmed } = await declaredBody(request);
    return { ...(await act(request, () => ({ type: 'enterGram', gram: product_gram }), { gramConfirmed: gram_confirmed })), ...said('success:gramEntered') };
  });

  api.get(API.myCustomerOrders, route(customer, { summary: 'The own order lines, streamed', query: PAGING_QUERY, errors: [304, 404] }), ownLines);
  api.get(API.myCustomerOrder(':id'), route(customerLine, { summary: 'One own order line' }), async (request) => ({
    order: await getLine(db, lineId(request), sessionActor(request)),
  }));
  api.patch(API.myCustomerApprove(':id'), route(customerLine, { summary: 'Approve an own order line (once)', body: approvedBody, errors: [409] }), async (request) => {
    await declaredBody(request);
    return act(request, () => ({ type: 'customerApprove' }));
  });

  const qualityRoute = route(adminLine, { summary: 'Approve quality control, or send the piece back to a step with a reason', body: qualitySchema, trim: ['reason'], errors: [409] });
  api.put(API.qualityStatus(':id'), qualityRoute, async (request) => {
    const { approved, reason, return_step_id: returnStep } = await declaredBody(request);
    // A rejection always says why in the history and the audit log: the admin's words, else the catalogue's.
    const acted = await act(
      request,
      async (routing) => (approved ? { type: 'qcApprove' } : { type: 'qcReject', returnStep: returnStep as number, routing: await routing() }),
      approved ? {} : { detail: reason || message('success:qualityRejectedReason') },
    );
    if (approved) return { ...acted, ...said('success:qualityApproved') };
    const step = acted.order.current_order_line_process;
    return { ...acted, ...said('success:qualityRejected', { step: (await stepName(db, step)) ?? step }) };
  });
  const correctGramRoute = route(adminLine, { summary: "Correct a piece's gram; far from the expected weight only when confirmed (else 409 GRAM_CONFIRM)", body: gramSchema, errors: [409] });
  api.put(API.correctGram(':id'), correctGramRoute, async (request) => {
    const id = lineId(request);
    const { product_gram, gram_confirmed } = await declaredBody(request);
    return { ...(await correctGram(db, bus, id, sessionActor(request), product_gram, gram_confirmed)), ...said('success:gramCorrected') };
  });
  const shipmentRoute = route(adminLine, { summary: "Hand the packed pieces of the line's order to the carrier with a tracking number (a shop order is fulfilled in the shop)", body: shipmentSchema, trim: ['shipment_tracking_number'], errors: [409] });
  api.put(API.shipment(':id'), shipmentRoute, async (request) => {
    const id = lineId(request);
    const { shipment_tracking_number: tracking } = await declaredBody(request);
    const { orders, versions } = await shipOrderLines(db, bus, id, sessionActor(request), tracking, async (trx, shipment) => {
      // The shop's buyer gets the shop's shipping mail: the fulfilment is a job, retried while the shop fails.
      if (shipment.shopConnectionId !== null && shipment.shopOrderId !== null) {
        await enqueue(trx, { kind: 'fulfil', key: `fulfil:${shipment.orderId}:${tracking}`, connectionId: shipment.shopConnectionId, payload: shipment });
      }
    });
    jobs.wake();
    // Every line shipped with it, so a screen replaces them without reading them again.
    return { order: orders.find((line) => line.id === id), orders, versions, ...said('success:shipped', { count: orders.length, tracking }) };
  });
  const stepBackRoute = route(adminLine, { summary: 'Move a line back to an earlier step of its routing, with a reason', body: stepBackSchema, trim: ['reason'], errors: [409] });
  api.put(API.stepBack(':id'), stepBackRoute, async (request) => {
    lineId(request); // a bad id answers before the body is read
    const { step_id, reason } = await declaredBody(request);
    const acted = await act(request, async (routing) => ({ type: 'stepBack', step: step_id, routing: await routing() }), { detail: reason });
    return { ...acted, ...said('success:steppedBack', { step: (await stepName(db, step_id)) ?? step_id }) };
  });
  const cancelLineRoute = route(adminLine, { summary: 'Cancel a line with a reason (any state before completion)', body: cancelSchema, trim: ['reason'], errors: [409] });
  api.put(API.cancelLine(':id'), cancelLineRoute, async (request) => {
    const id = lineId(request);
    const { reason } = await declaredBody(request);
    return { ...(await cancelLine(db, bus, id, sessionActor(request), reason)), ...said('success:lineCanceled') };
  });
  const cancelOrderRoute = route(admin, { summary: 'Cancel every open line of an order with a reason', body: cancelSchema, trim: ['reason'], errors: [404, 409] });
  api.put(API.cancelOrder(':id'), cancelOrderRoute, async (request) => {
    const orderId = idParam(request.params);
    const { reason } = await declaredBody(request);
    // Every line of the order as it is now, so a screen replaces them without reading the list again.
    const answer = await cancelOrder(db, bus, orderId, sessionActor(request), reason);
    return { ...answer, ...said('success:orderCanceled', { count: answer.canceled.length }) };
  });
  const reportRoute = route(office, { summary: "The office's report: lines by status, open and late lines per workshop" });
  api.get(API.orderReport, reportRoute, async (): Promise<{ report: OrderReportDto }> => ({ report: await officeReport(db) }));
  api.put(API.approveShipping(':id'), route(adminLine, { summary: 'Approve packing, which completes the line', body: null, errors: [409] }), async (request) => ({
    ...(await act(request, () => ({ type: 'approvePacking' }))),
    ...said('success:packingApproved'),
  }));
}
