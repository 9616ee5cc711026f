import { tz } from '@date-fns/tz';
import { addDays } from 'date-fns';

/*
 * Days are counted in UTC: date-fns counts them in the machine's time zone otherwise, and a due
 * date must not move by an hour because the server happens to run where clocks change in March.
 */
const utc = tz('UTC');

/** The instant `days` days after `at` (before it when negative), as stored: ISO-8601 in UTC with a Z. */
export function daysAfter(at: Date | number | string, days: number): string {
  return new Date(addDays(at, days, { in: utc })).toISOString();
}
