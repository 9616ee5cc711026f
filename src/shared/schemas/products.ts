import { array, object } from 'yup';
import { decimal, id, integer, text } from './fields';

export const WORKMANSHIP_MIN = 0;
export const WORKMANSHIP_MAX = 100;
export const EXPECTED_DAYS_MIN = 1;
export const EXPECTED_DAYS_MAX = 365;

const optionalId = integer('validation:optionValueInvalid', 1).nullable();
const optionalMoney = decimal('validation:amountInvalid', 0, 1e9).nullable();
const workmanshipRate = decimal('validation:workmanshipRateRange', WORKMANSHIP_MIN, WORKMANSHIP_MAX);
const optionalText = (max: number) => text().typeError('validation:textTooLong').trim().max(max, 'validation:textTooLong').nullable();

export const workmanshipRateSchema = object({
  workmanship_rate: workmanshipRate.required('validation:workmanshipRateRange'),
});

const expectedDays = integer('validation:expectedDaysMin', EXPECTED_DAYS_MIN, EXPECTED_DAYS_MAX);

export const expectedDaysSchema = object({
  production_expected_days: expectedDays.required('validation:expectedDaysMin'),
});

export const ourProductIdSchema = object({
  our_product_id: text().typeError('validation:ourProductIdRequired').trim().required('validation:ourProductIdRequired').max(100, 'validation:textTooLong'),
});

/** A product as POST/PUT /api/v1/product take it. */
export const productSchema = object({
  title: text().typeError('validation:productTitleRequired').trim().required('validation:productTitleRequired').max(300, 'validation:textTooLong'),
  picture_url: optionalText(1000),
  shopify_product_id: optionalText(50),
  shopify_variant_id: optionalText(50),
  material_id: optionalId,
  chain_length_id: optionalId,
  size_id: optionalId,
  color_id: optionalId,
  karat_id: optionalId,
  production_expected_days: expectedDays,
  product_group: optionalText(100),
  category: optionalText(100),
  min_price: optionalMoney,
  max_price: optionalMoney,
  expected_weight: optionalMoney,
  workmanship_rate: workmanshipRate.nullable(),
  price: optionalMoney,
  vendor: optionalText(200),
  sku: optionalText(100),
  our_product_id: optionalText(100),
});

/** A product's whole routing, replaced at once by the bulk routes. */
export const routingSchema = object({
  product_id: id('validation:routingInvalid'),
  steps: array(
    object({
      step_id: id('validation:routingInvalid'),
      position_in_process: integer('validation:routingInvalid', 1).required('validation:routingInvalid'),
    }),
  )
    .typeError('validation:routingInvalid')
    .required('validation:routingInvalid')
    .max(100, 'validation:routingInvalid'),
});
