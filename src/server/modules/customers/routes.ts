import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { said } from '../../messages';
import { paged, PAGING_QUERY } from '../../paging';
import { sessionActor, sessionUser } from '../../plugins/auth';
import { type QueryParameter, routesOf } from '../../plugins/route-table';
import { declaredBody, type DeclaringBody, idParam } from '../../validate';
import { API, type CustomerSummaryDto } from '../../../shared/api';
import { ADMINS, CUSTOMERS, OFFICE } from '../../../shared/roles';
import { creditSchema, customerSchema } from '../../../shared/schemas/customers';
import { SUMMARY_DEFAULT_DAYS, SUMMARY_MAX_DAYS } from '../../../shared/schemas/summary';
import { answerList } from '../order-lines/lists';
import * as customers from './service';
import { customerSummary, parseSummaryQuery } from './summary';

/** The parameters `summaryQuerySchema` takes, for the API document; any other is refused. */
const SUMMARY_QUERY: Readonly<Record<string, QueryParameter>> = {
  from: { schema: { type: 'string' }, description: `Orders placed and lines shipped at or after this instant, with its zone (default: ${SUMMARY_DEFAULT_DAYS} days before to; at most ${SUMMARY_MAX_DAYS} days before it)` },
  to: { schema: { type: 'string' }, description: 'Orders placed and lines shipped at or before this instant, with its zone (default: now)' },
};

const TRIMMED = ['name', 'email', 'phone', 'address', 'company_name', 'tax_number', 'zip_code', 'city'];

export function customerRoutes(api: FastifyInstance, db: Db): void {
  const route = routesOf('Customers');
  const admin = { config: { roles: ADMINS } };
  const office = { config: { roles: OFFICE } };

  const creating = (summary: string) => route(admin, { summary, body: customerSchema, trim: TRIMMED, created: true, errors: [409] });
  const create = async (request: DeclaringBody<typeof customerSchema>, reply: { code(status: number): { send(body: unknown): unknown } }) => {
    const customer = await customers.createCustomer(db, await declaredBody(request));
    return reply.code(201).send({ customer, ...said('success:customerCreated') });
  };
  api.post(API.customers, creating('Add a B2B customer for a customer user'), create);
  api.post(API.b2bCustomer, creating('Add a B2B customer for a customer user (as /customers)'), create);

  api.get(API.b2bCustomers, route(office, { summary: 'List B2B customers', query: PAGING_QUERY }), async (request) => ({
    customers: paged(await customers.listCustomers(db), request.query),
  }));
  api.get(API.customerInfo(':id'), route(office, { summary: 'One B2B customer' }), async (request) => ({ customer: await customers.customerInfo(db, idParam(request.params)) }));
  api.get(API.customerOrders(':id'), route(office, { summary: "A customer's order lines, streamed", query: PAGING_QUERY, errors: [304] }), async (request, reply) => {
    const reader = await customers.linesReaderOf(db, idParam(request.params));
    return answerList(db, request, reply, reader, { wire: false });
  });

  api.put(API.customerCredit(':id'), route(admin, { summary: "Set a customer's credit", body: creditSchema }), async (request) => {
    const id = idParam(request.params);
    const { credit } = await declaredBody(request);
    return { customer: await customers.updateCredit(db, id, credit, sessionUser(request).id), ...said('success:creditUpdated') };
  });

  api.get(API.myCustomer, route({ config: { roles: CUSTOMERS } }, { summary: 'The own customer record with its figures', errors: [404] }), async (request) => {
    // A customer's actor always names its customer record.
    const customer = await customers.getCustomer(db, sessionActor(request).customerId!);
    return { customer: { ...customer, ...(await customers.statistics(db, customer)) } };
  });

  const summaryOf = (roles: typeof OFFICE | typeof CUSTOMERS, summary: string) => route({ config: { roles } }, { summary, query: SUMMARY_QUERY, errors: [404] });
  api.get(API.customerSummary(':id'), summaryOf(OFFICE, "A customer's order and credit summary over a period"), async (request): Promise<CustomerSummaryDto> =>
    customerSummary(db, idParam(request.params), await parseSummaryQuery(request.query, new Date())),
  );
  // A customer's actor always names its customer record.
  api.get(API.myCustomerSummary, summaryOf(CUSTOMERS, 'The own order and credit summary over a period'), async (request): Promise<CustomerSummaryDto> =>
    customerSummary(db, sessionActor(request).customerId!, await parseSummaryQuery(request.query, new Date())),
  );
}
