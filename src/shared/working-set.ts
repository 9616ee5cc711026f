import { dayBounds, dayIn } from './days';

/** How many days a closed line stays in the everyday lists by default (the general settings' `working_set_days`). */
export const DEFAULT_WORKING_SET_DAYS = 30;
export const MAX_WORKING_SET_DAYS = 3650;

/**
 * The instant from which a closed line (shipped or canceled) still belongs to the everyday lists:
 * the start of the office day `days` days before today. Whole days, so the working set changes
 * only when a line does or a day begins (a list's version can name the day). Null when `days` is
 * 0: no closed line at all.
 */
export function windowStart(now: number, days: number, timeZone: string): string | null {
  if (days <= 0) return null;
  const [year, month, date] = dayIn(now, timeZone).split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 1, date - days)).toISOString().slice(0, 10);
  return new Date(dayBounds(first, timeZone).start).toISOString();
}

/**
 * The working set: open lines (a completed line not yet handed to the carrier is open) and lines
 * closed since the window's start. Anything older is history, read through the archive.
 */
export function inWorkingSet(line: { closed_at: string | null }, start: string | null): boolean {
  return line.closed_at === null || (start !== null && line.closed_at >= start);
}
