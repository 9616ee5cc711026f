import { intlLocale } from '../../shared/locale';
import { dayBounds } from '../../shared/days';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per language and zone: building one costs far more than formatting with it. */
function formatter(language: string, timeZone?: string): Intl.DateTimeFormat {
  const key = `${language}|${timeZone ?? ''}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(intlLocale(language), {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(key, found);
  }
  return found;
}

/**
 * A date and time in the reader's language and the office's time zone, in numbers as tables and
 * forms write them beside the days of formatDay: "23.11.2026 09:30" in Turkish.
 */
export function formatDateTime(iso: string, language: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '-';
  return formatter(language, timeZone).format(date);
}

/** Sets a period of whole office days (`yyyy-MM-dd`, either may be empty) into `params` as the instants a read's `from` and `to` take; answers `params`. */
export function setDayRange(params: URLSearchParams, from: string, to: string, timeZone: string): URLSearchParams {
  if (from) params.set('from', new Date(dayBounds(from, timeZone).start).toISOString());
  if (to) params.set('to', new Date(dayBounds(to, timeZone).end).toISOString());
  return params;
}
