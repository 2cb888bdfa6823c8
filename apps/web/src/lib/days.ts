/** Days as URLs and calls carry them (YYYY-MM-DD), and the date field's dates. */

/** A day (YYYY-MM-DD) as the date field shows it: that date at local midnight. */
export function dayToDate(day: string | undefined): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // A day the calendar has not (2026-02-30) is none, not the date it would roll over to.
  return dateToDay(date) === day ? date : undefined;
}

/** The date a field gave, as a day (YYYY-MM-DD) of the calendar it was picked on. */
export function dateToDay(date: Date | undefined): string | undefined {
  if (!date) return undefined;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/** The browser's IANA time zone (America/Denver), which the server reads a day parameter in; undefined if unknown. */
export function browserTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}
