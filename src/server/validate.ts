import { type AnyObject, ArraySchema, type InferType, ObjectSchema, ValidationError } from 'yup';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, isId } from '../shared/schemas/fields';
import { AppError } from './errors';

/**
 * True when any string of `value` (values and keys, at any depth) holds a control character other
 * than newline and tab. Walked without recursion, so a deeply nested body cannot exhaust the stack.
 */
export function holdsControlCharacters(value: unknown): boolean {
  const pending = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (hasControlCharacters(item)) return true;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (hasControlCharacters(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** What a route's body may be declared as: an object's fields, or a list of such objects (changeUserRoles). */
export type BodySchema = ObjectSchema<AnyObject | null> | ArraySchema<AnyObject[] | undefined, AnyObject, unknown, '' | 'd'>;

/** Only the schema's own fields of `value`: of the object, or of each object of the list. */
function ownFields(schema: BodySchema, value: unknown): unknown {
  if (schema instanceof ArraySchema) return (value as unknown[]).map((item) => ownFields(schema.innerType as BodySchema, item));
  const valid = value as Record<string, unknown>;
  return Object.fromEntries(Object.keys(schema.fields).filter((field) => field in valid).map((field) => [field, valid[field]]));
}

/** An object with the `trim` fields trimmed; anything else as it is. */
function trimmed(value: unknown, trim: readonly string[]): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const input: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const field of trim) {
    if (typeof input[field] === 'string') input[field] = (input[field] as string).trim();
  }
  return input;
}

/**
 * Checks a request body against a shared schema. Types are not coerced (strict), so a number
 * where text belongs is refused; `trim` lists the fields trimmed first, as the client does.
 * Only the schema's own fields come back: a key the route does not take (unknown, read-only such
 * as `id` or `created_at`, another route's field) is ignored, never written, so a client that
 * sends a whole record back still works and can change nothing it was not meant to.
 * A control character (NUL above all) anywhere in the body refuses it whole, before any field is
 * read, on SQLite as on PostgreSQL (which cannot store a NUL).
 * A body that is not an object is refused as such; a list route's schema names its own sentence
 * for anything but a list. A nullable schema takes no body at all (absent or null) as null.
 */
export async function validateBody<S extends BodySchema>(schema: S, body: unknown, trim: readonly string[] = []): Promise<InferType<S>> {
  if (body == null && schema.spec.nullable) return null as InferType<S>;
  const list = schema instanceof ArraySchema;
  const shaped = list ? Array.isArray(body) : body !== null && typeof body === 'object' && !Array.isArray(body);
  if (!shaped && !list) throw new AppError(400, 'VALIDATION', 'errors:invalidBody');
  if (shaped && holdsControlCharacters(body)) throw new AppError(400, 'VALIDATION', CONTROL_CHARACTERS_MESSAGE);
  const input = Array.isArray(body) ? body.map((item) => trimmed(item, trim)) : trimmed(body, trim);
  try {
    return ownFields(schema, await schema.validate(input, { strict: true, abortEarly: false })) as InferType<S>;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    // Report the first field in form order, as the form itself would.
    const order = schema instanceof ObjectSchema ? Object.keys(schema.fields) : [];
    const problems = error.inner.length > 0 ? error.inner : [error];
    const first = [...problems].sort((a, b) => order.indexOf(a.path ?? '') - order.indexOf(b.path ?? ''))[0];
    throw new AppError(400, 'VALIDATION', String(first.errors[0]));
  }
}

/** A request of a route that declares its body schema (`config.body`, and `config.trim`). */
export interface DeclaringBody<S extends BodySchema> {
  body: unknown;
  routeOptions: { config: { body: S; trim?: readonly string[] } };
}

/**
 * The body of a route checked against the schema the route declares (`config: { body, trim }`), as
 * `validateBody` checks it: the schema is named once, in the declaration the API document reads.
 * A route that declares no body does not type-check here.
 */
export function declaredBody<S extends BodySchema>(request: DeclaringBody<S>): Promise<InferType<S>> {
  const { body, trim } = request.routeOptions.config;
  if (!body) throw new Error('the route declares no body schema');
  return validateBody(body, request.body, trim);
}

/**
 * A route's query parameters checked against a shared schema of text fields, as `validateBody`
 * checks a body: a repeated parameter (a list) is refused, and an unknown one by the schema's
 * `noUnknown`. The route declares the same parameters in `config.query` for the API document.
 */
export function validateQuery<S extends ObjectSchema<AnyObject>>(schema: S, query: unknown): Promise<InferType<S>> {
  return validateBody(schema, query ?? {});
}

/** An id from the path (`/things/:id`), 1 to 2147483647 like every id; anything else is a 400 that touches nothing. */
export function idParam(params: unknown, name = 'id'): number {
  const raw = (params as Record<string, unknown> | null)?.[name];
  const id = typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!isId(id)) throw new AppError(400, 'INVALID_ID', 'errors:invalidId');
  return id;
}
