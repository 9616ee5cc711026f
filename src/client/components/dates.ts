import { format } from 'date-fns';
import { enUS, tr } from 'date-fns/locale';

/** The wall-clock time of `date` in `timeZone`, as a local Date that date-fns can format. */
function inZone(date: Date, timeZone: string): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' })
      .formatToParts(date)
      .map((part) => [part.type, Number(part.value)]),
  );
  return new Date(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
}

/** A date and time in the reader's language and the office's time zone, e.g. "23 Kas 2026 09:30". */
export function formatDateTime(iso: string, language: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '-';
  return format(timeZone ? inZone(date, timeZone) : date, 'd MMM yyyy HH:mm', { locale: language.startsWith('en') ? enUS : tr });
}
