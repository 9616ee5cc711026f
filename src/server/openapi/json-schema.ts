import type { SchemaDescription, SchemaFieldDescription, SchemaInnerTypeDescription, SchemaObjectDescription } from 'yup';

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as plain data. */
export type JsonSchema = { [keyword: string]: unknown };

/** The control characters `text()` refuses (src/shared/schemas/fields.ts); tested to agree with `hasControlCharacters`. */
export const CONTROL_CHARACTER_PATTERN = '[\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F]';

/*
 * The rules of yup tests in JSON Schema terms. Built-in tests by name and by type; the custom tests
 * of src/shared/schemas (fields.ts and the schemas) by their name. A test without an entry stops the
 * conversion, so a new rule cannot be left out of the API document unnoticed.
 */
type Params = Record<string, unknown>;
const RULES: Record<string, (params: Params, type: string) => JsonSchema> = {
  required: (_p, type) => (type === 'string' ? { minLength: 1 } : {}),
  defined: () => ({}),
  // Values are checked as sent (strict), so the route's trim list decides what is trimmed (see the request body).
  trim: () => ({}),
  integer: () => ({ type: 'integer' }),
  finite: () => ({}), // JSON has no Infinity or NaN
  min: (p, type) => (type === 'string' ? { minLength: p.min } : type === 'array' ? { minItems: p.min } : 'more' in p ? { exclusiveMinimum: p.more } : { minimum: p.min }),
  max: (p, type) => (type === 'string' ? { maxLength: p.max } : type === 'array' ? { maxItems: p.max } : 'less' in p ? { exclusiveMaximum: p.less } : { maximum: p.max }),
  length: (p, type) => (type === 'string' ? { minLength: p.length, maxLength: p.length } : { minItems: p.length, maxItems: p.length }),
  matches: (p) => ({ pattern: (p.regex as RegExp).source }),
  email: () => ({ format: 'email' }),
  url: () => ({ format: 'uri' }),
  'control-characters': () => ({ not: { pattern: CONTROL_CHARACTER_PATTERN } }),
  cents: () => ({ multipleOf: 0.01 }),
  milligrams: () => ({ multipleOf: 0.001 }),
  zone: () => ({ description: 'an IANA time zone name, such as Europe/Istanbul' }),
  some: () => ({ contains: { type: 'object', required: ['quantity'], properties: { quantity: { type: 'number', exclusiveMinimum: 0 } } } }),
  same: () => ({ description: 'equal to new_password' }),
  'per-piece': () => ({ description: "at most as many notes as the row's quantity" }),
  weight: () => ({
    anyOf: [{ type: 'number', minimum: 0 }, { type: 'string', pattern: '^\\d+([.,]\\d+)?$' }],
    description: 'a weight as a number or a decimal string (grams to 3 decimals, carats to 2), never rounded',
  }),
  day: () => ({ format: 'date' }),
};

const TYPES: Record<string, string | undefined> = { string: 'string', number: 'number', boolean: 'boolean', object: 'object', array: 'array', mixed: undefined };

/** Merges `rule` into `schema`; a second description is appended, a second `not` joins an `allOf`. */
function merge(schema: JsonSchema, rule: JsonSchema): void {
  for (const [keyword, value] of Object.entries(rule)) {
    if (keyword === 'description' && schema.description) schema.description = `${schema.description}; ${value}`;
    else if (keyword === 'not' && schema.not) schema.allOf = [...((schema.allOf as JsonSchema[]) ?? []), { not: value }];
    else schema[keyword] = value;
  }
}

/**
 * The JSON Schema of a yup schema (or of its `describe()`): what the server accepts with strict
 * validation. Covers object (fields, required), array (items), string, number (integer), boolean and
 * mixed, nullable, oneOf/notOneOf values, `meta({description})` and the tests above.
 */
export function toJsonSchema(input: { describe(): SchemaFieldDescription } | SchemaFieldDescription): JsonSchema {
  const described = ('describe' in input && typeof input.describe === 'function' ? input.describe() : input) as SchemaFieldDescription;
  if (!('tests' in described)) throw new Error(`no JSON Schema for a yup ${described.type}`);
  const node = described as SchemaDescription;
  if (!(node.type in TYPES)) throw new Error(`no JSON Schema for a yup ${node.type}`);
  const type = TYPES[node.type];
  const schema: JsonSchema = type ? { type } : {};
  if (node.label) schema.title = node.label;
  if (typeof node.meta?.description === 'string') schema.description = node.meta.description;

  if (node.type === 'object') {
    const fields = (node as SchemaObjectDescription).fields;
    schema.properties = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, toJsonSchema(field)]));
    const required = Object.entries(fields).filter(([, field]) => 'optional' in field && !field.optional).map(([name]) => name);
    if (required.length > 0) schema.required = required;
  }
  const inner = (node as SchemaInnerTypeDescription).innerType;
  if (node.type === 'array' && inner) {
    if (Array.isArray(inner)) throw new Error('no JSON Schema for a yup tuple');
    schema.items = toJsonSchema(inner);
  }

  for (const test of node.tests) {
    const rule = test.name ? RULES[test.name] : undefined;
    if (!rule) throw new Error(`no JSON Schema rule for the yup test "${test.name ?? '(unnamed)'}" of a ${node.type}`);
    merge(schema, rule((test.params ?? {}) as Params, node.type));
  }

  const values = node.oneOf.filter((value) => !(typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'ref'));
  const refs = node.oneOf.filter((value) => !values.includes(value)) as Array<{ key: string }>;
  if (values.length > 0) schema.enum = node.nullable ? [...values, null] : values;
  for (const ref of refs) merge(schema, { description: `equal to ${ref.key}` });
  if (node.notOneOf.length > 0) merge(schema, { not: { enum: node.notOneOf } });
  if (node.nullable && typeof schema.type === 'string') schema.type = [schema.type, 'null'];
  return schema;
}
