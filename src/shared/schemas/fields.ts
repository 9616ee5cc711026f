import { number, string } from 'yup';

/*
 * The input rules every field obeys, whatever its form or route: the database columns decide them,
 * and the strictest of the two databases wins, so SQLite and PostgreSQL refuse the same input (SQLite
 * would store a huge id, a NUL or 1e308; PostgreSQL cannot). Every shared schema builds its fields
 * from these, the server's `validateBody` and `idParam` apply them to whole bodies and to paths.
 */

/** Largest value of an `integer` column on PostgreSQL: every id, position, count and day number. */
export const INTEGER_MAX = 2_147_483_647;
export const INTEGER_MIN = -2_147_483_648;
/** Largest value of a `numeric(14, 2)` column on PostgreSQL (money, weights, rates). */
export const DECIMAL_MAX = 999_999_999_999.99;

/** Control characters (C0, DEL and C1) except tab and newline: NUL above all, which PostgreSQL text cannot hold. */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

export const CONTROL_CHARACTERS_MESSAGE = 'validation:textControlCharacters';

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/** An integer that fits an `integer` column, and within [min, max] when they are narrower. */
export function isInteger(value: unknown, min = INTEGER_MIN, max = INTEGER_MAX): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= Math.max(min, INTEGER_MIN) && value <= Math.min(max, INTEGER_MAX);
}

/** A record id: an integer from 1 to INTEGER_MAX. */
export function isId(value: unknown): value is number {
  return isInteger(value, 1);
}

/** A text field: a string without control characters other than newline and tab. */
export function text() {
  return string().test('control-characters', CONTROL_CHARACTERS_MESSAGE, (value) => value == null || !hasControlCharacters(value));
}

/** An optional integer of an `integer` column, within [min, max]; `message` for anything else. */
export function integer(message: string, min = INTEGER_MIN, max = INTEGER_MAX) {
  return number()
    .typeError(message)
    .integer(message)
    .min(Math.max(min, INTEGER_MIN), message)
    .max(Math.min(max, INTEGER_MAX), message);
}

/** A required record id (1 to INTEGER_MAX); `message` for anything else. */
export function id(message: string) {
  return integer(message, 1).required(message);
}

/** An optional finite number of a `numeric(14, 2)` column, within [min, max]; `message` for anything else. */
export function decimal(message: string, min: number, max: number) {
  return number()
    .typeError(message)
    .test('finite', message, (value) => value == null || Number.isFinite(value))
    .min(Math.max(min, -DECIMAL_MAX), message)
    .max(Math.min(max, DECIMAL_MAX), message);
}
