import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { message } from '../../messages';
import { paged } from '../../paging';
import { idParam, validateBody } from '../../validate';
import { API } from '../../../shared/api';
import { Role } from '../../../shared/roles';
import { productionStepSchema } from '../../../shared/schemas/production-steps';
import * as steps from './service';

export function productionStepRoutes(api: FastifyInstance, db: Db): void {
  // Step names are shown wherever a line's progress is: every active role may read them.
  const readers = { config: { roles: [Role.Admin, Role.Workshop, Role.Office, Role.Customer] } };
  const adminOnly = { config: { roles: [Role.Admin] } };
  const path = API.productionStep(':id');

  api.get(API.productionSteps, readers, async (request) => ({ production_steps: paged(await steps.listSteps(db), request.query) }));

  api.get(path, readers, async (request) => ({ production_step: await steps.getStep(db, idParam(request.params)) }));

  api.post(API.productionSteps, adminOnly, async (request, reply) => {
    const step = await steps.createStep(db, await validateBody(productionStepSchema, request.body, ['step_name', 'description']));
    return reply.code(201).send({ production_step: step, message: message('success:stepCreated') });
  });

  api.put(path, adminOnly, async (request) => {
    const id = idParam(request.params);
    const input = await validateBody(productionStepSchema, request.body, ['step_name', 'description']);
    return { production_step: await steps.updateStep(db, id, input), message: message('success:stepUpdated') };
  });

  api.delete(path, adminOnly, async (request) => {
    await steps.deleteStep(db, idParam(request.params));
    return { message: message('success:stepDeleted') };
  });
}
