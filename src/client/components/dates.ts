import { format } from 'date-fns';
import { enUS, tr } from 'date-fns/locale';

/** A date and time in the reader's language, e.g. "23 Kas 2026 09:30". */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '-';
  return format(date, 'd MMM yyyy HH:mm', { locale: language.startsWith('en') ? enUS : tr });
}
