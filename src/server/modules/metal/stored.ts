import { FINE_PLACES, fromUnits, GRAM_PLACES } from '../../../shared/metal';
import type { VoucherStatus } from '../../../shared/metal-api';
import type { VoucherType } from '../../../shared/schemas/metal';

/*
 * The metal ledger's stored forms (migration 0015): weights in whole units, converted from the
 * request's decimals once and written back as decimal strings (shared/metal.ts).
 */

/** The instant a write is stamped with, as stored. */
export const now = () => new Date().toISOString();

export const grams = (mg: number) => fromUnits(mg, GRAM_PLACES);
/** Per mille as stored, in hundredths: 150 is '1.50'. */
export const perMille = (hundredths: number) => fromUnits(hundredths, 2);
export const fine = (units: number) => fromUnits(units, FINE_PLACES);

/** Vouchers and refining lots are numbered from their id in the transaction that writes them: a read always finds the number. */
export interface Numbered {
  number: string;
}

/** A voucher's type and status are stored as text and hold only these words; reads narrow them to these (`$narrowType`). */
export interface StoredVoucher extends Numbered {
  type: VoucherType;
  status: VoucherStatus;
}
