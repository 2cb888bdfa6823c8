/** CSV cells (RFC 4180) with formula-injection escaping (docs/api.md, "Conventions"). */

/**
 * A text cell that a spreadsheet would run as a formula gets a leading
 * apostrophe. Numbers are our own figures, never user input: a negative one
 * stays a number (a change of -12.5 must still add up in a spreadsheet).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (!value) return '';
  // A loop over char codes, not a regular expression: a report runs this for every cell of 100,000 rows.
  const first = value.charCodeAt(0);
  const s =
    first === 0x3d || first === 0x2b || first === 0x2d || first === 0x40 || first === 0x09 || first === 0x0d
      ? `'${value}`
      : value;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22 || c === 0x2c || c === 0x0a || c === 0x0d) return `"${s.replace(/"/g, '""')}"`;
  }
  return s;
}

export function csvLine(cells: (string | number | null | undefined)[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) line += (i ? ',' : '') + csvCell(cells[i]);
  return `${line}\r\n`;
}

const DAY_MS = 86_400_000;
/**
 * Every time zone's offset since 1970 is a whole number of quarter hours, and so
 * is the instant of every change of it.
 */
const QUARTER_HOUR_MS = 900_000;
/** How many days (or quarter hours) a formatter keeps before starting over. */
const KEPT = 100_000;

const utcDays = new Map<number, string>();

/** 'YYYY-MM-DD' of a UTC day number, each formatted once. */
function utcDay(day: number): string {
  let date = utcDays.get(day);
  if (date === undefined) {
    if (utcDays.size >= KEPT) utcDays.clear();
    date = new Date(day * DAY_MS).toISOString().slice(0, 10);
    utcDays.set(day, date);
  }
  return date;
}

/**
 * A function writing the calendar date (YYYY-MM-DD) an instant falls on in
 * `timeZone` (an IANA name the runtime knows), or empty for 0 ("never"). A
 * report writes three for each of 100,000 rows, so Intl is asked only for the
 * zone's offset, at the start and end of each UTC day (and each quarter hour
 * of a day the offset changes in); the date is then arithmetic.
 */
export function localDayFormatter(timeZone: string): (ms: number) => string {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
  /** The offset in ms at an instant, from 'GMT-07:00' ('GMT' for UTC). */
  const offsetAt = (ms: number): number => {
    const name = format.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? '';
    const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
    if (!match) return 0;
    const minutes = Number(match[2]) * 60 + Number(match[3]);
    return (match[1] === '-' ? -minutes : minutes) * 60_000;
  };
  /** A UTC day's offset, or null when it changes that day. */
  const dayOffsets = new Map<number, number | null>();
  const quarterOffsets = new Map<number, number>();
  return (ms) => {
    if (!(ms > 0)) return '';
    const day = Math.floor(ms / DAY_MS);
    let offset = dayOffsets.get(day);
    if (offset === undefined) {
      if (dayOffsets.size >= KEPT) dayOffsets.clear();
      const first = offsetAt(day * DAY_MS);
      offset = first === offsetAt((day + 1) * DAY_MS - 1) ? first : null;
      dayOffsets.set(day, offset);
    }
    if (offset === null) {
      const quarter = Math.floor(ms / QUARTER_HOUR_MS);
      let inQuarter = quarterOffsets.get(quarter);
      if (inQuarter === undefined) {
        if (quarterOffsets.size >= KEPT) quarterOffsets.clear();
        inQuarter = offsetAt(quarter * QUARTER_HOUR_MS);
        quarterOffsets.set(quarter, inQuarter);
      }
      offset = inQuarter;
    }
    return utcDay(Math.floor((ms + offset) / DAY_MS));
  };
}

/**
 * A due date (a calendar date, stored as its midnight in UTC plus 23 hours:
 * docs/api.md, "Dates and time zones") as YYYY-MM-DD, the same in every time zone; empty for none.
 */
export function dueDayOrEmpty(dueAt: number): string {
  return dueAt > 0 ? utcDay(Math.floor(dueAt / DAY_MS)) : '';
}
