import { FINE_PLACES, fromUnits, GRAM_PLACES } from '../../../shared/metal';

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
