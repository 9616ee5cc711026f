import type { Db } from '../../db';
import { badRequest } from '../../errors';
import { FINE_PLACES, fineOf, GRAM_PLACES, shareOut, toUnits } from '../../../shared/metal';
import type { RefiningLotDto } from '../../../shared/metal-api';
import type { RefiningLotInput } from '../../../shared/schemas/metal';
import { refuseLocked } from './lock';
import { side, sidedEntries } from './ledger';
import { fine, grams, type Numbered, now } from './stored';

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
export async function createRefiningLot(db: Db, userId: number, input: RefiningLotInput): Promise<RefiningLotDto> {
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
export async function refiningLots(db: Db): Promise<RefiningLotDto[]> {
  const lots = await db.selectFrom('metal_refining_lots').selectAll().orderBy('date', 'desc').orderBy('id', 'desc').$narrowType<Numbered>().execute();
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
