/** Days in an administrator's time zone (an IANA name such as America/Denver), as the runtime's Intl knows them. */

import { HttpError } from './http-error.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

function parts(at: number, timeZone: string): Record<Intl.DateTimeFormatPartTypes, string> {
  const found = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  return Object.fromEntries(found.map((p) => [p.type, p.value])) as Record<Intl.DateTimeFormatPartTypes, string>;
}

/**
 * The day `now` falls on in `timeZone`, as YYYY-MM-DD; throws a RangeError for a zone the
 * runtime does not know.
 */
export function dayIn(now: number, timeZone: string): string {
  const p = parts(now, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** True when `timeZone` is an IANA name the runtime knows (what dayIn accepts). */
export function isTimeZone(timeZone: string): boolean {
  try {
    dayIn(0, timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Refuses (400) a `tz` parameter the runtime does not know; undefined passes. */
export function checkTimeZoneParameter(tz: string | undefined): void {
  if (tz !== undefined && !isTimeZone(tz))
    throw new HttpError(400, 'tz must be a time zone name such as America/Denver');
}

/** How far `timeZone`'s clocks are ahead of UTC at the instant `at`, in ms. */
function offsetAt(at: number, timeZone: string): number {
  const p = parts(at, timeZone);
  const wall = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * The first instant of `day` (YYYY-MM-DD) in `timeZone`: its midnight, or where a zone's
 * clocks skip midnight (a change to summer time at 00:00), the hour after it.
 */
export function startOfDayIn(day: string, timeZone: string): number {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // Twice: the offset at a first guess may differ from the offset at midnight itself.
  let start = midnightUtc - offsetAt(midnightUtc, timeZone);
  start = midnightUtc - offsetAt(start, timeZone);
  // Still the day before: the zone skipped midnight; the day starts an hour on.
  while (dayIn(start, timeZone) < day) start += HOUR_MS;
  // Or an instant of the day whose midnight came earlier (an hour repeated at midnight).
  while (dayIn(start - HOUR_MS, timeZone) === day) start -= HOUR_MS;
  return start;
}

/** The day after `day` (YYYY-MM-DD), on the calendar. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}
