import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { sessionUser } from '../../plugins/auth';
import { routesOf } from '../../plugins/route-table';
import { declaredBody, idParam } from '../../validate';
import { API } from '../../../shared/api';
import { GRID_KEYS, GRIDS, type GridKey } from '../../../shared/grid-views';
import { currentGridStateSchema, gridViewChangeSchema, gridViewSchema } from '../../../shared/schemas/grid-views';
import * as views from './service';

/**
 * The signed-in user's saved grid layouts under /api/v1/me/grid-views/{grid}. Each grid of the
 * fixed list has its own routes, declared for the roles that see that grid, so who may save a
 * grid's views is said where every route's permission is (and a grid not in the list is no route).
 */
export function gridViewRoutes(api: FastifyInstance, db: Db): void {
  const route = routesOf('Grid views');
  for (const grid of GRID_KEYS) gridRoutes(api, db, route, grid);
}

function gridRoutes(api: FastifyInstance, db: Db, route: ReturnType<typeof routesOf>, grid: GridKey): void {
  const viewers = { config: { roles: GRIDS[grid] } };
  const owner = (request: Parameters<typeof sessionUser>[0]): views.ViewOwner => ({ userId: sessionUser(request).id, grid });
  const one = API.gridView(grid, ':id');
  const trim = ['name'];

  api.get(API.gridViews(grid), route(viewers, { summary: `Your current state and named views of the ${grid} grid` }), async (request) =>
    views.readViews(db, owner(request)),
  );

  // Called by the client about a second after the grid last changed: one upsert, no answer to speak of.
  const currentRoute = route(viewers, { summary: `Save your current state of the ${grid} grid (restored when it opens)`, body: currentGridStateSchema });
  api.put(API.gridViewsCurrent(grid), currentRoute, async (request) => {
    const { state } = await declaredBody(request);
    return views.saveCurrent(db, owner(request), state);
  });

  const createRoute = route(viewers, { summary: `Save a named view of the ${grid} grid`, body: gridViewSchema, trim, created: true, errors: [409] });
  api.post(API.gridViews(grid), createRoute, async (request, reply) => {
    const view = await views.createView(db, owner(request), await declaredBody(request));
    return reply.code(201).send({ view });
  });

  const changeRoute = route(viewers, { summary: `Rename one of your views of the ${grid} grid or replace its state`, body: gridViewChangeSchema, trim, errors: [409] });
  api.put(one, changeRoute, async (request) => {
    const id = idParam(request.params);
    return { view: await views.updateView(db, owner(request), id, await declaredBody(request)) };
  });

  api.delete(one, route(viewers, { summary: `Delete one of your views of the ${grid} grid` }), async (request) => {
    await views.deleteView(db, owner(request), idParam(request.params));
    return { deleted: true };
  });
}
