import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { routesOf } from '../../plugins/route-table';
import { API, type DashboardCountsDto } from '../../../shared/api';
import { OFFICE } from '../../../shared/roles';
import { dashboardCounts } from './counts';

export function dashboardRoutes(api: FastifyInstance, db: Db): void {
  const route = routesOf('Dashboard');
  const countsRoute = route({ config: { roles: OFFICE } }, { summary: "The dashboard's counts: lines per built-in view, customers above credit, shop items waiting for a product" });
  api.get(API.dashboardCounts, countsRoute, async (): Promise<{ counts: DashboardCountsDto }> => ({ counts: await dashboardCounts(db) }));
}
