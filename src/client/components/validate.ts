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
