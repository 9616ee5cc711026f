import { TZDate } from '@date-fns/tz';
import { endOfDay } from 'date-fns';

/** The instants a calendar day typed as yyyy-mm-dd starts and ends at in the office's time zone. */
export function dayBounds(day: string, timeZone: string): { start: number; end: number } {
  const [year, month, date] = day.split('-').map(Number);
  const start = new TZDate(year, month - 1, date, timeZone);
  return { start: start.getTime(), end: endOfDay(start).getTime() };
}

/**
 * Whether an instant falls within a range of days (either end may be empty, meaning open), the
 * days taken in the office's time zone: a piece due at 23:30 in Istanbul is due that day there,
 * whatever day it is in UTC. Without an instant, only an open range matches. The bounds are worked
 * out once, so filtering tens of thousands of lines costs a comparison each.
 */
export function withinDays(from: string, to: string, timeZone: string): (iso: string | null) => boolean {
  if (!from && !to) return () => true;
  const start = from ? dayBounds(from, timeZone).start : -Infinity;
  const end = to ? dayBounds(to, timeZone).end : Infinity;
  return (iso) => {
    if (!iso) return false;
    const at = Date.parse(iso);
    return at >= start && at <= end;
  };
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day (yyyy-mm-dd) an instant falls on in the office's time zone: today's for a new
 * voucher or an export's file name, a line's for the date filters. One formatter per zone, since
 * building one costs far more than using it; the day is put together from its parts, whatever
 * order a locale writes them in.
 */
export function dayIn(at: number, timeZone: string | undefined): string {
  const key = timeZone ?? '';
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(key, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** A month typed as yyyy-mm: the instant it starts at in the office's time zone. */
export function monthStart(month: string, timeZone: string): number {
  const [year, index] = month.split('-').map(Number);
  return new TZDate(year, index - 1, 1, timeZone).getTime();
}

/** The month (yyyy-mm) `count` months after `month` (before it when negative). */
export function monthAfter(month: string, count: number): string {
  const [year, index] = month.split('-').map(Number);
  const months = year * 12 + index - 1 + count;
  return `${String(Math.floor(months / 12)).padStart(4, '0')}-${String((months % 12) + 1).padStart(2, '0')}`;
}

/** Every month from `from` through `to` (yyyy-mm, inclusive), oldest first. */
export function monthsThrough(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to; month = monthAfter(month, 1)) months.push(month);
  return months;
}
