import type { Schema } from 'yup';

/** The first message key a shared schema gives for `value` (checked strictly), or null when it is valid. */
export function firstError(schema: Pick<Schema, 'validateSync'>, value: object): string | null {
  try {
    schema.validateSync(value, { strict: true });
    return null;
  } catch (invalid) {
    return (invalid as { errors: string[] }).errors[0];
  }
}

/** A typed decimal, with a comma or a point; undefined when nothing was typed (so "required" applies). */
export function parseDecimal(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text.replace(',', '.'));
}
