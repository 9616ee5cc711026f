import { array, object } from 'yup';
import { id, integer, text } from './fields';

const required = (max: number) => text().typeError('validation:allFieldsRequired').trim().required('validation:allFieldsRequired').max(max, 'validation:textTooLong');

/** The add-workshop form: every field is required (SPEC section 5). */
export const workshopSchema = object({
  name: required(200),
  code: required(50),
  address: required(500),
  company_name: required(200),
  phone_number: required(50),
  tax_number: required(50),
  user_id: id('validation:userIdInvalid'),
});

export const workshopProcessSchema = object({ step_id: id('validation:stepIdInvalid') });

export const productIdsSchema = object({
  product_ids: array(id('validation:productIdsInvalid')).typeError('validation:productIdsInvalid').required('validation:productIdsInvalid').max(10_000, 'validation:productIdsInvalid'),
});

export const assignProductSchema = object({ product_id: id('validation:productIdInvalid') });

/** POST /api/v1/products/workshop */
export const productWorkshopSchema = object({
  product_id: id('validation:productIdInvalid'),
  workshop_id: id('validation:workshopIdInvalid'),
});

/** PUT /api/v1/products/{id}/workshop: a workshop, or null to remove the assignment. */
export const setWorkshopSchema = object({
  workshop_id: integer('validation:workshopIdInvalid', 1).nullable().defined('validation:workshopIdInvalid'),
});
