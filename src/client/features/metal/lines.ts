import { CARAT_PLACES, FINE_PLACES, fromUnits, GRAM_PLACES, lineWeights, toUnits } from '../../../shared/metal';
import type { VoucherLineInput } from '../../../shared/schemas/metal';

/* A voucher line as the form holds it (every field the text typed) and what it becomes. */

export interface TypedLine {
  kind: string;
  metal: string;
  milyem: string;
  gross_g: string;
  stone_ct: string;
  other_g: string;
  step_id: string;
  order_product_id: string;
}

export const emptyLine = (): TypedLine => ({ kind: 'raw', metal: 'gold', milyem: '', gross_g: '', stone_ct: '', other_g: '', step_id: '', order_product_id: '' });

/** A typed weight as it is sent: the text itself with a decimal comma made a point, never through a float. */
export const typedWeight = (text: string) => text.trim().replace(',', '.');

const typedMilyem = (text: string) => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
const typedId = (text: string) => (text.trim() === '' ? undefined : /^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The line as the server takes it; an empty stone or other weight is left out (zero). */
export function lineInput(line: TypedLine): VoucherLineInput {
  const stone = typedWeight(line.stone_ct);
  const other = typedWeight(line.other_g);
  const step = typedId(line.step_id);
  const piece = typedId(line.order_product_id);
  return {
    kind: line.kind,
    metal: line.metal,
    milyem: typedMilyem(line.milyem),
    gross_g: typedWeight(line.gross_g),
    ...(stone ? { stone_ct: stone } : {}),
    ...(other ? { other_g: other } : {}),
    ...(step !== undefined ? { step_id: step } : {}),
    ...(piece !== undefined ? { order_product_id: piece } : {}),
  };
}

/**
 * Net and fine of a typed line as the server will write them (the same exact rule of
 * shared/metal.ts), as decimal strings; null while a figure is missing or not a weight, or the net
 * would be negative.
 */
export function linePreview(line: TypedLine): { net_g: string; fine_g: string } | null {
  const milyem = typedMilyem(line.milyem);
  const gross = toUnits(typedWeight(line.gross_g), GRAM_PLACES);
  const stones = line.stone_ct.trim() ? toUnits(typedWeight(line.stone_ct), CARAT_PLACES) : 0;
  const other = line.other_g.trim() ? toUnits(typedWeight(line.other_g), GRAM_PLACES) : 0;
  if (gross === null || stones === null || other === null || !(milyem >= 1 && milyem <= 1000)) return null;
  const weights = lineWeights(gross, stones, other, milyem);
  return weights && { net_g: fromUnits(weights.netMg, GRAM_PLACES), fine_g: fromUnits(weights.fine, FINE_PLACES) };
}
