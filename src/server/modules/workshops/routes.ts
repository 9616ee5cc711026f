import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { message } from '../../messages';
import { paged, pageOf, sendList } from '../../paging';
import { sessionActor, sessionUser } from '../../plugins/auth';
import { idParam, validateBody } from '../../validate';
import { API } from '../../../shared/api';
import { Role } from '../../../shared/roles';
import {
  assignProductSchema,
  productIdsSchema,
  productWorkshopSchema,
  setWorkshopSchema,
  workshopProcessSchema,
  workshopSchema,
} from '../../../shared/schemas/workshops';
import * as workshops from './service';

const TRIMMED = ['name', 'code', 'address', 'company_name', 'phone_number', 'tax_number'];

export function workshopRoutes(api: FastifyInstance, db: Db): void {
  const admin = { config: { roles: [Role.Admin] } };
  const office = { config: { roles: [Role.Admin, Role.Office] } };
  const id = (params: unknown) => idParam(params);

  api.get(API.workshops, office, async (request) => ({ workshops: paged(await workshops.listWorkshops(db), request.query) }));
  api.get(API.workshop(':id'), office, async (request) => ({ workshop: await workshops.getWorkshop(db, id(request.params)) }));
  api.get(API.workshopInfo(':id'), office, async (request) => ({ workshop: await workshops.getWorkshop(db, id(request.params)) }));
  api.get(API.workshopStatistics(':id'), office, async (request) => ({ statistics: await workshops.statistics(db, id(request.params)) }));
  api.get(API.workshopOrders(':id'), office, async (request, reply) => {
    const workshopId = id(request.params);
    return sendList(reply, 'orders', await workshops.ordersOf(db, workshopId, pageOf(request.query)));
  });
  api.get(API.workshopProcesses(':id'), office, async (request) => ({
    processes: paged((await workshops.getWorkshop(db, id(request.params))).processes, request.query),
  }));
  api.get(API.workshopProducts(':id'), office, async (request) => {
    const products = paged(await workshops.productsOf(db, id(request.params)), request.query);
    return { product_ids: products.map((p) => p.id), products };
  });

  // A workshop user's actor always names its workshop.
  api.get(API.myWorkshop, { config: { roles: [Role.Workshop] } }, async (request) => ({
    workshop: await workshops.getWorkshop(db, sessionActor(request).workshopId!),
  }));

  api.post(API.workshops, admin, async (request, reply) => {
    const workshop = await workshops.createWorkshop(db, await validateBody(workshopSchema, request.body, TRIMMED));
    return reply.code(201).send({ workshop, message: message('success:workshopCreated') });
  });
  api.put(API.workshop(':id'), admin, async (request) => {
    const workshopId = id(request.params);
    const input = await validateBody(workshopSchema, request.body, TRIMMED);
    return { workshop: await workshops.updateWorkshop(db, workshopId, input), message: message('success:workshopUpdated') };
  });
  api.delete(API.workshop(':id'), admin, async (request) => {
    await workshops.deleteWorkshop(db, id(request.params));
    return { message: message('success:workshopDeleted') };
  });

  api.post(API.workshopProcesses(':id'), admin, async (request, reply) => {
    const workshopId = id(request.params);
    const { step_id } = await validateBody(workshopProcessSchema, request.body);
    return reply.code(201).send({ workshop: await workshops.addProcess(db, workshopId, step_id), message: message('success:processAdded') });
  });
  api.delete(API.workshopProcess(':id', ':processId'), admin, async (request) => {
    const workshopId = id(request.params);
    const processId = idParam(request.params, 'processId');
    return { workshop: await workshops.removeProcess(db, workshopId, processId), message: message('success:processRemoved') };
  });

  // Assignment of products to workshops, in the shapes the spec names.
  const assigned = async (request: FastifyRequest, productIds: number[], workshopId: number | null, key: string) => {
    await workshops.assignProducts(db, productIds, workshopId, sessionUser(request).id);
    return { product_ids: productIds, workshop_id: workshopId, message: message(key) };
  };
  api.put(API.workshopAssignProduct(':id'), admin, async (request) => {
    const workshopId = id(request.params);
    const { product_id } = await validateBody(assignProductSchema, request.body);
    return assigned(request, [product_id], workshopId, 'success:productAssigned');
  });
  api.post(API.workshopProducts(':id'), admin, async (request) => {
    const workshopId = id(request.params);
    const { product_ids } = await validateBody(productIdsSchema, request.body);
    return assigned(request, product_ids, workshopId, 'success:productsAssigned');
  });
  api.put(API.workshopProducts(':id'), admin, async (request) => {
    const workshopId = id(request.params);
    const { product_ids } = await validateBody(productIdsSchema, request.body);
    await workshops.replaceProducts(db, workshopId, product_ids, sessionUser(request).id);
    return { product_ids, workshop_id: workshopId, message: message('success:productsAssigned') };
  });

  api.get(API.productWorkshop(':id'), office, async (request) => workshops.workshopOfProduct(db, id(request.params)));
  const setProductWorkshop = async (request: FastifyRequest) => {
    const productId = id(request.params);
    const { workshop_id } = await validateBody(setWorkshopSchema, request.body);
    await workshops.workshopOfProduct(db, productId);
    await workshops.assignProducts(db, [productId], workshop_id ?? null, sessionUser(request).id);
    const key = workshop_id ? 'success:productAssigned' : 'success:assignmentRemoved';
    return { ...(await workshops.workshopOfProduct(db, productId)), message: message(key) };
  };
  api.post(API.productWorkshop(':id'), admin, setProductWorkshop);
  api.put(API.productWorkshop(':id'), admin, setProductWorkshop);
  api.post(API.productsWorkshop, admin, async (request) => {
    const { product_id, workshop_id } = await validateBody(productWorkshopSchema, request.body);
    await workshops.assignProducts(db, [product_id], workshop_id, sessionUser(request).id);
    return { ...(await workshops.workshopOfProduct(db, product_id)), message: message('success:productAssigned') };
  });
}
