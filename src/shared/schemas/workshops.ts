import { array, number, object, string } from 'yup';

const required = (max: number) => string().typeError('validation:allFieldsRequired').trim().required('validation:allFieldsRequired').max(max, 'validation:textTooLong');
const positiveId = (key: string) => number().typeError(key).required(key).integer(key).min(1, key);

/** The add-workshop form: every field is required (SPEC section 5). */
export const workshopSchema = object({
  name: required(200),
  code: required(50),
  address: required(500),
  company_name: required(200),
  phone_number: required(50),
  tax_number: required(50),
  user_id: positiveId('validation:userIdInvalid'),
});

export const workshopProcessSchema = object({ step_id: positiveId('validation:stepIdInvalid') });

export const productIdsSchema = object({
  product_ids: array(positiveId('validation:productIdsInvalid')).typeError('validation:productIdsInvalid').required('validation:productIdsInvalid').max(10_000, 'validation:productIdsInvalid'),
});

export const assignProductSchema = object({ product_id: positiveId('validation:productIdInvalid') });

/** POST /api/v1/products/workshop */
export const productWorkshopSchema = object({
  product_id: positiveId('validation:productIdInvalid'),
  workshop_id: positiveId('validation:workshopIdInvalid'),
});

/** PUT /api/v1/products/{id}/workshop: a workshop, or null to remove the assignment. */
export const setWorkshopSchema = object({
  workshop_id: number().typeError('validation:workshopIdInvalid').integer('validation:workshopIdInvalid').min(1, 'validation:workshopIdInvalid').nullable().defined('validation:workshopIdInvalid'),
});
