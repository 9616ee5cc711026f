import { object } from 'yup';
import { decimal, integer, text } from './fields';

const required = (max: number) => text().typeError('validation:allFieldsRequired').trim().required('validation:allFieldsRequired').max(max, 'validation:textTooLong');

/** Money with at most two decimals (the form's step of 0.01). */
export const isCents = (value: number | undefined) => value === undefined || Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

const credit = decimal('validation:creditInvalid', 0, 1e10).required('validation:creditInvalid').test('cents', 'validation:creditInvalid', isCents);

const optional = (max: number) => text().typeError('validation:textTooLong').trim().max(max, 'validation:textTooLong');

/** The add-customer form: every field of SPEC section 5 is required, credit at least 0; postcode and city, optional, prefill the customer's manual orders. */
export const customerSchema = object({
  name: required(200),
  email: text().typeError('validation:allFieldsRequired').trim().required('validation:allFieldsRequired').email('validation:emailInvalid').max(254, 'validation:emailInvalid'),
  phone: required(50),
  address: required(500),
  company_name: required(200),
  credit,
  tax_number: required(50),
  user_id: integer('validation:userIdInvalid', 0).required('validation:userIdInvalid'),
  zip_code: optional(20),
  city: optional(100),
});

export const creditSchema = object({ credit });
