import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { message } from '../../messages';
import { paged, pageOf, sendList } from '../../paging';
import { sessionActor, sessionUser } from '../../plugins/auth';
import { idParam, validateBody } from '../../validate';
import { API } from '../../../shared/api';
import { Role } from '../../../shared/roles';
import { creditSchema, customerSchema } from '../../../shared/schemas/customers';
import * as customers from './service';

const TRIMMED = ['name', 'email', 'phone', 'address', 'company_name', 'tax_number'];

export function customerRoutes(api: FastifyInstance, db: Db): void {
  const admin = { config: { roles: [Role.Admin] } };
  const office = { config: { roles: [Role.Admin, Role.Office] } };

  const create = async (request: { body: unknown }, reply: { code(status: number): { send(body: unknown): unknown } }) => {
    const customer = await customers.createCustomer(db, await validateBody(customerSchema, request.body, TRIMMED));
    return reply.code(201).send({ customer, message: message('success:customerCreated') });
  };
  api.post(API.customers, admin, create);
  api.post(API.b2bCustomer, admin, create);

  api.get(API.b2bCustomers, office, async (request) => ({ customers: paged(await customers.listCustomers(db), request.query) }));
  api.get(API.customerInfo(':id'), office, async (request) => ({ customer: await customers.customerInfo(db, idParam(request.params)) }));
  api.get(API.customerOrders(':id'), office, async (request, reply) => {
    const id = idParam(request.params);
    return sendList(reply, 'orders', await customers.ordersOf(db, id, pageOf(request.query)));
  });

  api.put(API.customerCredit(':id'), admin, async (request) => {
    const id = idParam(request.params);
    const { credit } = await validateBody(creditSchema, request.body);
    return { customer: await customers.updateCredit(db, id, credit, sessionUser(request).id), message: message('success:creditUpdated') };
  });

  api.get(API.myCustomer, { config: { roles: [Role.Customer] } }, async (request) => {
    // A customer's actor always names its customer record.
    const customer = await customers.getCustomer(db, sessionActor(request).customerId!);
    return { customer: { ...customer, ...(await customers.statistics(db, customer.id)) } };
  });
}
