import { object, string } from 'yup';
import { isInstant } from './archive';

/** The order and credit summary's period: by default the last SUMMARY_DEFAULT_DAYS days; at most SUMMARY_MAX_DAYS, so an answer stays a summary. */
export const SUMMARY_DEFAULT_DAYS = 30;
export const SUMMARY_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

const instant = () => string().typeError('validation:summaryDateInvalid').test('instant', 'validation:summaryDateInvalid', (value) => value === undefined || isInstant(value));

/** GET the summary: `from` and `to` are instants with their zone (the office days' bounds), each optional; any other parameter is refused. */
export const summaryQuerySchema = object({ from: instant(), to: instant() }).noUnknown('validation:summaryFilterUnknown');

/**
 * Why a period cannot be summed up (a catalogue key), or null. A day more than the most days is
 * allowed: a period of whole office days spans one more hour where the clocks go back.
 */
export function summaryPeriodRefusal(from: Date, to: Date): string | null {
  if (from > to) return 'validation:summaryPeriodInvalid';
  if (to.getTime() - from.getTime() > (SUMMARY_MAX_DAYS + 1) * DAY_MS) return 'validation:summaryPeriodTooLong';
  return null;
}
