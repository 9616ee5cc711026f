import { object, string } from 'yup';
import { monthAfter } from '../days';
import { isId } from './fields';

/*
 * GET API.workshopScorecard: the workshop (required) and a period of whole months (yyyy-mm, in the
 * office's time zone), each arriving as text; any other parameter is refused.
 */

/** The months a scorecard without `from` covers, its last one included. */
export const SCORECARD_DEFAULT_MONTHS = 6;
/** The most months one scorecard answers. */
export const SCORECARD_MONTHS_MAX = 24;

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

const month = () => string().typeError('validation:scorecardMonthInvalid').matches(MONTH_PATTERN, 'validation:scorecardMonthInvalid');

export const scorecardQuerySchema = object({
  workshop_id: string()
    .typeError('validation:scorecardWorkshopInvalid')
    .required('validation:scorecardWorkshopInvalid')
    .test('id', 'validation:scorecardWorkshopInvalid', (value) => /^\d{1,10}$/.test(value) && isId(Number(value))),
  from: month(),
  to: month(),
})
  .noUnknown('validation:scorecardFilterUnknown')
  .test('period', 'validation:scorecardPeriodInvalid', (value) => !value?.from || !value.to || (value.from <= value.to && monthAfter(value.from, SCORECARD_MONTHS_MAX - 1) >= value.to));
