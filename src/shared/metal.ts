/*
 * Weights of the metal ledger as exact decimals. A weight is held as a whole number of its
 * smallest unit (grams to 3 places: milligrams; fine gold to 4 places: tenths of a milligram), so
 * sums are exact on both databases and in the browser, and a figure is rounded once, when it is
 * computed, never again. Answers carry weights as decimal strings ("44.7008"); requests may send
 * numbers or strings.
 */

/** Decimal places of a weight in grams (gross, stones, other, net). */
export const GRAM_PLACES = 3;
/** Decimal places of fine gold (has) in grams. */
export const FINE_PLACES = 4;
/** Decimal places of a stone's weight in carats. */
export const CARAT_PLACES = 2;
/** One carat is 0.2 g: a hundredth of a carat is exactly 2 mg. */
export const MG_PER_CENTICARAT = 2;

/**
 * The whole number of `places`-decimal units of a non-negative decimal, or null when it is not one:
 * '12,5' and '12.5' (and 12.5) are 12500 at 3 places; more decimals than `places`, signs,
 * exponents and thousands separators are refused, never rounded.
 */
export function toUnits(value: unknown, places: number): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    // The shortest text that reads back as the number: 0.1 is '0.1', not 0.1000000000000000055.
    text = String(value);
  } else if (typeof value === 'string') text = value.trim().replace(',', '.');
  else return null;
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const decimals = (match[2] ?? '').replace(/0+$/, '');
  if (decimals.length > places) return null;
  const units = Number(match[1]) * 10 ** places + Number(decimals.padEnd(places, '0') || '0');
  return Number.isSafeInteger(units) ? units : null;
}

/** Units as a decimal string with every place written: 447008 at 4 places is '44.7008', -5 at 3 is '-0.005'. */
export function fromUnits(units: number, places: number): string {
  const sign = units < 0 ? '-' : '';
  const digits = String(Math.abs(units)).padStart(places + 1, '0');
  return `${sign}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/**
 * Fine gold (has) of a net weight at a purity: net x milyem / 1000, in tenths of a milligram,
 * rounded half away from zero once. Milligrams x milyem / 100 is the exact figure in those units.
 */
export function fineOf(netMg: number, milyem: number): number {
  const exact = netMg * milyem;
  const units = Math.floor(Math.abs(exact) / 100) + (Math.abs(exact) % 100 >= 50 ? 1 : 0);
  return exact < 0 ? -units : units;
}

/** A voucher line's weights in units, as they are written: net = gross - stones - other (refused below zero). */
export interface LineWeights {
  grossMg: number;
  stoneCentiCarat: number;
  stoneMg: number;
  otherMg: number;
  netMg: number;
  fine: number;
}

/** The weights of a line typed as gross grams, stone carats and other grams at a purity; null when no metal would be left (a net of 0 g or less). */
export function lineWeights(grossMg: number, stoneCentiCarat: number, otherMg: number, milyem: number): LineWeights | null {
  const stoneMg = stoneCentiCarat * MG_PER_CENTICARAT;
  const netMg = grossMg - stoneMg - otherMg;
  // A line carries metal: none (0 g, or stones as heavy as the whole) is a mistyped line.
  if (netMg <= 0) return null;
  return { grossMg, stoneCentiCarat, stoneMg, otherMg, netMg, fine: fineOf(netMg, milyem) };
}

/** The karat a product option value names ('14 ayar', '18K', '22 Ayar Altın', '14 kt'); null when it names none. */
export function ayarOf(name: string): number | null {
  const match = /(\d{1,2})\s*(?:ayar|k(?:t|arat)?)(?![a-zğüşöçı])/i.exec(name);
  const ayar = match ? Number(match[1]) : null;
  return ayar !== null && ayar >= 1 && ayar <= 24 ? ayar : null;
}

/**
 * `total` units shared in proportion to `weights`, exactly: each gets its floor, and the units left
 * go to the largest remainders (the earlier one first among equals), so the shares sum to `total`.
 */
export function shareOut(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] += 1;
    left -= 1;
  }
  return shares;
}
