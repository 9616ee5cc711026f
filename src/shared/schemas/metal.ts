import { array, mixed, object, string } from 'yup';
import { CARAT_PLACES, FINE_PLACES, GRAM_PLACES, toUnits } from '../metal';
import { id, integer, text } from './fields';

export const VOUCHER_TYPES = ['issue', 'receipt'] as const;
export type VoucherType = (typeof VOUCHER_TYPES)[number];
/** Raw metal, a finished piece, scrap (hurda), dust (ramat), a finding. */
export const LINE_KINDS = ['raw', 'finished', 'scrap', 'dust', 'finding'] as const;
export const METALS = ['gold', 'silver', 'platinum'] as const;
/** Lines of one voucher, at most. */
export const MAX_VOUCHER_LINES = 200;
/** One line's gross weight, at most: 100 kg (milligrams fit an integer column with room to spare). */
export const MAX_LINE_MG = 100_000_000;

/** A weight as a number or a decimal string with at most `places` decimals, within [0, max units]. */
const weight = (places: number, message: string, maxUnits: number) =>
  mixed<number | string>().test('weight', message, (value) => {
    if (value === undefined || value === null) return true;
    const units = toUnits(value, places);
    return units !== null && units <= maxUnits;
  });

/** A voucher line as a request carries it: weights as numbers or decimal strings, exactly as typed. */
export interface VoucherLineInput {
  kind: string;
  metal: string;
  milyem: number;
  gross_g: number | string;
  stone_ct?: number | string;
  other_g?: number | string;
  order_product_id?: number;
  step_id?: number;
}

export interface VoucherInput {
  type: VoucherType;
  workshop_id: number;
  date: string;
  note?: string;
  reverses_id?: number;
  settles_id?: number;
  lines: VoucherLineInput[];
}

/** A day as the ledger writes it. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A day (YYYY-MM-DD) that exists in the calendar. */
const day = (message: string) =>
  string()
    .matches(DAY_PATTERN, message)
    .test('day', message, (value) => value === undefined || !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));

/** A report's period: `from` and `to`, each a day or absent. */
export const periodSchema = object({
  from: day('validation:voucherDateInvalid'),
  to: day('validation:voucherDateInvalid'),
});

export const voucherLineSchema = object({
  kind: string().oneOf(LINE_KINDS, 'validation:metalKindInvalid').required('validation:metalKindInvalid'),
  metal: string().oneOf(METALS, 'validation:metalInvalid').required('validation:metalInvalid'),
  milyem: integer('validation:milyemInvalid', 1, 1000).required('validation:milyemInvalid'),
  gross_g: weight(GRAM_PLACES, 'validation:metalWeightInvalid', MAX_LINE_MG).required('validation:metalWeightInvalid'),
  stone_ct: weight(CARAT_PLACES, 'validation:metalCaratInvalid', MAX_LINE_MG),
  other_g: weight(GRAM_PLACES, 'validation:metalWeightInvalid', MAX_LINE_MG),
  order_product_id: id('errors:invalidId').optional().default(undefined),
  step_id: id('errors:invalidId').optional().default(undefined),
});

/**
 * A metal voucher: issued to a workshop or returned by it, dated, with its lines; or, with
 * `reverses_id` and no lines, the exact undoing of a confirmed voucher.
 */
export const voucherSchema = object({
  type: string().oneOf(VOUCHER_TYPES, 'validation:voucherTypeInvalid').required('validation:voucherTypeInvalid'),
  workshop_id: id('validation:workshopIdInvalid'),
  date: day('validation:voucherDateInvalid').required('validation:voucherDateInvalid'),
  note: text().typeError('validation:textTooLong').trim().max(500, 'validation:textTooLong'),
  reverses_id: id('errors:invalidId').optional().default(undefined),
  /** A receipt's issue: the job it closes, whose loss is then held against its norm. */
  settles_id: id('errors:invalidId').optional().default(undefined),
  lines: array(voucherLineSchema).max(MAX_VOUCHER_LINES, 'validation:voucherLinesTooMany').default([]),
});

/** The workshop's dispute of a voucher: why, in its words. */
export const disputeSchema = object({
  reason: text().typeError('validation:correctionReasonRequired').trim().required('validation:correctionReasonRequired').max(500, 'validation:textTooLong'),
});

/** The day before which the metal ledger's periods are closed. */
export const lockSchema = object({
  locked_before: day('validation:voucherDateInvalid').required('validation:voucherDateInvalid'),
});

/** A norm as a request carries it: per mille as a number or a decimal string. */
export interface NormInput {
  workshop_id?: number;
  step_id?: number;
  milyem: number;
  per_mille: number | string;
  valid_from?: string;
  valid_to?: string;
}

/** An allowed loss: per mille to 2 decimals, for a milyem, a workshop and a step or every one, within optional days. */
export const normSchema = object({
  workshop_id: id('validation:workshopIdInvalid').optional().default(undefined),
  step_id: id('errors:invalidId').optional().default(undefined),
  milyem: integer('validation:milyemInvalid', 1, 1000).required('validation:milyemInvalid'),
  per_mille: weight(2, 'validation:normInvalid', 100_000).required('validation:normInvalid'),
  valid_from: day('validation:voucherDateInvalid'),
  valid_to: day('validation:voucherDateInvalid'),
});

/** The purity a karat option value stands for, or none. */
export const karatSchema = object({ purity_id: id('errors:invalidId').nullable().defined('errors:invalidId') });

/** A refining lot as a request carries it: weights as numbers or decimal strings, exactly as typed. */
export interface RefiningLotInput {
  date: string;
  period_from: string;
  period_to: string;
  dust_g: number | string;
  assayed_milyem: number;
  recovered_fine_g: number | string;
  note?: string;
}

/** A refining lot: the dust sent over a period, its assayed milyem and the fine gold recovered. */
export const refiningLotSchema = object({
  date: day('validation:voucherDateInvalid').required('validation:voucherDateInvalid'),
  period_from: day('validation:voucherDateInvalid').required('validation:voucherDateInvalid'),
  period_to: day('validation:voucherDateInvalid').required('validation:voucherDateInvalid'),
  dust_g: weight(GRAM_PLACES, 'validation:metalWeightInvalid', MAX_LINE_MG).required('validation:metalWeightInvalid'),
  assayed_milyem: integer('validation:milyemInvalid', 1, 1000).required('validation:milyemInvalid'),
  recovered_fine_g: weight(FINE_PLACES, 'validation:metalWeightInvalid', 1_000_000_000).required('validation:metalWeightInvalid'),
  note: text().typeError('validation:textTooLong').trim().max(500, 'validation:textTooLong'),
});

/** A purity's milyem (thousandths of fine metal), as the hallmark says. */
export const puritySchema = object({ milyem: integer('validation:milyemInvalid', 1, 1000).required('validation:milyemInvalid') });
