import { object } from 'yup';
import { text } from './fields';

export const STEP_NAME_MAX = 100;
export const STEP_DESCRIPTION_MAX = 500;

/** A production step as the settings form and POST/PUT /api/v1/production-steps take it; a missing description is left as it is. */
export const productionStepSchema = object({
  step_name: text()
    .typeError('validation:stepNameRequired')
    .trim()
    .required('validation:stepNameRequired')
    .max(STEP_NAME_MAX, 'validation:stepNameTooLong'),
  description: text().typeError('validation:stepDescriptionTooLong').trim().max(STEP_DESCRIPTION_MAX, 'validation:stepDescriptionTooLong'),
});
