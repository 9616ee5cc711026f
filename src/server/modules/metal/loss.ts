import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db';
import type { MetalLossNormsTable } from '../../db/schema';
import { badRequest } from '../../errors';
import { toUnits } from '../../../shared/metal';
import type { LossReportDto, NormDto, WorkshopLossDto } from '../../../shared/metal-api';
import type { NormInput, VoucherInput } from '../../../shared/schemas/metal';
import { side, sidedEntries } from './ledger';
import { fine, grams, now, perMille } from './stored';

type Norm = Selectable<MetalLossNormsTable>;

/**
 * The allowed loss (per mille in hundredths) for a workshop's work at a step and milyem on a day,
 * among `norms`: the most specific norm valid that day (the workshop's own for that step, its own,
 * every workshop's for that step, every workshop's), the latest written among equals; null when none.
 */
function normAmong(norms: readonly Norm[], workshopId: number, stepId: number | null, milyem: number, day: string): number | null {
  const rank = (norm: Norm) => (norm.workshop_id !== null ? 2 : 0) + (norm.step_id !== null ? 1 : 0);
  const valid = norms.filter(
    (norm) =>
      norm.milyem === milyem &&
      (norm.workshop_id === null || norm.workshop_id === workshopId) &&
      (norm.step_id === null || norm.step_id === stepId) &&
      (norm.valid_from === null || norm.valid_from <= day) &&
      (norm.valid_to === null || norm.valid_to >= day),
  );
  valid.sort((a, b) => rank(b) - rank(a) || b.id - a.id);
  return valid[0]?.per_mille ?? null;
}

/**
 * The norm of a job whose issue has several lines: each line's own (its step and milyem), weighed
 * by its net, so the allowed loss is what each line's norm allows of it; null when a line has none
 * (the job's loss cannot then be judged).
 */
function jobNorm(norms: readonly Norm[], workshopId: number, issued: ReadonlyArray<{ net_mg: number; milyem: number; step_id: number | null }>, day: string): number | null {
  let net = 0;
  let allowed = 0;
  for (const line of issued) {
    const norm = normAmong(norms, workshopId, line.step_id, line.milyem, day);
    if (norm === null) return null;
    net += line.net_mg;
    allowed += line.net_mg * norm;
  }
  return net > 0 ? Math.round(allowed / net) : null;
}

/** Every norm, read once for all the rows that are held against one. */
const allNorms = (db: Db) => db.selectFrom('metal_loss_norms').selectAll().execute();

/**
 * A receipt that settles an issue (the job it closes): the issue's net weight less what its
 * receipts (this one included, disputed ones not) returned is the job's loss, held against the
 * norm of the issue's workshop, step and milyem on the receipt's day, and stored on the receipt.
 */
export async function settle(trx: Db, receiptId: number, issueId: number, input: VoucherInput): Promise<void> {
  const issue = await trx.selectFrom('metal_vouchers').selectAll().where('id', '=', issueId).executeTakeFirst();
  const reversed = await trx.selectFrom('metal_vouchers').select('id').where('reverses_id', '=', issueId).executeTakeFirst();
  if (input.type !== 'receipt' || !issue || issue.type !== 'issue' || issue.workshop_id !== input.workshop_id || issue.status !== 'confirmed' || issue.reverses_id !== null || reversed) {
    throw badRequest('errors:voucherSettlesInvalid', 'VOUCHER_SETTLES_INVALID');
  }
  const issued = await trx.selectFrom('metal_voucher_lines').select(['net_mg', 'milyem', 'step_id']).where('voucher_id', '=', issueId).orderBy('id').execute();
  const returned = await trx
    .selectFrom('metal_voucher_lines as l')
    .innerJoin('metal_vouchers as v', 'v.id', 'l.voucher_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('l.net_mg'), eb.lit(0)).as('net'))
    .where('v.settles_id', '=', issueId)
    .where('v.type', '=', 'receipt')
    .where('v.status', '!=', 'disputed')
    .executeTakeFirstOrThrow();
  const issuedMg = issued.reduce((sum, line) => sum + line.net_mg, 0);
  const loss = issuedMg - Number(returned.net);
  const lossPerMille = issuedMg > 0 ? Math.round((loss * 100_000) / issuedMg) : 0;
  const norm = jobNorm(await allNorms(trx), input.workshop_id, issued, input.date);
  await trx
    .updateTable('metal_vouchers')
    .set({ loss_mg: loss, loss_per_mille: lossPerMille, norm_per_mille: norm, above_norm: norm !== null && lossPerMille > norm ? 1 : 0 })
    .where('id', '=', receiptId)
    .execute();
}

export async function listNorms(db: Db): Promise<NormDto[]> {
  const norms = await db.selectFrom('metal_loss_norms').selectAll().orderBy('milyem', 'desc').orderBy('id').execute();
  return norms.map((norm) => ({ ...norm, per_mille: perMille(norm.per_mille) }));
}

export async function addNorm(db: Db, input: NormInput): Promise<NormDto> {
  const row = await db
    .insertInto('metal_loss_norms')
    .values({
      workshop_id: input.workshop_id ?? null,
      step_id: input.step_id ?? null,
      milyem: input.milyem,
      per_mille: toUnits(input.per_mille, 2)!,
      valid_from: input.valid_from ?? null,
      valid_to: input.valid_to ?? null,
      created_at: now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...row, per_mille: perMille(row.per_mille) };
}

/**
 * Loss by workshop, milyem and step over a period (confirmed entries only): issued net less
 * returned net, per mille of the issued, beside the norm valid at the period's end; and by
 * workshop, the loss in fine gold less what refining recovered of it over the period.
 */
/** Confirmed entries with their voucher line (its step): the rows a loss is summed from. */
const lossEntries = (db: Db) => sidedEntries(db).innerJoin('metal_voucher_lines as l', 'l.id', 'e.voucher_line_id');
/** The net issued, and the net returned as receipts are stored (negated, against the workshop's debt). */
const issuedSum = sql<number>`sum(case when ${side} = 'issue' then e.net_mg else 0 end)`;
const returnedSum = sql<number>`sum(case when ${side} = 'receipt' then e.net_mg else 0 end)`;
/** Loss per mille (in hundredths) of a net issued, null when nothing was. */
const lossPerMilleOf = (issued: number, loss: number) => (issued > 0 ? Math.round((loss * 100_000) / issued) : null);

export async function lossReport(db: Db, from?: string, to?: string): Promise<LossReportDto> {
  const rows = await lossEntries(db)
    .innerJoin('workshops as w', 'w.id', 'e.workshop_id')
    .select((eb) => [
      'e.workshop_id',
      'w.name as workshop_name',
      'e.milyem',
      'l.step_id',
      issuedSum.as('issued'),
      returnedSum.as('returned'),
      // The fine gold the workshop still owes of this metal: issued less returned, as the ledger signs them.
      eb.fn.sum<number>('e.fine').as('fine'),
    ])
    .$if(from !== undefined, (q) => q.where('e.date', '>=', from!))
    .$if(to !== undefined, (q) => q.where('e.date', '<=', to!))
    .groupBy(['e.workshop_id', 'w.name', 'e.milyem', 'l.step_id'])
    .orderBy('w.name')
    .orderBy('e.milyem', 'desc')
    .execute();
  const day = to ?? new Date().toISOString().slice(0, 10);
  const norms = await allNorms(db);
  const byRow = rows.map((row) => {
    const issued = Number(row.issued);
    // Receipts are stored against the workshop's debt: returned metal is their negated net.
    const returned = -Number(row.returned);
    const loss = issued - returned;
    const lossPerMille = lossPerMilleOf(issued, loss);
    const norm = normAmong(norms, row.workshop_id, row.step_id, row.milyem, day);
    return {
      workshop_id: row.workshop_id,
      workshop_name: row.workshop_name,
      milyem: row.milyem,
      step_id: row.step_id,
      issued_g: grams(issued),
      returned_g: grams(returned),
      loss_g: grams(loss),
      loss_per_mille: lossPerMille === null ? null : perMille(lossPerMille),
      norm_per_mille: norm === null ? null : perMille(norm),
      above_norm: lossPerMille !== null && norm !== null && lossPerMille > norm,
    };
  });
  return { rows: byRow, workshops: await unrecoveredLoss(db, rows, from, to) };
}

/** A month's loss of one workshop (monthlyLoss). */
export interface MonthLoss {
  issued_g: string;
  loss_per_mille: string | null;
  norm_per_mille: string | null;
  above_norm: boolean;
}

/**
 * One workshop's loss month by month (`months`: yyyy-mm, in order): the loss of the metal entered
 * in a month per mille of what it was issued, as lossReport counts a period's, beside the norm each
 * issue (milyem and step) was allowed on the month's last day, weighed by its net; null when some
 * issued metal has none. Summed by the database over the ledger's workshop index.
 */
export async function monthlyLoss(db: Db, workshopId: number, months: readonly string[]): Promise<Map<string, MonthLoss>> {
  const answer = new Map<string, MonthLoss>();
  if (months.length === 0) return answer;
  const month = sql<string>`substr(e.date, 1, 7)`;
  const rows = await lossEntries(db)
    .select(['e.milyem', 'l.step_id', month.as('month'), issuedSum.as('issued'), returnedSum.as('returned')])
    .where('e.workshop_id', '=', workshopId)
    .where('e.date', '>=', `${months[0]}-01`)
    .where('e.date', '<=', `${months.at(-1)}-31`)
    .groupBy([month, 'e.milyem', 'l.step_id'])
    .execute();
  const norms = rows.length === 0 ? [] : await allNorms(db);
  const sums = new Map<string, { issued: number; loss: number; allowed: number; judged: boolean }>();
  for (const row of rows) {
    const issued = Number(row.issued);
    const sum = sums.get(row.month) ?? sums.set(row.month, { issued: 0, loss: 0, allowed: 0, judged: true }).get(row.month)!;
    sum.issued += issued;
    sum.loss += issued + Number(row.returned);
    if (issued === 0) continue;
    const norm = normAmong(norms, workshopId, row.step_id, row.milyem, lastDayOf(row.month));
    if (norm === null) sum.judged = false;
    else sum.allowed += issued * norm;
  }
  for (const [key, sum] of sums) {
    const lossPerMille = lossPerMilleOf(sum.issued, sum.loss);
    const norm = sum.judged && sum.issued > 0 ? Math.round(sum.allowed / sum.issued) : null;
    answer.set(key, {
      issued_g: grams(sum.issued),
      loss_per_mille: lossPerMille === null ? null : perMille(lossPerMille),
      norm_per_mille: norm === null ? null : perMille(norm),
      above_norm: lossPerMille !== null && norm !== null && lossPerMille > norm,
    });
  }
  return answer;
}

/** The last day (yyyy-mm-dd) of a month (yyyy-mm). */
const lastDayOf = (month: string) => {
  const [year, index] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(year, index, 0)).getUTCDate()).padStart(2, '0')}`;
};

/**
 * Each workshop's loss in fine gold over a period, what refining lots dated in it recovered for
 * the workshop, and what stays lost: the loss less the recovered.
 */
async function unrecoveredLoss(db: Db, rows: ReadonlyArray<{ workshop_id: number; workshop_name: string; fine: number }>, from?: string, to?: string): Promise<WorkshopLossDto[]> {
  const recovered = await db
    .selectFrom('metal_refining_shares as s')
    .innerJoin('metal_refining_lots as l', 'l.id', 's.lot_id')
    .innerJoin('workshops as w', 'w.id', 's.workshop_id')
    .select(['s.workshop_id', 'w.name as workshop_name', (eb) => eb.fn.sum<number>('s.fine').as('fine')])
    .$if(from !== undefined, (q) => q.where('l.date', '>=', from!))
    .$if(to !== undefined, (q) => q.where('l.date', '<=', to!))
    .groupBy(['s.workshop_id', 'w.name'])
    .execute();
  const workshops = new Map<number, { workshop_id: number; workshop_name: string; lost: number; recovered: number }>();
  const of = (id: number, name: string) => workshops.get(id) ?? workshops.set(id, { workshop_id: id, workshop_name: name, lost: 0, recovered: 0 }).get(id)!;
  for (const row of rows) of(row.workshop_id, row.workshop_name).lost += Number(row.fine);
  for (const row of recovered) of(row.workshop_id, row.workshop_name).recovered += Number(row.fine);
  return [...workshops.values()]
    .sort((a, b) => a.workshop_name.localeCompare(b.workshop_name, 'tr') || a.workshop_id - b.workshop_id)
    .map(({ workshop_id, workshop_name, lost, recovered: back }) => ({
      workshop_id,
      workshop_name,
      loss_fine_g: fine(lost),
      recovered_fine_g: fine(back),
      unrecovered_fine_g: fine(lost - back),
    }));
}
