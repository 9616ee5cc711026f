import { CARATS, GRAMS, readNumber, type TypedNumber, WHOLE } from '../../../shared/decimal';
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

/** The rule each typed figure of a line is read by. */
export const LINE_NUMBERS = { milyem: WHOLE, gross_g: GRAMS, stone_ct: CARATS, other_g: GRAMS, order_product_id: WHOLE } as const;

type Figure = keyof typeof LINE_NUMBERS;

const readFigure = (line: TypedLine, name: Figure, language: string) => readNumber(line[name], LINE_NUMBERS[name], language);

/** A weight as it is sent: its exact decimal, never through a float; nothing when empty. A refused text never gets here (the form says why first). */
const exact = (typed: TypedNumber) => (typed.status === 'read' ? typed.decimal : typed.status === 'empty' ? undefined : Number.NaN);
const whole = (typed: TypedNumber) => (typed.status === 'read' ? typed.value : typed.status === 'empty' ? undefined : Number.NaN);
const chosenId = (value: string) => (value === '' ? undefined : Number(value));

/** The line as the server takes it, read in `language`; an empty stone or other weight is left out (zero). */
export function lineInput(line: TypedLine, language: string): VoucherLineInput {
  const stone = exact(readFigure(line, 'stone_ct', language));
  const other = exact(readFigure(line, 'other_g', language));
  const step = chosenId(line.step_id);
  const piece = whole(readFigure(line, 'order_product_id', language));
  return {
    kind: line.kind,
    metal: line.metal,
    milyem: whole(readFigure(line, 'milyem', language)) ?? Number.NaN,
    gross_g: exact(readFigure(line, 'gross_g', language)) ?? '',
    ...(stone !== undefined ? { stone_ct: stone } : {}),
    ...(other !== undefined ? { other_g: other } : {}),
    ...(step !== undefined ? { step_id: step } : {}),
    ...(piece !== undefined ? { order_product_id: piece } : {}),
  };
}

/** Units of a weight read as typed: 0 when empty, null when refused or not a weight of the ledger. */
function unitsOf(typed: TypedNumber, places: number): number | null {
  if (typed.status === 'empty') return 0;
  return typed.status === 'read' ? toUnits(typed.decimal, places) : null;
}

/**
 * Net and fine of a typed line as the server will write them (the same exact rule of
 * shared/metal.ts), as decimal strings; null while a figure is missing or not a weight, or the net
 * would be negative.
 */
export function linePreview(line: TypedLine, language: string): { net_g: string; fine_g: string } | null {
  const milyem = whole(readFigure(line, 'milyem', language));
  const grossTyped = readFigure(line, 'gross_g', language);
  const gross = grossTyped.status === 'read' ? unitsOf(grossTyped, GRAM_PLACES) : null;
  const stones = unitsOf(readFigure(line, 'stone_ct', language), CARAT_PLACES);
  const other = unitsOf(readFigure(line, 'other_g', language), GRAM_PLACES);
  if (gross === null || stones === null || other === null || milyem === undefined || !(milyem >= 1 && milyem <= 1000)) return null;
  const weights = lineWeights(gross, stones, other, milyem);
  return weights && { net_g: fromUnits(weights.netMg, GRAM_PLACES), fine_g: fromUnits(weights.fine, FINE_PLACES) };
}
