import { object } from 'yup';
import { id, text } from './fields';

/** Why the admin corrects a line: required, kept in the line's history. */
const reason = () =>
  text().typeError('validation:correctionReasonRequired').trim().required('validation:correctionReasonRequired').max(500, 'validation:textTooLong');

/** The admin moves a line back to an earlier step of its routing. */
export const stepBackSchema = object({
  step_id: id('validation:stepBackStepRequired'),
  reason: reason(),
});

/** The admin cancels a line, or every open line of an order. */
export const cancelSchema = object({ reason: reason() });
