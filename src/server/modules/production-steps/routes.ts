import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { said } from '../../messages';
import { paged, PAGING_QUERY } from '../../paging';
import { routesOf } from '../../plugins/route-table';
import { declaredBody, idParam } from '../../validate';
import { API } from '../../../shared/api';
import { ADMINS, EVERY_ACTIVE } from '../../../shared/roles';
import { productionStepSchema } from '../../../shared/schemas/production-steps';
import * as steps from './service';

export function productionStepRoutes(api: FastifyInstance, db: Db): void {
  const route = routesOf('Production steps');
  // Step names are shown wherever a line's progress is: every active role may read them.
  const everyone = { config: { roles: EVERY_ACTIVE } };
  const adminOnly = { config: { roles: ADMINS } };
  const path = API.productionStep(':id');

  api.get(API.productionSteps, route(everyone, { summary: 'List production steps', query: PAGING_QUERY }), async (request) => ({
    production_steps: paged(await steps.listSteps(db), request.query),
  }));

  api.get(path, route(everyone, { summary: 'One production step' }), async (request) => ({ production_step: await steps.getStep(db, idParam(request.params)) }));

  const trim = ['step_name', 'description'];
  api.post(API.productionSteps, route(adminOnly, { summary: 'Add a production step named unlike the others', body: productionStepSchema, trim, created: true, errors: [409] }), async (request, reply) => {
    const step = await steps.createStep(db, await declaredBody(request));
    return reply.code(201).send({ production_step: step, ...said('success:stepCreated') });
  });

  api.put(path, route(adminOnly, { summary: 'Rename or describe a production step, named unlike the others', body: productionStepSchema, trim, errors: [409] }), async (request) => {
    const id = idParam(request.params);
    const input = await declaredBody(request);
    return { production_step: await steps.updateStep(db, id, input), ...said('success:stepUpdated') };
  });

  api.delete(path, route(adminOnly, { summary: 'Delete a production step no routing or line uses, and not built in', errors: [409] }), async (request) => {
    await steps.deleteStep(db, idParam(request.params));
    return { ...said('success:stepDeleted') };
  });
}
