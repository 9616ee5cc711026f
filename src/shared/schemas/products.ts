import { array, number, object, string } from 'yup';

export const WORKMANSHIP_MIN = 0;
export const WORKMANSHIP_MAX = 100;
export const EXPECTED_DAYS_MIN = 1;
export const EXPECTED_DAYS_MAX = 365;

const optionalId = number().typeError('validation:optionValueInvalid').integer('validation:optionValueInvalid').min(1, 'validation:optionValueInvalid').nullable();
const optionalMoney = number().typeError('validation:amountInvalid').min(0, 'validation:amountInvalid').max(1e9, 'validation:amountInvalid').nullable();
const optionalText = (max: number) => string().typeError('validation:textTooLong').trim().max(max, 'validation:textTooLong').nullable();

export const workmanshipRateSchema = object({
  workmanship_rate: number()
    .typeError('validation:workmanshipRateRange')
    .required('validation:workmanshipRateRange')
    .min(WORKMANSHIP_MIN, 'validation:workmanshipRateRange')
    .max(WORKMANSHIP_MAX, 'validation:workmanshipRateRange'),
});

const expectedDays = number()
  .typeError('validation:expectedDaysMin')
  .integer('validation:expectedDaysMin')
  .min(EXPECTED_DAYS_MIN, 'validation:expectedDaysMin')
  .max(EXPECTED_DAYS_MAX, 'validation:expectedDaysMin');

export const expectedDaysSchema = object({
  production_expected_days: expectedDays.required('validation:expectedDaysMin'),
});

export const ourProductIdSchema = object({
  our_product_id: string().typeError('validation:ourProductIdRequired').trim().required('validation:ourProductIdRequired').max(100, 'validation:textTooLong'),
});

/** A product as POST/PUT /api/v1/product take it. */
export const productSchema = object({
  title: string().typeError('validation:productTitleRequired').trim().required('validation:productTitleRequired').max(300, 'validation:textTooLong'),
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
  workmanship_rate: number()
    .typeError('validation:workmanshipRateRange')
    .min(WORKMANSHIP_MIN, 'validation:workmanshipRateRange')
    .max(WORKMANSHIP_MAX, 'validation:workmanshipRateRange')
    .nullable(),
  price: optionalMoney,
  vendor: optionalText(200),
  sku: optionalText(100),
  our_product_id: optionalText(100),
});

/** A product's whole routing, replaced at once by the bulk routes. */
export const routingSchema = object({
  product_id: number().typeError('validation:routingInvalid').required('validation:routingInvalid').integer('validation:routingInvalid').min(1, 'validation:routingInvalid'),
  steps: array(
    object({
      step_id: number().typeError('validation:routingInvalid').required('validation:routingInvalid').integer('validation:routingInvalid').min(1, 'validation:routingInvalid'),
      position_in_process: number()
        .typeError('validation:routingInvalid')
        .required('validation:routingInvalid')
        .integer('validation:routingInvalid')
        .min(1, 'validation:routingInvalid'),
    }),
  )
    .typeError('validation:routingInvalid')
    .required('validation:routingInvalid')
    .max(100, 'validation:routingInvalid'),
});
