import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type { Db } from '../../db';
import type { LineBus } from '../live/bus';
import { markReceived } from '../orders/line-writer';
import type { MetalLossNormsTable } from '../../db/schema';
import { lateSql } from '../order-lines/figures';
import { badRequest, conflict, notFound } from '../../errors';
import { ayarOf, CARAT_PLACES, FINE_PLACES, fineOf, fromUnits, GRAM_PLACES, lineWeights, shareOut, toUnits } from '../../../shared/metal';
import { NOT_STARTED } from '../../../shared/statuses';
import type { VoucherInput, VoucherLineInput, VoucherType } from '../../../shared/schemas/metal';

/*
 * Metal vouchers and the ledger they write (migration 0015): weights in whole units, converted
 * from the request's decimals once and written back as decimal strings (shared/metal.ts).
 */

/** Metal issued to a workshop counts for what it owes; metal returned, against it. */
const SIGN: Record<VoucherType, 1 | -1> = { issue: 1, receipt: -1 };
const OPPOSITE: Record<VoucherType, VoucherType> = { issue: 'receipt', receipt: 'issue' };
/** Voucher numbers by type: 'Maden Çıkış' and 'Maden Giriş', numbered by id (never renumbered). */
const PREFIX: Record<VoucherType, string> = { issue: 'MC', receipt: 'MG' };

const now = () => new Date().toISOString();
const LOCK_KEY = 'metal_lock';

/** The day before which no voucher is written or confirmed: the closed periods (null: none closed). */
export async function lockedBefore(db: Db): Promise<string | null> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', LOCK_KEY).executeTakeFirst();
  return row ? ((JSON.parse(row.value) as { locked_before: string | null }).locked_before ?? null) : null;
}

/** Closes the periods before `day`. A lock only moves forward: a closed period is never opened again. */
export async function lockBefore(db: Db, day: string): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const current = await lockedBefore(trx);
    if (current !== null && day < current) throw conflict('errors:metalLockBackwards', 'METAL_LOCK_BACKWARDS', { day: current });
    const value = JSON.stringify({ locked_before: day });
    const updated_at = now();
    await trx.insertInto('settings').values({ key: LOCK_KEY, value, updated_at }).onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at })).execute();
    return day;
  });
}

/** A voucher dated in a closed period is refused, written or confirmed. */
async function refuseLocked(db: Db, date: string): Promise<void> {
  const lock = await lockedBefore(db);
  if (lock !== null && date < lock) throw conflict('errors:metalPeriodLocked', 'METAL_PERIOD_LOCKED', { day: lock });
}
const grams = (mg: number) => fromUnits(mg, GRAM_PLACES);
/** Per mille as stored, in hundredths: 150 is '1.50'. */
const perMille = (hundredths: number) => fromUnits(hundredths, 2);
const fine = (units: number) => fromUnits(units, FINE_PLACES);

export async function listPurities(db: Db) {
  return db.selectFrom('metal_purities').selectAll().orderBy('metal').orderBy('ayar', 'desc').execute();
}

export async function updatePurity(db: Db, id: number, milyem: number) {
  const updated = await db.updateTable('metal_purities').set({ milyem, updated_at: now() }).where('id', '=', id).returningAll().executeTakeFirst();
  if (!updated) throw notFound();
  return updated;
}

/** The product option whose values are karats (product_options: 5, 'Ayar'). */
const KARAT_OPTION = 5;

/**
 * Every karat option value with the purity it stands for: the office's mapping where it set one,
 * else the gold purity of the ayar its name says ('14 ayar' -> 14 ayar, 585).
 */
export async function karats(db: Db) {
  const values = await db
    .selectFrom('product_option_values as v')
    .leftJoin('metal_karats as k', 'k.option_value_id', 'v.id')
    .select(['v.id', 'v.value_name', 'k.option_value_id as mapped', 'k.purity_id'])
    .where('v.option_id', '=', KARAT_OPTION)
    .orderBy('v.id')
    .execute();
  const gold = new Map((await db.selectFrom('metal_purities').select(['id', 'ayar']).where('metal', '=', 'gold').execute()).map((p) => [p.ayar, p.id]));
  return values.map((value) => ({
    option_value_id: value.id,
    value_name: value.value_name,
    purity_id: value.mapped !== null ? value.purity_id : (gold.get(ayarOf(value.value_name)) ?? null),
    set_by_office: value.mapped !== null,
  }));
}

/** The office says which purity a karat value stands for (null: none). */
export async function setKarat(db: Db, optionValueId: number, purityId: number | null) {
  const value = await db.selectFrom('product_option_values').select('id').where('id', '=', optionValueId).where('option_id', '=', KARAT_OPTION).executeTakeFirst();
  if (!value) throw notFound();
  if (purityId !== null && !(await db.selectFrom('metal_purities').select('id').where('id', '=', purityId).executeTakeFirst())) throw badRequest('errors:purityUnknown', 'PURITY_UNKNOWN');
  const updated_at = now();
  await db
    .insertInto('metal_karats')
    .values({ option_value_id: optionValueId, purity_id: purityId, updated_at })
    .onConflict((oc) => oc.column('option_value_id').doUpdateSet({ purity_id: purityId, updated_at }))
    .execute();
  return (await karats(db)).find((karat) => karat.option_value_id === optionValueId)!;
}

/** A voucher with its lines, weights as decimal strings. */
export async function getVoucher(db: Db, id: number, workshopId?: number) {
  const voucher = await db
    .selectFrom('metal_vouchers')
    .selectAll()
    .where('id', '=', id)
    .$if(workshopId !== undefined, (q) => q.where('workshop_id', '=', workshopId!))
    .executeTakeFirst();
  if (!voucher) throw notFound('errors:voucherNotFound');
  const lines = await db.selectFrom('metal_voucher_lines').selectAll().where('voucher_id', '=', id).orderBy('id').execute();
  const { loss_mg, loss_per_mille, norm_per_mille, above_norm, ...head } = voucher;
  return {
    ...head,
    // The loss of the issue this receipt settles, against the norm it was held to when written.
    loss_g: loss_mg === null ? null : grams(loss_mg),
    loss_per_mille: loss_per_mille === null ? null : perMille(loss_per_mille),
    norm_per_mille: norm_per_mille === null ? null : perMille(norm_per_mille),
    above_norm: above_norm === 1,
    lines: lines.map(({ gross_mg, stone_cct, stone_mg, other_mg, net_mg, fine: lineFine, order_line_id, ...line }) => ({
      ...line,
      order_product_id: order_line_id,
      gross_g: grams(gross_mg),
      stone_ct: fromUnits(stone_cct, CARAT_PLACES),
      stone_g: grams(stone_mg),
      other_g: grams(other_mg),
      net_g: grams(net_mg),
      fine_g: fine(lineFine),
    })),
  };
}

/** The voucher's lines as they are stored: typed weights in units, net and fine computed once. */
function storedLines(lines: readonly VoucherLineInput[]) {
  return lines.map((line, index) => {
    const weights = lineWeights(toUnits(line.gross_g, GRAM_PLACES)!, toUnits(line.stone_ct ?? 0, CARAT_PLACES)!, toUnits(line.other_g ?? 0, GRAM_PLACES)!, line.milyem);
    if (!weights) throw badRequest('errors:voucherNetEmpty', 'VOUCHER_NET_EMPTY', { line: index + 1 });
    return {
      kind: line.kind,
      metal: line.metal,
      milyem: line.milyem,
      gross_mg: weights.grossMg,
      stone_cct: weights.stoneCentiCarat,
      stone_mg: weights.stoneMg,
      other_mg: weights.otherMg,
      net_mg: weights.netMg,
      fine: weights.fine,
      order_line_id: line.order_product_id ?? null,
      step_id: line.step_id ?? null,
    };
  });
}

/**
 * The pieces of lines `l` a workshop still holds the ledger's gold in, to be received: weighed
 * pieces, and canceled pieces that had reached production, weighed or still to weigh (nothing more
 * is done to a canceled line, but its metal comes back). Received, a piece is no longer one.
 */
const receivable = (eb: ExpressionBuilder<any, any>) =>
  eb.and([
    eb('l.metal_received_at', 'is', null),
    eb.or([eb('l.product_gram', 'is not', null), eb.and([eb('l.canceled_at', 'is not', null), eb('l.current_order_line_process', '!=', NOT_STARTED)])]),
  ]);

/**
 * The order lines a voucher names: each of the voucher's workshop, once. A finished piece received
 * must be receivable: a weighed piece comes in at the gram the tablet entered, never typed twice; a
 * canceled one not weighed, at the weight the receipt gives.
 */
async function checkOrderLines(db: Db, input: VoucherInput, lines: ReadonlyArray<{ kind: string; order_line_id: number | null }>) {
  const ids = lines.flatMap((line) => (line.order_line_id === null ? [] : [line.order_line_id]));
  if (ids.length === 0) return;
  if (new Set(ids).size !== ids.length) throw badRequest('errors:voucherLineTwice', 'VOUCHER_LINE_TWICE');
  const found = new Map(
    (await db.selectFrom('order_lines as l').select(['l.id', 'l.workshop_id', 'l.metal_received_at', (eb) => receivable(eb).as('receivable')]).where('l.id', 'in', ids).execute()).map((line) => [line.id, line]),
  );
  for (const line of lines) {
    if (line.order_line_id === null) continue;
    const order = found.get(line.order_line_id);
    if (!order || order.workshop_id !== input.workshop_id) throw badRequest('errors:voucherLineNotOfWorkshop', 'VOUCHER_LINE_NOT_OF_WORKSHOP', { id: line.order_line_id });
    if (input.type !== 'receipt' || line.kind !== 'finished') continue;
    if (order.metal_received_at !== null) throw conflict('errors:voucherLineReceived', 'VOUCHER_LINE_RECEIVED', { id: order.id });
    if (!order.receivable) throw badRequest('errors:voucherLineNotWeighed', 'VOUCHER_LINE_NOT_WEIGHED', { id: order.id });
  }
}

type Norm = Selectable<MetalLossNormsTable>;

/**
 * The allowed loss (per mille in hundredths) for a workshop's work at a step and milyem on a day,
 * among `norms`: the most specific norm valid that day (the workshop's own for that step, its own,
 * every workshop's for that step, every workshop's), the latest written among equals; null when none.
 */
export function normAmong(norms: readonly Norm[], workshopId: number, stepId: number | null, milyem: number, day: string): number | null {
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
async function settle(trx: Db, receiptId: number, issueId: number, input: VoucherInput): Promise<void> {
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

/** The finished pieces of a receipt that name their order line: received, their gram becomes final. */
const receivedLines = (lines: ReadonlyArray<{ kind: string; order_line_id: number | null }>) =>
  lines.flatMap((line) => (line.kind === 'finished' && line.order_line_id !== null ? [line.order_line_id] : []));

/**
 * Writes a pending voucher (the workshop confirms or disputes it). A reversal names a confirmed
 * voucher of the same workshop and takes no lines: it copies that voucher's lines, each with the
 * milyem and weights it was written with, under the opposite type, so confirmed it undoes it exactly.
 */
export async function createVoucher(db: Db, bus: LineBus, userId: number, input: VoucherInput) {
  const id = await bus.write(db, async (trx, _record, announce) => {
    const workshop = await trx.selectFrom('workshops').select('id').where('id', '=', input.workshop_id).executeTakeFirst();
    if (!workshop) throw badRequest('errors:unknownWorkshop', 'UNKNOWN_WORKSHOP', { id: input.workshop_id });
    await refuseLocked(trx, input.date);
    let type = input.type;
    let lines;
    if (input.reverses_id !== undefined) {
      if (input.lines.length > 0) throw badRequest('errors:voucherReverseLines', 'VOUCHER_REVERSE_LINES');
      const original = await trx.selectFrom('metal_vouchers').selectAll().where('id', '=', input.reverses_id).executeTakeFirst();
      if (!original) throw notFound('errors:voucherNotFound');
      if (original.workshop_id !== input.workshop_id) throw badRequest('errors:voucherReverseWorkshop', 'VOUCHER_REVERSE_WORKSHOP');
      if (original.status !== 'confirmed') throw conflict('errors:voucherReverseNotConfirmed', 'VOUCHER_NOT_CONFIRMED');
      const reversed = await trx.selectFrom('metal_vouchers').select('id').where('reverses_id', '=', original.id).executeTakeFirst();
      if (reversed) throw conflict('errors:voucherAlreadyReversed', 'VOUCHER_ALREADY_REVERSED');
      type = OPPOSITE[original.type as VoucherType];
      lines = (await trx.selectFrom('metal_voucher_lines').selectAll().where('voucher_id', '=', original.id).orderBy('id').execute()).map(({ id: _id, voucher_id: _voucher, ...line }) => line);
    } else {
      if (input.lines.length === 0) throw badRequest('errors:voucherLinesRequired', 'VOUCHER_LINES_REQUIRED');
      lines = storedLines(input.lines);
      await checkOrderLines(trx, input, lines);
    }
    const { id } = await trx
      .insertInto('metal_vouchers')
      .values({
        type,
        workshop_id: input.workshop_id,
        date: input.date,
        note: input.note || null,
        reverses_id: input.reverses_id ?? null,
        settles_id: input.reverses_id === undefined ? (input.settles_id ?? null) : null,
        status: 'pending',
        created_by: userId,
        created_at: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('metal_vouchers').set({ number: `${PREFIX[type]}-${String(id).padStart(6, '0')}` }).where('id', '=', id).execute();
    await trx.insertInto('metal_voucher_lines').values(lines.map((line) => ({ ...line, voucher_id: id }))).execute();
    if (input.settles_id !== undefined && input.reverses_id === undefined) await settle(trx, id, input.settles_id, input);
    await announce({ voucher_id: id, workshop_id: input.workshop_id });
    return id;
  });
  return getVoucher(db, id);
}

/**
 * The workshop's answer to a voucher addressed to it: confirmed, it writes one ledger entry per
 * line (signed by its type); disputed, with a reason, it writes nothing. Decided once.
 */
export async function decideVoucher(db: Db, bus: LineBus, userId: number, workshopId: number, id: number, decision: { confirmed: true } | { confirmed: false; reason: string }) {
  await bus.write(db, async (trx, record, announce) => {
    const voucher = await trx.selectFrom('metal_vouchers').selectAll().where('id', '=', id).where('workshop_id', '=', workshopId).executeTakeFirst();
    if (!voucher) throw notFound('errors:voucherNotFound');
    await refuseLocked(trx, voucher.date);
    const at = now();
    const decided = await trx
      .updateTable('metal_vouchers')
      .set({ status: decision.confirmed ? 'confirmed' : 'disputed', dispute_reason: decision.confirmed ? null : decision.reason, decided_by: userId, decided_at: at })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    // Two taps, two tablets: the voucher is decided once.
    if (Number(decided.numUpdatedRows) !== 1) throw conflict('errors:voucherDecided', 'VOUCHER_DECIDED');
    await announce({ voucher_id: id, workshop_id: voucher.workshop_id });
    if (!decision.confirmed) return;
    const sign = SIGN[voucher.type as VoucherType];
    const lines = await trx.selectFrom('metal_voucher_lines').selectAll().where('voucher_id', '=', id).orderBy('id').execute();
    // A receipt takes its weighed pieces into the ledger; the reversal of a receipt gives them back.
    const pieces = receivedLines(lines);
    if (pieces.length > 0 && voucher.reverses_id === null && voucher.type === 'receipt') {
      const taken = await markReceived(trx, record, pieces, { received: true, userId, at, voucher: voucher.number });
      if (taken.length !== pieces.length) throw conflict('errors:voucherLineReceived', 'VOUCHER_LINE_RECEIVED', { id: pieces.join(', ') });
    } else if (pieces.length > 0 && voucher.reverses_id !== null && voucher.type === 'issue') {
      await markReceived(trx, record, pieces, { received: false, userId, at, voucher: voucher.number });
    }
    await trx
      .insertInto('metal_ledger')
      .values(
        lines.map((line) => ({
          voucher_id: id,
          voucher_line_id: line.id,
          workshop_id: voucher.workshop_id,
          date: voucher.date,
          metal: line.metal,
          milyem: line.milyem,
          net_mg: sign * line.net_mg,
          fine: sign * line.fine,
          created_at: at,
        })),
      )
      .execute();
  });
  return getVoucher(db, id);
}

/**
 * A workshop's receivable pieces: what a receipt offers, each at the gram the tablet entered, or
 * with no gram (`gross_g` null) when it was canceled before it was weighed.
 */
export async function receivablePieces(db: Db, workshopId: number) {
  const rows = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select(['l.id', 'o.order_number', 'p.title as product_title', 'l.product_gram', 'l.karat_id', 'l.order_line_status_id', 'l.canceled_at'])
    .where('l.workshop_id', '=', workshopId)
    .where(receivable)
    .orderBy('l.id')
    .execute();
  // A piece's milyem, where its karat stands for a purity: the receipt line need not be told.
  const purityOf = new Map((await karats(db)).map((karat) => [karat.option_value_id, karat.purity_id]));
  const milyems = new Map((await listPurities(db)).map((purity) => [purity.id, purity.milyem]));
  return rows.map(({ id, product_gram, ...row }) => ({
    ...row,
    order_product_id: id,
    gross_g: product_gram === null ? null : grams(toUnits(product_gram, GRAM_PLACES) ?? 0),
    milyem: milyems.get(purityOf.get(row.karat_id ?? -1) ?? -1) ?? null,
  }));
}

export async function listNorms(db: Db) {
  const norms = await db.selectFrom('metal_loss_norms').selectAll().orderBy('milyem', 'desc').orderBy('id').execute();
  return norms.map((norm) => ({ ...norm, per_mille: perMille(norm.per_mille) }));
}

export async function addNorm(db: Db, input: { workshop_id?: number; step_id?: number; milyem: number; per_mille: number | string; valid_from?: string; valid_to?: string }) {
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
 * Ledger entries with the side each stands on (`side`): an issue's or a receipt's, a reversal on
 * the side of the voucher it undoes, so it takes back what that one counted.
 */
const sidedEntries = (db: Db) =>
  db
    .selectFrom('metal_ledger as e')
    .innerJoin('metal_vouchers as v', 'v.id', 'e.voucher_id')
    .leftJoin('metal_vouchers as r', 'r.id', 'v.reverses_id');
const side = sql<VoucherType>`coalesce(r.type, v.type)`;

/**
 * Loss by workshop, milyem and step over a period (confirmed entries only): issued net less
 * returned net, per mille of the issued, beside the norm valid at the period's end; and by
 * workshop, the loss in fine gold less what refining recovered of it over the period.
 */
export async function lossReport(db: Db, from?: string, to?: string) {
  const rows = await sidedEntries(db)
    .innerJoin('metal_voucher_lines as l', 'l.id', 'e.voucher_line_id')
    .innerJoin('workshops as w', 'w.id', 'e.workshop_id')
    .select((eb) => [
      'e.workshop_id',
      'w.name as workshop_name',
      'e.milyem',
      'l.step_id',
      eb.fn.sum<number>(eb.case().when(side, '=', 'issue').then(eb.ref('e.net_mg')).else(0).end()).as('issued'),
      eb.fn.sum<number>(eb.case().when(side, '=', 'receipt').then(eb.ref('e.net_mg')).else(0).end()).as('returned'),
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
    const lossPerMille = issued > 0 ? Math.round((loss * 100_000) / issued) : null;
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

/**
 * Each workshop's loss in fine gold over a period, what refining lots dated in it recovered for
 * the workshop, and what stays lost: the loss less the recovered.
 */
async function unrecoveredLoss(db: Db, rows: ReadonlyArray<{ workshop_id: number; workshop_name: string; fine: number }>, from?: string, to?: string) {
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

export async function listVouchers(db: Db, workshopId?: number) {
  const vouchers = await db
    .selectFrom('metal_vouchers')
    .select(['id', 'type', 'number', 'workshop_id', 'date', 'note', 'reverses_id', 'settles_id', 'status', 'dispute_reason', 'created_at', 'decided_at', 'above_norm'])
    .$if(workshopId !== undefined, (q) => q.where('workshop_id', '=', workshopId!))
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return vouchers.map((voucher) => ({ ...voucher, above_norm: voucher.above_norm === 1 }));
}

/**
 * A workshop's statement in fine gold over [from, to] (days, inclusive; either open): the balance
 * before, every entry in order with the balance after it, the balance at the end, and the end
 * balance by metal and milyem. Sums are of whole units, so they are exact.
 */
export async function statement(db: Db, workshopId: number, from?: string, to?: string) {
  const workshop = await db.selectFrom('workshops').select(['id', 'name']).where('id', '=', workshopId).executeTakeFirst();
  if (!workshop) throw notFound();
  const opening = from
    ? Number((await db.selectFrom('metal_ledger').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('fine'), eb.lit(0)).as('fine')).where('workshop_id', '=', workshopId).where('date', '<', from).executeTakeFirstOrThrow()).fine)
    : 0;
  const rows = await db
    .selectFrom('metal_ledger as e')
    .innerJoin('metal_vouchers as v', 'v.id', 'e.voucher_id')
    .select(['e.id', 'e.date', 'e.voucher_id', 'v.number', 'v.type', 'v.reverses_id', 'e.metal', 'e.milyem', 'e.net_mg', 'e.fine'])
    .where('e.workshop_id', '=', workshopId)
    .$if(from !== undefined, (q) => q.where('e.date', '>=', from!))
    .$if(to !== undefined, (q) => q.where('e.date', '<=', to!))
    .orderBy('e.date')
    .orderBy('e.id')
    .execute();
  let balance = opening;
  const entries = rows.map(({ net_mg, fine: entryFine, ...row }) => {
    balance += entryFine;
    return { ...row, net_g: grams(net_mg), fine_g: fine(entryFine), balance_fine_g: fine(balance) };
  });
  const byMilyem = await db
    .selectFrom('metal_ledger')
    .select(['metal', 'milyem', (eb) => eb.fn.sum<number>('net_mg').as('net'), (eb) => eb.fn.sum<number>('fine').as('fine')])
    .where('workshop_id', '=', workshopId)
    .$if(to !== undefined, (q) => q.where('date', '<=', to!))
    .groupBy(['metal', 'milyem'])
    .orderBy('metal')
    .orderBy('milyem', 'desc')
    .execute();
  return {
    workshop_id: workshop.id,
    workshop_name: workshop.name,
    from: from ?? null,
    to: to ?? null,
    opening_fine_g: fine(opening),
    closing_fine_g: fine(balance),
    entries,
    by_milyem: byMilyem.map((row) => ({ metal: row.metal, milyem: row.milyem, net_g: grams(Number(row.net)), fine_g: fine(Number(row.fine)) })),
  };
}

/** Fine gold every workshop owes (confirmed entries only), with its oldest pending voucher. */
export async function balances(db: Db) {
  // The sums read the ledger's covering index alone; the few workshops are named apart.
  const sums = await db.selectFrom('metal_ledger').select(['workshop_id', (eb) => eb.fn.sum<number>('fine').as('fine')]).groupBy('workshop_id').execute();
  const owed = new Map(sums.map((row) => [row.workshop_id, Number(row.fine)]));
  const workshops = await db.selectFrom('workshops').select(['id', 'name']).orderBy('name').execute();
  const pending = await db
    .selectFrom('metal_vouchers')
    .select(['workshop_id', (eb) => eb.fn.min<string>('date').as('oldest')])
    .where('status', '=', 'pending')
    .groupBy('workshop_id')
    .execute();
  const oldest = new Map(pending.map((row) => [row.workshop_id, row.oldest]));
  // Pieces past their expected date and not yet delivered: metal out longer than it should be.
  const late = await db
    .selectFrom('order_lines as l')
    .select(['l.workshop_id', sql<number>`count(*)`.as('pieces')])
    .where(lateSql(new Date()))
    .where('l.workshop_id', 'is not', null)
    .groupBy('l.workshop_id')
    .execute();
  const overdue = new Map(late.map((row) => [row.workshop_id, Number(row.pieces)]));
  // Pieces the workshop still holds the gold of, canceled ones too: what receipts are still to take.
  const held = await db
    .selectFrom('order_lines as l')
    .select(['l.workshop_id', sql<number>`count(*)`.as('pieces')])
    .where(receivable)
    .where('l.workshop_id', 'is not', null)
    .groupBy('l.workshop_id')
    .execute();
  const toReceive = new Map(held.map((row) => [row.workshop_id, Number(row.pieces)]));
  return workshops.map((w) => ({
    workshop_id: w.id,
    workshop_name: w.name,
    fine_g: fine(owed.get(w.id) ?? 0),
    oldest_pending_date: oldest.get(w.id) ?? null,
    overdue_pieces: overdue.get(w.id) ?? 0,
    pieces_to_receive: toReceive.get(w.id) ?? 0,
  }));
}

export interface RefiningInput {
  date: string;
  period_from: string;
  period_to: string;
  dust_g: number | string;
  assayed_milyem: number;
  recovered_fine_g: number | string;
  note?: string;
}

/** Net weight issued to each workshop over a period (confirmed entries; a reversal takes its issue back). */
async function issuedBy(db: Db, from: string, to: string) {
  const rows = await sidedEntries(db)
    .select(['e.workshop_id', (eb) => eb.fn.sum<number>('e.net_mg').as('net')])
    .where(side, '=', 'issue')
    .where('e.date', '>=', from)
    .where('e.date', '<=', to)
    .groupBy('e.workshop_id')
    .orderBy('e.workshop_id')
    .execute();
  return rows.map((row) => ({ workshop_id: row.workshop_id, net: Number(row.net) })).filter((row) => row.net > 0);
}

/**
 * A refining lot: the fine gold recovered from the dust is shared back to the workshops in
 * proportion to the net weight issued to them over the lot's period, exactly to the last unit.
 */
export async function createRefiningLot(db: Db, userId: number, input: RefiningInput) {
  if (input.period_from > input.period_to) throw badRequest('validation:voucherDateInvalid', 'VALIDATION');
  const id = await db.transaction().execute(async (trx) => {
    await refuseLocked(trx, input.date);
    const handled = await issuedBy(trx, input.period_from, input.period_to);
    const recovered = toUnits(input.recovered_fine_g, FINE_PLACES)!;
    const { id } = await trx
      .insertInto('metal_refining_lots')
      .values({
        date: input.date,
        period_from: input.period_from,
        period_to: input.period_to,
        dust_mg: toUnits(input.dust_g, GRAM_PLACES)!,
        assayed_milyem: input.assayed_milyem,
        recovered_fine: recovered,
        note: input.note || null,
        created_by: userId,
        created_at: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('metal_refining_lots').set({ number: `RF-${String(id).padStart(6, '0')}` }).where('id', '=', id).execute();
    const shares = shareOut(recovered, handled.map((row) => row.net));
    if (handled.length > 0) {
      await trx
        .insertInto('metal_refining_shares')
        .values(handled.map((row, index) => ({ lot_id: id, workshop_id: row.workshop_id, handled_mg: row.net, fine: shares[index] })))
        .execute();
    }
    return id;
  });
  return (await refiningLots(db)).find((lot) => lot.id === id)!;
}

/** Every refining lot, newest first, with each workshop's share. */
export async function refiningLots(db: Db) {
  const lots = await db.selectFrom('metal_refining_lots').selectAll().orderBy('date', 'desc').orderBy('id', 'desc').execute();
  const shares = await db
    .selectFrom('metal_refining_shares as s')
    .innerJoin('workshops as w', 'w.id', 's.workshop_id')
    .select(['s.lot_id', 's.workshop_id', 'w.name as workshop_name', 's.handled_mg', 's.fine'])
    .orderBy('s.id')
    .execute();
  return lots.map(({ dust_mg, recovered_fine, ...lot }) => ({
    ...lot,
    dust_g: grams(dust_mg),
    // What the dust held by its assay, and what came back of it.
    assayed_fine_g: fine(fineOf(dust_mg, lot.assayed_milyem)),
    recovered_fine_g: fine(recovered_fine),
    shares: shares
      .filter((share) => share.lot_id === lot.id)
      .map((share) => ({ workshop_id: share.workshop_id, workshop_name: share.workshop_name, handled_g: grams(share.handled_mg), fine_g: fine(share.fine) })),
  }));
}
