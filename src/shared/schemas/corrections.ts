import { boolean, object } from 'yup';
import { id, integer, text } from './fields';

/** The longest reason a line keeps in its history and the audit log. */
const REASON_MAX = 500;

/** Why the admin corrects a line: required. */
const reason = () =>
  text().typeError('validation:correctionReasonRequired').trim().required('validation:correctionReasonRequired').max(REASON_MAX, 'validation:textTooLong');

/** The admin moves a line back to an earlier step of its routing. */
export const stepBackSchema = object({
  step_id: id('validation:stepBackStepRequired'),
  reason: reason(),
});

/** The admin cancels a line, or every open line of an order. */
export const cancelSchema = object({ reason: reason() });

/**
 * Quality control's decision (SPEC section 7): approved, or rejected back to a step of the routing
 * (the route requires the step of a rejection) with a reason, whose empty value the server keeps as
 * its catalogue's sentence (success:qualityRejectedReason).
 */
export const qualitySchema = object({
  approved: boolean().typeError('validation:qualityStatusRequired').required('validation:qualityStatusRequired'),
  reason: text()
    .typeError('errors:invalidBody')
    .trim()
    .max(REASON_MAX, 'validation:textTooLong')
    .meta({ description: "Why a rejection sends the piece back, kept in the line's history and the audit log; empty: 'Kalite kontrol reddedildi'" }),
  return_step_id: integer('validation:returnStepRequired', 1)
    .nullable()
    .meta({ description: 'Required when approved is false: the step of the routing the piece goes back to' }),
});
