import { sql } from 'kysely';
import type { Db } from '../../db';
import { lateSql } from '../order-lines/figures';
import { notFound } from '../../errors';
import type { BalanceDto, StatementDto } from '../../../shared/metal-api';
import type { VoucherType } from '../../../shared/schemas/metal';
import { receivable } from './pieces';
import { fine, grams, type StoredVoucher } from './stored';

/**
 * Ledger entries with the side each stands on (`side`): an issue's or a receipt's, a reversal on
 * the side of the voucher it undoes, so it takes back what that one counted.
 */
export const sidedEntries = (db: Db) =>
  db
    .selectFrom('metal_ledger as e')
    .innerJoin('metal_vouchers as v', 'v.id', 'e.voucher_id')
    .leftJoin('metal_vouchers as r', 'r.id', 'v.reverses_id');
export const side = sql<VoucherType>`coalesce(r.type, v.type)`;

/**
 * A workshop's statement in fine gold over [from, to] (days, inclusive; either open): the balance
 * before, every entry in order with the balance after it, the balance at the end, and the end
 * balance by metal and milyem. Sums are of whole units, so they are exact.
 */
export async function statement(db: Db, workshopId: number, from?: string, to?: string): Promise<StatementDto> {
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
    .$narrowType<StoredVoucher>()
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
export async function balances(db: Db): Promise<BalanceDto[]> {
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
