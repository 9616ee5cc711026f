import { lineBus } from '../modules/live/bus';
import { balances, createRefiningLot, createVoucher, decideVoucher, receivablePieces } from '../modules/metal/service';
import { FINE_PLACES, fromUnits, GRAM_PLACES, toUnits } from '../../shared/metal';
import type { VoucherLineInput } from '../../shared/schemas/metal';
import type { Db } from '.';

/*
 * The demo's metal ledger, written as the office and the workshop write it (modules/metal): for
 * each purity of the demo workshop's weighed pieces, gold issued a few weeks ago and confirmed on
 * its tablet, then the pieces and the scrap received against that issue; one job within its norm
 * and one above it, a refining lot over the period, and a new issue still waiting for the tablet.
 */

/** Nobody listens before the server starts: the in-process bus carries the writes. */
const quiet = lineBus({ dialect: 'sqlite', databaseUrl: '', log: { warn: () => undefined, info: () => undefined } });

const DAY_MS = 86_400_000;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
const grams = (mg: number) => fromUnits(Math.round(mg), GRAM_PLACES);

/** Per purity: the scrap returned and the loss of the job, each a share of the pieces' weight. */
const JOBS: ReadonlyArray<{ milyem: number; scrap: number; loss: number }> = [
  { milyem: 916, scrap: 0.04, loss: 0.0012 },
  { milyem: 585, scrap: 0.05, loss: 0.004 },
];

/** What refining brings back of the jobs' loss, the dust's assay, and how much of the assayed fine the refiner returns. */
const REFINED = 0.6;
const DUST_MILYEM = 45;
const ASSAY_YIELD = 0.95;

export async function seedMetal(db: Db, adminId: number): Promise<void> {
  const workshop = await db.selectFrom('workshops').select(['id', 'user_id']).where('user_id', 'is not', null).orderBy('id').executeTakeFirst();
  if (!workshop?.user_id) return;
  const tablet = (id: number) => decideVoucher(db, quiet, workshop.user_id!, workshop.id, id, { confirmed: true });
  // Weighed pieces only: the canceled ones still to weigh stay with the workshop, to be received later.
  const pieces = (await receivablePieces(db, workshop.id)).flatMap(({ gross_g, ...piece }) => (gross_g === null ? [] : [{ ...piece, gross_g }]));
  for (const job of JOBS) {
    const mine = pieces.filter((piece) => piece.milyem === job.milyem).slice(0, 6);
    if (mine.length === 0) continue;
    const finished = mine.reduce((sum, piece) => sum + toUnits(piece.gross_g, GRAM_PLACES)!, 0);
    const scrap = finished * job.scrap;
    const gold = (kind: VoucherLineInput['kind'], mg: number): VoucherLineInput => ({ kind, metal: 'gold', milyem: job.milyem, gross_g: grams(mg) });
    const issue = await createVoucher(db, quiet, adminId, { type: 'issue', workshop_id: workshop.id, date: day(24), lines: [gold('raw', (finished + scrap) * (1 + job.loss))] });
    await tablet(issue.id);
    const lines = [...mine.map((piece) => ({ ...gold('finished', 0), gross_g: piece.gross_g, order_product_id: piece.order_product_id })), gold('scrap', scrap)];
    const receipt = await createVoucher(db, quiet, adminId, { type: 'receipt', workshop_id: workshop.id, date: day(1), settles_id: issue.id, lines });
    await tablet(receipt.id);
  }
  // The dust of the period, refined: most of what the jobs lost comes back, a little less than its assay.
  const owed = (await balances(db)).find((row) => row.workshop_id === workshop.id);
  const lost = owed ? toUnits(owed.fine_g, FINE_PLACES)! : 0;
  if (lost > 0) {
    const recovered = Math.round(lost * REFINED);
    const assayed = recovered / ASSAY_YIELD;
    const dustMg = (assayed / 10) * (1000 / DUST_MILYEM);
    await createRefiningLot(db, adminId, { date: day(1), period_from: day(30), period_to: day(1), dust_g: grams(dustMg), assayed_milyem: DUST_MILYEM, recovered_fine_g: fromUnits(recovered, FINE_PLACES) });
  }
  await createVoucher(db, quiet, adminId, { type: 'issue', workshop_id: workshop.id, date: day(0), lines: [{ kind: 'raw', metal: 'gold', milyem: 750, gross_g: '40' }] });
}
