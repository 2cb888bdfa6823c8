/**
 * The calendar date an assignment's due_at stands for, the same wherever the
 * reader is. The web app stores a chosen date D as an instant "D plus 23 hours"
 * (spec §5): at 23:00 in the picking browser's zone, so between D 09:00 UTC
 * (UTC+14) and D+1 11:00 UTC (UTC−12); stored at 23:00 UTC it is D 23:00 UTC.
 * Eleven hours earlier, that instant falls on D in UTC for every zone from
 * UTC−11 to UTC+12, which is where the product's users are.
 */
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The due calendar date as UTC midnight (epoch ms). */
function dueCalendarDay(dueAt: number): number {
  const shifted = dueAt - 11 * HOUR_MS;
  return shifted - (((shifted % DAY_MS) + DAY_MS) % DAY_MS);
}

// One formatter for every call: building one costs more than the formatting (100,000 reminders at once).
const inWords = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** The due date in words, e.g. "Tuesday, December 1, 2026". */
export function dueDateInWords(dueAt: number): string {
  return inWords.format(new Date(dueCalendarDay(dueAt)));
}

const short = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });

/** The due date in short, e.g. "Dec 1, 2026" (a table's cell). */
export function dueDateShort(dueAt: number): string {
  return short.format(new Date(dueCalendarDay(dueAt)));
}

/** The due date as YYYY-MM-DD. */
export function dueDateIso(dueAt: number): string {
  return new Date(dueCalendarDay(dueAt)).toISOString().slice(0, 10);
}
