/*
 * A workshop's scorecard at size, on the flow bench's seed (the demo's walks, with their stays,
 * history and QC rejections): the route as an admin's browser gets it over HTTP (its default six
 * months), median and worst of 5 runs after a warm-up, against the raw aggregate over the same
 * stays (the workshop's deliveries and quality-control stays of the period, counted; no last
 * delivery, lead time, rejection or metal) on the same database in the same run.
 *   npm run bench -- --skip-clone flow [--flow-lines=2000000] [--databases=sqlite,postgres]
 */
import type http from 'node:http';
import { sql } from 'kysely';
import type { Db } from '../src/server/db';
import { getGeneralSettings } from '../src/server/modules/settings/service';
import { API, type WorkshopScorecardDto } from '../src/shared/api';
import { dayIn, monthAfter, monthStart } from '../src/shared/days';
import { SCORECARD_DEFAULT_MONTHS } from '../src/shared/schemas/scorecard';
import { timedRaw } from './archive';
import { timed } from './metal';
import type { RunningProduct } from './product';

type Report = (name: string, value: string) => void;

const ms = (value: number) => `${value.toFixed(value < 1 ? 2 : 1)} ms`;

export async function scorecardFigure(report: Report, name: string, db: Db, product: RunningProduct, agent: http.Agent, auth: string, workshop: number): Promise<void> {
  const { time_zone } = await getGeneralSettings(db);
  const from = new Date(monthStart(monthAfter(dayIn(Date.now(), time_zone).slice(0, 7), 1 - SCORECARD_DEFAULT_MONTHS), time_zone)).toISOString();
  const to = new Date().toISOString();
  const raw = async () =>
    (
      await sql<{ delivered: number; judged: number }>`
        select
          (select count(*) from line_stays where workshop_id = ${workshop} and phase = 'quality_control' and entered_at >= ${from} and entered_at < ${to}) as delivered,
          (select count(*) from line_stays where workshop_id = ${workshop} and left_at >= ${from} and left_at < ${to} and phase in ('quality_control', 'packing')) as judged`.execute(db)
    ).rows;
  const route = await timed(agent, `${product.base}${API.workshopScorecard}?workshop_id=${workshop}`, auth);
  const direct = await timedRaw(raw);
  const months = (JSON.parse(route.last.body) as WorkshopScorecardDto).months;
  const delivered = months.reduce((sum, month) => sum + month.delivered, 0);
  const counted = (await raw())[0];
  report(
    `  workshop scorecard, the last ${SCORECARD_DEFAULT_MONTHS} months, one workshop, ${name}`,
    `route median ${ms(route.median)}, worst ${ms(route.worst)} (${delivered} pieces delivered at their last delivery, of ${Number(counted.delivered)} deliveries; ${Number(counted.judged)} stays judged); ` +
      `raw aggregate median ${ms(direct.median)}, worst ${ms(direct.worst)}; route / raw ${(route.median / direct.median).toFixed(1)}x`,
  );
}
