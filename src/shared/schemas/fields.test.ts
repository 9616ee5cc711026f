import { ValidationError } from 'yup';
import { loginSchema, registerFormSchema } from './auth';
import { customerSchema } from './customers';
import { DECIMAL_MAX, decimal, hasControlCharacters, id, INTEGER_MAX, integer, isId, isInteger, text } from './fields';
import { gramSchema, manualOrderFormSchema, manualOrderSchema } from './orders';
import { productionStepSchema } from './production-steps';
import { productSchema, routingSchema } from './products';
import { generalSettingsSchema } from './settings';
import { storeSchema } from './shops';
import { productIdsSchema, workshopSchema } from './workshops';

/** The first message `schema` gives for `value` (as a form shows it), or null when it is valid. */
async function firstError(schema: { validate(v: unknown, o: object): Promise<unknown> }, value: unknown, strict = false): Promise<string | null> {
  try {
    await schema.validate(value, { abortEarly: false, strict });
    return null;
  } catch (error) {
    return (error as ValidationError).errors[0];
  }
}

describe('control characters', () => {
  test.each([
    ['a\u0000b', true],
    ['\u0001', true],
    ['\u0008', true],
    ['a\rb', true],
    ['\u000b', true],
    ['\u001b[31m', true],
    ['\u007f', true],
    ['\u0085', true],
    ['\u009f', true],
    ['Satır 1\nSatır 2', false],
    ['Ad\tSoyad', false],
    ['İğneli Küpe ÇŞÖÜ ı', false],
    ['¡ ÿ € 💍', false],
    ['', false],
  ])('%j -> %s', (value, refused) => {
    expect(hasControlCharacters(value)).toBe(refused);
  });
});

describe('integers of an integer column and ids', () => {
  test.each([
    [0, true, false],
    [1, true, true],
    [-1, true, false],
    [INTEGER_MAX, true, true],
    [INTEGER_MAX + 1, false, false],
    [-2_147_483_648, true, false],
    [-2_147_483_649, false, false],
    [1.5, false, false],
    [1e308, false, false],
    [Infinity, false, false],
    [NaN, false, false],
    ['1', false, false],
    [null, false, false],
  ])('%p: integer %s, id %s', (value, integerOk, idOk) => {
    expect(isInteger(value)).toBe(integerOk);
    expect(isId(value)).toBe(idOk);
  });

  test('a narrower range stays within the column', () => {
    expect(isInteger(5, 1, 10)).toBe(true);
    expect(isInteger(11, 1, 10)).toBe(false);
    expect(isInteger(INTEGER_MAX + 1, 0, Number.MAX_SAFE_INTEGER)).toBe(false);
  });
});

describe('yup field rules', () => {
  test('text refuses control characters with one message, keeps newline and tab', async () => {
    const rule = text().required('required');
    expect(await firstError(rule, 'a\u0000b')).toBe('validation:textControlCharacters');
    expect(await firstError(rule, 'a\nb\tc')).toBeNull();
    expect(await firstError(rule.nullable(), null)).toBeNull();
  });

  test('id: 1 to 2147483647, required', async () => {
    const rule = id('bad');
    for (const value of [1, INTEGER_MAX]) expect(await firstError(rule, value)).toBeNull();
    for (const value of [0, INTEGER_MAX + 1, 1.5, 1e308, Infinity, undefined, 'x']) expect(await firstError(rule, value, true)).toBe('bad');
  });

  test('integer: the range asked for, never beyond the column', async () => {
    const rule = integer('bad', 1, 365);
    expect(await firstError(rule, 365)).toBeNull();
    expect(await firstError(rule, undefined)).toBeNull();
    for (const value of [0, 366, 2.5, 1e308]) expect(await firstError(rule, value)).toBe('bad');
    expect(await firstError(integer('bad', 0), INTEGER_MAX + 1)).toBe('bad');
  });

  test('decimal: finite, the range asked for, never beyond numeric(14, 2)', async () => {
    const rule = decimal('bad', 0, 100);
    expect(await firstError(rule, 12.5)).toBeNull();
    for (const value of [-0.01, 100.01, Infinity, -Infinity, 1e308]) expect(await firstError(rule, value)).toBe('bad');
    expect(await firstError(decimal('bad', 0, Number.MAX_VALUE), DECIMAL_MAX)).toBeNull();
    expect(await firstError(decimal('bad', 0, Number.MAX_VALUE), 1e12)).toBe('bad');
  });
});

describe('every shared schema uses the rules, so forms refuse what the server refuses', () => {
  const workshop = { name: 'Usta', code: 'U-1', address: 'x', company_name: 'x', phone_number: '1', tax_number: '1', user_id: 3 };
  const order = { address: 'x', email: 'a@example.com', phone_number: '1', country: 'x', zip_code: '1', first_name: 'Ali', last_name: 'Veli', products: [{ product_id: 1, quantity: 1 }] };

  test.each([
    ['login username', loginSchema, { username: 'a\u0000b', password: 'secret' }, 'validation:textControlCharacters'],
    ['register password', registerFormSchema, { username: 'ali_1', email: 'a@example.com', password: 'secret\u0000', password_confirmation: 'secret\u0000' }, 'validation:textControlCharacters'],
    ['step name', productionStepSchema, { step_name: 'Cila\u0007' }, 'validation:textControlCharacters'],
    ['product title', productSchema, { title: 'Yüzük\u0000' }, 'validation:textControlCharacters'],
    ['product option id', productSchema, { title: 'Yüzük', karat_id: INTEGER_MAX + 1 }, 'validation:optionValueInvalid'],
    ['product price', productSchema, { title: 'Yüzük', price: Infinity }, 'validation:amountInvalid'],
    ['routing position', routingSchema, { product_id: 1, steps: [{ step_id: 1, position_in_process: 1e308 }] }, 'validation:routingInvalid'],
    ['routing step id', routingSchema, { product_id: 1, steps: [{ step_id: INTEGER_MAX + 1, position_in_process: 1 }] }, 'validation:routingInvalid'],
    ['routing product id', routingSchema, { product_id: INTEGER_MAX + 1, steps: [] }, 'validation:routingInvalid'],
    ['workshop user id', workshopSchema, { ...workshop, user_id: INTEGER_MAX + 1 }, 'validation:userIdInvalid'],
    ['workshop name', workshopSchema, { ...workshop, name: 'U\u0000' }, 'validation:textControlCharacters'],
    ['product ids', productIdsSchema, { product_ids: [1, INTEGER_MAX + 1] }, 'validation:productIdsInvalid'],
    ['customer credit', customerSchema, { ...workshop, email: 'a@example.com', phone: '1', credit: Infinity, user_id: 1 }, 'validation:creditInvalid'],
    ['store user', storeSchema, { user_id: INTEGER_MAX + 1, shop_name: 's', api_key: 'k', api_secret: 's', access_token: 't' }, 'validation:customerRequired'],
    ['settings phone', generalSettingsSchema, { system_email: 'a@example.com', phone: '1\u0000', time_zone: 'Europe/Istanbul', currency: 'TRY', gram_tolerance_percent: 1 }, 'validation:textControlCharacters'],
    ['gram', gramSchema, { product_gram: Infinity }, 'validation:gramInvalid'],
    ['order notes', manualOrderFormSchema, { ...order, notes: 'x\u0000' }, 'validation:textControlCharacters'],
    ['order product id', manualOrderSchema, { ...order, products: [{ product_id: INTEGER_MAX + 1, quantity: 1 }] }, 'validation:orderProductsRequired'],
    ['order quantity', manualOrderSchema, { ...order, products: [{ product_id: 1, quantity: 1001 }] }, 'validation:orderQuantityTooLarge'],
    ['order rows', manualOrderSchema, { ...order, products: Array.from({ length: 201 }, () => ({ product_id: 1, quantity: 1 })) }, 'validation:orderTooManyProducts'],
  ])('%s', async (_label, schema, value, expected) => {
    expect(await firstError(schema, value)).toBe(expected);
  });

  test('valid input with newlines and tabs still passes', async () => {
    expect(await firstError(manualOrderFormSchema, { ...order, notes: 'Kutu\n\tHediye' })).toBeNull();
    expect(await firstError(routingSchema, { product_id: INTEGER_MAX, steps: [{ step_id: INTEGER_MAX, position_in_process: INTEGER_MAX }] })).toBeNull();
  });
});
