import type { ExpressionBuilder, Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import type { RecordChanges } from '../live/bus';
import { markReceived } from '../orders/line-writer';
import { badRequest, conflict } from '../../errors';
import { GRAM_PLACES, toUnits } from '../../../shared/metal';
import type { ReceivablePieceDto } from '../../../shared/metal-api';
import { NOT_STARTED } from '../../../shared/statuses';
import type { VoucherInput } from '../../../shared/schemas/metal';
import { karats, listPurities } from './purities';
import { grams } from './stored';

/*
 * The order lines' pieces as the metal ledger sees them: which a workshop still holds the gold of,
 * which a voucher may name, and a receipt taking them in (their gram final) or its reversal giving
 * them back.
 */

/**
 * The pieces of lines `l` a workshop still holds the ledger's gold in, to be received: weighed
 * pieces, and canceled pieces that had reached production, weighed or still to weigh (nothing more
 * is done to a canceled line, but its metal comes back). Received, a piece is no longer one.
 */
export const receivable = (eb: ExpressionBuilder<any, any>) =>
  eb.and([
    eb('l.metal_received_at', 'is', null),
    eb.or([eb('l.product_gram', 'is not', null), eb.and([eb('l.canceled_at', 'is not', null), eb('l.current_order_line_process', '!=', NOT_STARTED)])]),
  ]);

/**
 * The order lines a voucher names: each of the voucher's workshop, once. A finished piece received
 * must be receivable: a weighed piece comes in at the gram the tablet entered, never typed twice; a
 * canceled one not weighed, at the weight the receipt gives.
 */
export async function checkOrderLines(db: Db, input: VoucherInput, lines: ReadonlyArray<{ kind: string; order_line_id: number | null }>) {
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

/** The finished pieces of a receipt that name their order line: received, their gram becomes final. */
const receivedLines = (lines: ReadonlyArray<{ kind: string; order_line_id: number | null }>) =>
  lines.flatMap((line) => (line.kind === 'finished' && line.order_line_id !== null ? [line.order_line_id] : []));

/**
 * What a confirmed voucher does to the order lines its finished pieces name, through the line
 * writer: each line's history says so with the voucher's number, and screens showing the line hear
 * of it (its gram is final, or correctable again).
 */
export async function receivePieces(
  trx: Transaction<Database>,
  record: RecordChanges,
  voucher: { type: string; number: string | null; reverses_id: number | null },
  lines: ReadonlyArray<{ kind: string; order_line_id: number | null }>,
  userId: number,
  at: string,
): Promise<void> {
  // A receipt takes its weighed pieces into the ledger; the reversal of a receipt gives them back.
  const pieces = receivedLines(lines);
  if (pieces.length > 0 && voucher.reverses_id === null && voucher.type === 'receipt') {
    const taken = await markReceived(trx, record, pieces, { received: true, userId, at, voucher: voucher.number });
    if (taken.length !== pieces.length) throw conflict('errors:voucherLineReceived', 'VOUCHER_LINE_RECEIVED', { id: pieces.join(', ') });
  } else if (pieces.length > 0 && voucher.reverses_id !== null && voucher.type === 'issue') {
    await markReceived(trx, record, pieces, { received: false, userId, at, voucher: voucher.number });
  }
}

/**
 * A workshop's receivable pieces: what a receipt offers, each at the gram the tablet entered, or
 * with no gram (`gross_g` null) when it was canceled before it was weighed.
 */
export async function receivablePieces(db: Db, workshopId: number): Promise<ReceivablePieceDto[]> {
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
