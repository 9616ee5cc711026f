import Ajv2020 from 'ajv/dist/2020';
import { type AnySchema, array, date, lazy, mixed, number, object, string } from 'yup';
import * as auth from '../../shared/schemas/auth';
import * as customers from '../../shared/schemas/customers';
import { hasControlCharacters, INTEGER_MAX } from '../../shared/schemas/fields';
import * as orders from '../../shared/schemas/orders';
import * as productionSteps from '../../shared/schemas/production-steps';
import * as products from '../../shared/schemas/products';
import * as settings from '../../shared/schemas/settings';
import * as shops from '../../shared/schemas/shops';
import * as workshops from '../../shared/schemas/workshops';
import { CONTROL_CHARACTER_PATTERN, type JsonSchema, toJsonSchema } from './json-schema';

/*
 * The yup -> JSON Schema converter on the real shared schemas: every one converts, the rules come out
 * as JSON Schema keywords, and a JSON Schema validator (Ajv, 2020-12) accepts and refuses the same
 * bodies as the server's strict yup validation does.
 */

const MODULES = { auth, customers, orders, productionSteps, products, settings, shops, workshops };
const sharedSchemas = Object.entries(MODULES).flatMap(([module, exports]) =>
  Object.entries(exports)
    .filter(([name, value]) => name.endsWith('Schema') && typeof (value as { describe?: unknown }).describe === 'function')
    .map(([name, value]) => [`${module}.${name}`, value as AnySchema] as const),
);

// The `email` format is left to Ajv's absence of formats: yup's own e-mail rule decides, and the samples agree on it.
const ajv = new Ajv2020({ strict: true, allErrors: true, multipleOfPrecision: 9, validateFormats: false });
const validates = (schema: JsonSchema, value: unknown) => ajv.validate(schema, value) as boolean;
const yupAccepts = (schema: AnySchema, value: unknown) => {
  try {
    schema.validateSync(value, { strict: true, abortEarly: false });
    return true;
  } catch {
    return false;
  }
};

test('every shared schema converts, and Ajv compiles the result as a strict 2020-12 schema', () => {
  expect(sharedSchemas.length).toBeGreaterThan(25);
  for (const [name, schema] of sharedSchemas) {
    const converted = toJsonSchema(schema);
    expect({ name, compiles: (() => (ajv.compile(converted), true))() }).toEqual({ name, compiles: true });
  }
});

test('the field rules of fields.ts and the schemas come out as JSON Schema keywords', () => {
  const product = toJsonSchema(products.productSchema) as { properties: Record<string, JsonSchema>; required: string[] };
  expect(product.required).toEqual(['title']);
  expect(product.properties.title).toEqual({ type: 'string', not: { pattern: CONTROL_CHARACTER_PATTERN }, minLength: 1, maxLength: 300 });
  expect(product.properties.material_id).toEqual({ type: ['integer', 'null'], minimum: 1, maximum: INTEGER_MAX });
  expect(product.properties.min_price).toEqual({ type: ['number', 'null'], minimum: 0, maximum: 1e9 });
  expect(product.properties.production_expected_days).toEqual({ type: 'integer', minimum: 1, maximum: 365 });

  const gram = toJsonSchema(orders.gramSchema) as { properties: Record<string, JsonSchema> };
  expect(gram.properties.product_gram).toEqual({ type: 'number', maximum: 100_000, exclusiveMinimum: 0, multipleOf: 0.001 });
  expect((toJsonSchema(customers.creditSchema).properties as Record<string, JsonSchema>).credit).toEqual({ type: 'number', minimum: 0, maximum: 1e10, multipleOf: 0.01 });

  const settingsSchema = toJsonSchema(settings.generalSettingsSchema) as { properties: Record<string, JsonSchema> };
  expect(settingsSchema.properties.currency).toEqual({ enum: ['TRY', 'USD', 'EUR'] });
  // The system e-mail may be left empty, but not left out.
  expect(settingsSchema.properties.system_email).toMatchObject({ type: 'string', format: 'email', maxLength: 254 });
  expect(settingsSchema.properties.system_email).not.toHaveProperty('minLength');
  expect(settingsSchema).toMatchObject({ required: expect.arrayContaining(['system_email', 'phone']) });
  expect(settingsSchema.properties.time_zone.description).toMatch(/time zone/);

  // .defined() but nullable: the key must be there, null allowed.
  expect(toJsonSchema(workshops.setWorkshopSchema)).toMatchObject({ required: ['workshop_id'], properties: { workshop_id: { type: ['integer', 'null'] } } });
  expect(toJsonSchema(workshops.productIdsSchema)).toMatchObject({ properties: { product_ids: { type: 'array', maxItems: 10_000, items: { type: 'integer', minimum: 1 } } } });
  expect(toJsonSchema(orders.manualOrderSchema)).toMatchObject({
    properties: { products: { type: 'array', maxItems: 200, items: { required: ['product_id', 'quantity'] }, contains: { properties: { quantity: { exclusiveMinimum: 0 } } } } },
  });
  expect(toJsonSchema(auth.registerSchema)).toMatchObject({ properties: { username: { pattern: '^[A-Za-z0-9_çğıöşüÇĞİÖŞÜ]+$', minLength: 3, maxLength: 20 } } });
  // Form-only rules: a reference to another field and a custom comparison become descriptions.
  expect(toJsonSchema(auth.registerFormSchema)).toMatchObject({ properties: { password_confirmation: { description: 'equal to password' } } });
  expect(toJsonSchema(auth.changePasswordFormSchema)).toMatchObject({ properties: { new_password_repeat: { description: 'equal to new_password' } } });
});

test('the control-character pattern is the one text() refuses, over every UTF-16 code unit', () => {
  const pattern = new RegExp(CONTROL_CHARACTER_PATTERN);
  const disagreeing: number[] = [];
  for (let code = 0; code <= 0xffff; code += 1) {
    const character = String.fromCharCode(code);
    if (pattern.test(character) !== hasControlCharacters(character)) disagreeing.push(code);
  }
  expect(disagreeing).toEqual([]);
});

test('mixed, booleans, notOneOf, labels and meta descriptions convert; a rule without a JSON Schema stops the conversion', () => {
  expect(toJsonSchema(mixed().oneOf(['a', 'b']).nullable())).toEqual({ enum: ['a', 'b', null] });
  expect(toJsonSchema(string().notOneOf(['x']).label('Kod').meta({ description: 'not x' }))).toEqual({ type: 'string', title: 'Kod', description: 'not x', not: { enum: ['x'] } });
  expect(toJsonSchema(number().lessThan(5))).toEqual({ type: 'number', exclusiveMaximum: 5 });
  expect(toJsonSchema(array(string()).min(1).length(2))).toMatchObject({ minItems: 2, maxItems: 2 });
  expect(() => toJsonSchema(string().test('mystery', 'x', () => true))).toThrow(/"mystery"/);
  expect(() => toJsonSchema(object({ when: date() }))).toThrow(/date/);
  expect(() => toJsonSchema(object({ any: lazy(() => string()) }) as never)).toThrow(/lazy/);
});

/* Bodies on both sides of each rule: the converted schema and yup's strict validation agree, and both match the verdict. */
const order = { address: 'Kadıköy', email: 'ali@example.com', phone_number: '5', country: 'TR', zip_code: '34000', products: [{ product_id: 1, quantity: 2 }] };
const customer = { name: 'A', email: 'a@example.com', phone: '1', address: 'x', company_name: 'x', credit: 12.34, tax_number: '1', user_id: 3 };
const workshop = { name: 'Usta', code: 'U-1', address: 'x', company_name: 'x', phone_number: '1', tax_number: '1', user_id: 3 };
const store = { user_id: 1, shop_name: 's', api_key: 'k', api_secret: 's', access_token: 't' };
const general = { system_email: 'ofis@example.com', phone: '1', time_zone: 'Europe/Istanbul', currency: 'TRY', gram_tolerance_percent: 10 };
const SAMPLES: Array<[string, AnySchema, unknown, boolean]> = [
  ['product', products.productSchema, { title: 'Yüzük' }, true],
  ['product, every field', products.productSchema, { title: 'Yüzük', material_id: null, karat_id: INTEGER_MAX, price: 12.5, production_expected_days: 365, workmanship_rate: null, sku: 'Ab\tc' }, true],
  ['product without title', products.productSchema, {}, false],
  ['product, empty title', products.productSchema, { title: '' }, false],
  ['product, long title', products.productSchema, { title: 'a'.repeat(301) }, false],
  ['product, number title', products.productSchema, { title: 5 }, false],
  ['product, NUL in title', products.productSchema, { title: 'a\u0000' }, false],
  ['product, option id 0', products.productSchema, { title: 'x', material_id: 0 }, false],
  ['product, option id 1.5', products.productSchema, { title: 'x', material_id: 1.5 }, false],
  ['product, option id past the column', products.productSchema, { title: 'x', karat_id: INTEGER_MAX + 1 }, false],
  ['product, negative price', products.productSchema, { title: 'x', price: -1 }, false],
  ['product, 366 days', products.productSchema, { title: 'x', production_expected_days: 366 }, false],
  ['product, null days', products.productSchema, { title: 'x', production_expected_days: null }, false],
  ['routing', products.routingSchema, { product_id: 1, steps: [{ step_id: 2, position_in_process: 1 }] }, true],
  ['routing, no steps', products.routingSchema, { product_id: 1, steps: [] }, true],
  ['routing without steps', products.routingSchema, { product_id: 1 }, false],
  ['routing, step without position', products.routingSchema, { product_id: 1, steps: [{ step_id: 1 }] }, false],
  ['routing, 101 steps', products.routingSchema, { product_id: 1, steps: Array.from({ length: 101 }, (_, i) => ({ step_id: 1, position_in_process: i + 1 })) }, false],
  ['routing, null steps', products.routingSchema, { product_id: 1, steps: null }, false],
  ['manual order', orders.manualOrderSchema, order, true],
  ['manual order with notes', orders.manualOrderSchema, { ...order, notes: 'Kutu\n\tHediye', first_name: 'Ali' }, true],
  ['manual order, no products', orders.manualOrderSchema, { ...order, products: [] }, false],
  ['manual order, only zero quantities', orders.manualOrderSchema, { ...order, products: [{ product_id: 1, quantity: 0 }] }, false],
  ['manual order, a zero and a one', orders.manualOrderSchema, { ...order, products: [{ product_id: 1, quantity: 0 }, { product_id: 2, quantity: 1 }] }, true],
  ['manual order, 1001 units', orders.manualOrderSchema, { ...order, products: [{ product_id: 1, quantity: 1001 }] }, false],
  ['manual order, 201 rows', orders.manualOrderSchema, { ...order, products: Array.from({ length: 201 }, () => ({ product_id: 1, quantity: 1 })) }, false],
  ['manual order without email', orders.manualOrderSchema, { ...order, email: undefined }, false],
  ['manual order, null first name', orders.manualOrderSchema, { ...order, first_name: null }, false],
  ['manual order, long notes', orders.manualOrderSchema, { ...order, notes: 'x'.repeat(2001) }, false],
  ['gram', orders.gramSchema, { product_gram: 0.01 }, true],
  ['gram 100000', orders.gramSchema, { product_gram: 100_000 }, true],
  ['gram 0', orders.gramSchema, { product_gram: 0 }, false],
  ['gram above the most', orders.gramSchema, { product_gram: 100_000.5 }, false],
  ['gram as text', orders.gramSchema, { product_gram: '5' }, false],
  ['customer', customers.customerSchema, customer, true],
  ['customer, credit of three decimals', customers.customerSchema, { ...customer, credit: 12.345 }, false],
  ['customer, negative credit', customers.customerSchema, { ...customer, credit: -1 }, false],
  ['customer, user 0', customers.customerSchema, { ...customer, user_id: 0 }, true],
  ['credit', customers.creditSchema, { credit: 0.1 }, true],
  ['workshop', workshops.workshopSchema, workshop, true],
  ['workshop without code', workshops.workshopSchema, { ...workshop, code: undefined }, false],
  ['set workshop', workshops.setWorkshopSchema, { workshop_id: 2 }, true],
  ['remove workshop', workshops.setWorkshopSchema, { workshop_id: null }, true],
  ['set workshop without the key', workshops.setWorkshopSchema, {}, false],
  ['set workshop 0', workshops.setWorkshopSchema, { workshop_id: 0 }, false],
  ['product ids', workshops.productIdsSchema, { product_ids: [1, 2] }, true],
  ['product ids, 0', workshops.productIdsSchema, { product_ids: [0] }, false],
  ['product ids as text', workshops.productIdsSchema, { product_ids: '1,2' }, false],
  ['general settings', settings.generalSettingsSchema, general, true],
  ['general settings, GBP', settings.generalSettingsSchema, { ...general, currency: 'GBP' }, false],
  ['general settings, tolerance 101', settings.generalSettingsSchema, { ...general, gram_tolerance_percent: 101 }, false],
  ['store', shops.storeSchema, store, true],
  ['webhook without its domain', shops.webhookSchema, store, false],
  ['webhook', shops.webhookSchema, { ...store, shop_domain: 'x.myshopify.com', webhook_secret: 'w' }, true],
  ['register', auth.registerSchema, { username: 'ali_1', email: 'ali@example.com', password: 'secret' }, true],
  ['register, short name', auth.registerSchema, { username: 'al', email: 'ali@example.com', password: 'secret' }, false],
  ['register, dash in name', auth.registerSchema, { username: 'ali-1', email: 'ali@example.com', password: 'secret' }, false],
  ['register, short password', auth.registerSchema, { username: 'ali_1', email: 'ali@example.com', password: '12345' }, false],
  ['login', auth.loginSchema, { username: 'ali', password: 'x' }, true],
  ['login, empty password', auth.loginSchema, { username: 'ali', password: '' }, false],
  ['production step', productionSteps.productionStepSchema, { step_name: 'Cila' }, true],
  ['production step, NUL in description', productionSteps.productionStepSchema, { step_name: 'Cila', description: '\u0000' }, false],
];

test.each(SAMPLES)('%s: the JSON Schema and the server agree', (_label, schema, body, valid) => {
  expect({ yup: yupAccepts(schema, body), jsonSchema: validates(toJsonSchema(schema), body) }).toEqual({ yup: valid, jsonSchema: valid });
});
