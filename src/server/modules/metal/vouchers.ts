import type { Db } from '../../db';
import type { LineBus } from '../live/bus';
import { notify } from '../notifications/notify';
import { badRequest, conflict, notFound } from '../../errors';
import { CARAT_PLACES, fromUnits, GRAM_PLACES, lineWeights, toUnits } from '../../../shared/metal';
import type { VoucherDto, VoucherSummaryDto } from '../../../shared/metal-api';
import type { VoucherInput, VoucherLineInput, VoucherType } from '../../../shared/schemas/metal';
import { refuseLocked } from './lock';
import { settle } from './loss';
import { checkOrderLines, receivePieces } from './pieces';
import { fine, grams, now, perMille, type StoredVoucher } from './stored';

/*
 * Metal vouchers: written by the office, confirmed or disputed by their workshop (the workshop is
 * told of a voucher waiting for it, the office of a dispute); only a confirmed one writes ledger
 * entries.
 */

/** Metal issued to a workshop counts for what it owes; metal returned, against it. */
const SIGN: Record<VoucherType, 1 | -1> = { issue: 1, receipt: -1 };
const OPPOSITE: Record<VoucherType, VoucherType> = { issue: 'receipt', receipt: 'issue' };
/** Voucher numbers by type: 'Maden Çıkış' and 'Maden Giriş', numbered by id (never renumbered). */
const PREFIX: Record<VoucherType, string> = { issue: 'MC', receipt: 'MG' };

/** A voucher with its lines, weights as decimal strings. */
export async function getVoucher(db: Db, id: number, workshopId?: number): Promise<VoucherDto> {
  const voucher = await db
    .selectFrom('metal_vouchers')
    .selectAll()
    .where('id', '=', id)
    .$if(workshopId !== undefined, (q) => q.where('workshop_id', '=', workshopId!))
    .$narrowType<StoredVoucher>()
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

export async function listVouchers(db: Db, workshopId?: number): Promise<VoucherSummaryDto[]> {
  const vouchers = await db
    .selectFrom('metal_vouchers')
    .select(['id', 'type', 'number', 'workshop_id', 'date', 'note', 'reverses_id', 'settles_id', 'status', 'dispute_reason', 'created_at', 'decided_at', 'above_norm'])
    .$if(workshopId !== undefined, (q) => q.where('workshop_id', '=', workshopId!))
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .$narrowType<StoredVoucher>()
    .execute();
  return vouchers.map((voucher) => ({ ...voucher, above_norm: voucher.above_norm === 1 }));
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
 * Writes a pending voucher (the workshop confirms or disputes it). A reversal names a confirmed
 * voucher of the same workshop and takes no lines: it copies that voucher's lines, each with the
 * milyem and weights it was written with, under the opposite type, so confirmed it undoes it exactly.
 */
export async function createVoucher(db: Db, bus: LineBus, userId: number, input: VoucherInput): Promise<VoucherDto> {
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
    const number = `${PREFIX[type]}-${String(id).padStart(6, '0')}`;
    await trx.updateTable('metal_vouchers').set({ number }).where('id', '=', id).execute();
    await trx.insertInto('metal_voucher_lines').values(lines.map((line) => ({ ...line, voucher_id: id }))).execute();
    if (input.settles_id !== undefined && input.reverses_id === undefined) await settle(trx, id, input.settles_id, input);
    await announce({ voucher_id: id, workshop_id: input.workshop_id });
    await notify(trx, { workshopId: input.workshop_id, actorId: userId }, [{ kind: 'voucher_waiting', values: { voucher: number }, target: { voucher: id } }]);
    return id;
  });
  return getVoucher(db, id);
}

/**
 * The workshop's answer to a voucher addressed to it: confirmed, it writes one ledger entry per
 * line (signed by its type); disputed, with a reason, it writes nothing. Decided once.
 */
export async function decideVoucher(db: Db, bus: LineBus, userId: number, workshopId: number, id: number, decision: { confirmed: true } | { confirmed: false; reason: string }): Promise<VoucherDto> {
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
    if (!decision.confirmed) {
      const workshop = await trx.selectFrom('workshops').select('name').where('id', '=', voucher.workshop_id).executeTakeFirstOrThrow();
      const values = { voucher: voucher.number ?? String(id), workshop: workshop.name, reason: decision.reason };
      await notify(trx, { actorId: userId }, [{ kind: 'voucher_disputed', values, target: { voucher: id } }]);
      return;
    }
    const sign = SIGN[voucher.type as VoucherType];
    const lines = await trx.selectFrom('metal_voucher_lines').selectAll().where('voucher_id', '=', id).orderBy('id').execute();
    await receivePieces(trx, record, voucher, lines, userId, at);
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
