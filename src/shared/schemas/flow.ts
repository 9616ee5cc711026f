import { object, string } from 'yup';
import { isInstant } from './archive';
import { isId } from './fields';

/*
 * GET API.flowReport: the period (instants with their zone) and the workshop, every one optional;
 * each arrives as text, and any other parameter is refused.
 */

/** The period a report without `from` covers, back from its end. */
export const FLOW_DEFAULT_DAYS = 30;

const instant = () => string().typeError('validation:flowDateInvalid').test('instant', 'validation:flowDateInvalid', (value) => value === undefined || isInstant(value));

export const flowQuerySchema = object({
  from: instant(),
  to: instant(),
  workshop_id: string()
    .typeError('validation:flowWorkshopInvalid')
    .test('id', 'validation:flowWorkshopInvalid', (value) => value === undefined || (/^\d{1,10}$/.test(value) && isId(Number(value)))),
})
  .noUnknown('validation:flowFilterUnknown')
  .test('period', 'validation:flowPeriodInvalid', (value) => !value?.from || !value.to || new Date(value.from) <= new Date(value.to));
