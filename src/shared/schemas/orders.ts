import { array, number, object, string } from 'yup';

export const MAX_QUANTITY = 1000;

const contact = (max: number) =>
  string().typeError('validation:orderContactRequired').trim().required('validation:orderContactRequired').max(max, 'validation:textTooLong');
const optional = (max: number) => string().typeError('validation:textTooLong').trim().max(max, 'validation:textTooLong');

/** The manual order of a B2B customer (SPEC sections 3 and 5); the city field is not sent. */
export const manualOrderSchema = object({
  address: contact(500),
  email: string()
    .typeError('validation:orderContactRequired')
    .trim()
    .required('validation:orderContactRequired')
    .email('validation:emailInvalid')
    .max(254, 'validation:emailInvalid'),
  phone_number: contact(50),
  country: contact(100),
  zip_code: contact(20),
  first_name: optional(100),
  last_name: optional(100),
  notes: optional(2000),
  products: array(
    object({
      product_id: number().typeError('validation:orderProductsRequired').required('validation:orderProductsRequired').integer('validation:orderProductsRequired').min(1, 'validation:orderProductsRequired'),
      quantity: number()
        .typeError('validation:orderProductsRequired')
        .required('validation:orderProductsRequired')
        .integer('validation:orderProductsRequired')
        .min(0, 'validation:orderProductsRequired')
        .max(MAX_QUANTITY, 'validation:orderProductsRequired'),
    }),
  )
    .typeError('validation:orderProductsRequired')
    .required('validation:orderProductsRequired')
    .max(200, 'validation:orderProductsRequired')
    .test('some', 'validation:orderProductsRequired', (items) => (items ?? []).some((item) => (item?.quantity ?? 0) > 0)),
});

/** The manual order form: first and last name are required there too. */
export const manualOrderFormSchema = manualOrderSchema.shape({
  first_name: string().trim().required('validation:nameRequired').max(100, 'validation:textTooLong'),
  last_name: string().trim().required('validation:nameRequired').max(100, 'validation:textTooLong'),
});

/** Gram of a piece: a number above 0 (workshop entry and the admin's correction). */
export const gramSchema = object({
  product_gram: number().typeError('validation:gramInvalid').required('validation:gramInvalid').moreThan(0, 'validation:gramInvalid').max(100_000, 'validation:gramInvalid'),
});

