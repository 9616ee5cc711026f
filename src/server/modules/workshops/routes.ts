import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import type { LineBus } from '../live/bus';
import { said } from '../../messages';
import { paged, PAGING_QUERY } from '../../paging';
import { sessionActor, sessionUser } from '../../plugins/auth';
import { routesOf } from '../../plugins/route-table';
import { declaredBody, type DeclaringBody, idParam } from '../../validate';
import { API } from '../../../shared/api';
import { ADMINS, OFFICE, WORKSHOPS } from '../../../shared/roles';
import {
  assignProductSchema,
  productIdsSchema,
  productWorkshopSchema,
  setWorkshopSchema,
  workshopProcessSchema,
  workshopSchema,
} from '../../../shared/schemas/workshops';
import { answerList } from '../order-lines/lists';
import * as workshops from './service';

const TRIMMED = ['name', 'code', 'address', 'company_name', 'phone_number', 'tax_number'];

export function workshopRoutes(api: FastifyInstance, db: Db, bus: LineBus): void {
  const route = routesOf('Workshops');
  const admin = { config: { roles: ADMINS } };
  const office = { config: { roles: OFFICE } };
  const id = (params: unknown) => idParam(params);

  api.get(API.workshops, route(office, { summary: 'List workshops', query: PAGING_QUERY }), async (request) => ({
    workshops: paged(await workshops.listWorkshops(db), request.query),
  }));
  api.get(API.workshop(':id'), route(office, { summary: 'One workshop with its processes' }), async (request) => ({
    workshop: await workshops.getWorkshop(db, id(request.params)),
  }));
  api.get(API.workshopInfo(':id'), route(office, { summary: 'One workshop with its processes (as /workshops/{id})' }), async (request) => ({
    workshop: await workshops.getWorkshop(db, id(request.params)),
  }));
  api.get(API.workshopStatistics(':id'), route(office, { summary: "A workshop's figures from its order lines" }), async (request) => ({
    statistics: await workshops.statistics(db, id(request.params)),
  }));
  api.get(API.workshopOrders(':id'), route(office, { summary: "A workshop's order lines, streamed", query: PAGING_QUERY, errors: [304] }), async (request, reply) => {
    const reader = await workshops.linesReaderOf(db, id(request.params));
    return answerList(db, request, reply, reader, { wire: false });
  });
  api.get(API.workshopProcesses(':id'), route(office, { summary: "A workshop's processes", query: PAGING_QUERY }), async (request) => ({
    processes: paged((await workshops.getWorkshop(db, id(request.params))).processes, request.query),
  }));
  api.get(API.workshopProducts(':id'), route(office, { summary: 'The products assigned to a workshop', query: PAGING_QUERY }), async (request) => {
    const products = paged(await workshops.productsOf(db, id(request.params)), request.query);
    return { product_ids: products.map((p) => p.id), products };
  });

  // A workshop user's actor always names its workshop.
  api.get(API.myWorkshop, route({ config: { roles: WORKSHOPS } }, { summary: 'The own workshop', errors: [404] }), async (request) => ({
    workshop: await workshops.getWorkshop(db, sessionActor(request).workshopId!),
  }));

  const createRoute = route(admin, { summary: 'Add a workshop for a workshop user', body: workshopSchema, trim: TRIMMED, created: true, errors: [409] });
  api.post(API.workshops, createRoute, async (request, reply) => {
    const workshop = await workshops.createWorkshop(db, await declaredBody(request));
    return reply.code(201).send({ workshop, ...said('success:workshopCreated') });
  });
  api.put(API.workshop(':id'), route(admin, { summary: 'Change a workshop', body: workshopSchema, trim: TRIMMED, errors: [409] }), async (request) => {
    const workshopId = id(request.params);
    const input = await declaredBody(request);
    return { workshop: await workshops.updateWorkshop(db, workshopId, input), ...said('success:workshopUpdated') };
  });
  api.delete(API.workshop(':id'), route(admin, { summary: 'Delete a workshop without unfinished lines (softly)', errors: [409] }), async (request) => {
    await workshops.deleteWorkshop(db, id(request.params));
    return { ...said('success:workshopDeleted') };
  });

  api.post(API.workshopProcesses(':id'), route(admin, { summary: 'Add a production step to a workshop', body: workshopProcessSchema, created: true }), async (request, reply) => {
    const workshopId = id(request.params);
    const { step_id } = await declaredBody(request);
    return reply.code(201).send({ workshop: await workshops.addProcess(db, workshopId, step_id), ...said('success:processAdded') });
  });
  api.delete(API.workshopProcess(':id', ':processId'), route(admin, { summary: 'Remove a process from a workshop' }), async (request) => {
    const workshopId = id(request.params);
    const processId = idParam(request.params, 'processId');
    return { workshop: await workshops.removeProcess(db, workshopId, processId), ...said('success:processRemoved') };
  });

  // Assignment of products to workshops, in the shapes the spec names.
  const assigned = async (request: FastifyRequest, productIds: number[], workshopId: number | null, key: string) => {
    await workshops.assignProducts(db, bus, productIds, workshopId, sessionUser(request).id);
    return { product_ids: productIds, workshop_id: workshopId, ...said(key) };
  };
  api.put(API.workshopAssignProduct(':id'), route(admin, { summary: 'Assign one product to a workshop', body: assignProductSchema }), async (request) => {
    const workshopId = id(request.params);
    const { product_id } = await declaredBody(request);
    return assigned(request, [product_id], workshopId, 'success:productAssigned');
  });
  api.post(API.workshopProducts(':id'), route(admin, { summary: 'Assign products to a workshop', body: productIdsSchema }), async (request) => {
    const workshopId = id(request.params);
    const { product_ids } = await declaredBody(request);
    return assigned(request, product_ids, workshopId, 'success:productsAssigned');
  });
  api.put(API.workshopProducts(':id'), route(admin, { summary: "Replace a workshop's products", body: productIdsSchema }), async (request) => {
    const workshopId = id(request.params);
    const { product_ids } = await declaredBody(request);
    await workshops.replaceProducts(db, bus, workshopId, product_ids, sessionUser(request).id);
    return { product_ids, workshop_id: workshopId, ...said('success:productsAssigned') };
  });

  api.get(API.productWorkshop(':id'), route(office, { summary: "A product's workshop" }), async (request) => workshops.workshopOfProduct(db, id(request.params)));
  const settingWorkshop = (summary: string) => route(admin, { summary, body: setWorkshopSchema });
  const setProductWorkshop = async (request: FastifyRequest & DeclaringBody<typeof setWorkshopSchema>) => {
    const productId = id(request.params);
    const { workshop_id } = await declaredBody(request);
    await workshops.workshopOfProduct(db, productId);
    await workshops.assignProducts(db, bus, [productId], workshop_id ?? null, sessionUser(request).id);
    const key = workshop_id ? 'success:productAssigned' : 'success:assignmentRemoved';
    return { ...(await workshops.workshopOfProduct(db, productId)), ...said(key) };
  };
  api.post(API.productWorkshop(':id'), settingWorkshop("Set or remove a product's workshop (as PUT)"), setProductWorkshop);
  api.put(API.productWorkshop(':id'), settingWorkshop("Set or remove a product's workshop"), setProductWorkshop);
  api.post(API.productsWorkshop, route(admin, { summary: "Set a product's workshop", body: productWorkshopSchema }), async (request) => {
    const { product_id, workshop_id } = await declaredBody(request);
    await workshops.assignProducts(db, bus, [product_id], workshop_id, sessionUser(request).id);
    return { ...(await workshops.workshopOfProduct(db, product_id)), ...said('success:productAssigned') };
  });
}
