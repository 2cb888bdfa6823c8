/**
 * A due date is a calendar date, the same for the admin who picks it, the
 * trainee and the report whatever their time zones (docs/api.md, "Dates and time zones").
 * It is stored (spec §5: "the date plus 23 hours") as that date's midnight in
 * UTC plus 23 hours, and always read back in UTC: 2026-11-15 is stored as
 * 2026-11-15T23:00:00Z and shown as 11/15/2026 in Denver, London and Kiritimati.
 */
import { DUE_DATE_OFFSET_MS } from './constants.ts';

/** The instant stored for a calendar date (month 1–12). */
export function dueAtFromDay(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) + DUE_DATE_OFFSET_MS;
}

/** The calendar date a picker gave (it means the date on the admin's own calendar, at local midnight). */
export function dueAtFromLocalDate(date: Date): number {
  return dueAtFromDay(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

/** The calendar date of a stored due instant (month 1–12). */
export function dueDay(dueAt: number): { year: number; month: number; day: number } {
  const d = new Date(dueAt);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** That date as a local Date at midnight, for a date picker in any time zone. */
export function dueLocalDate(dueAt: number): Date {
  const { year, month, day } = dueDay(dueAt);
  return new Date(year, month - 1, day);
}

/** The due date in the user's locale format (e.g. 11/15/2026), the same in every time zone. */
export function formatDueDate(dueAt: number, locale?: string): string {
  return new Date(dueAt).toLocaleDateString(locale, { timeZone: 'UTC' });
}
