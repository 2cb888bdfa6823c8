/** CSV cells (RFC 4180) with formula-injection escaping (decisions §4). */

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
/** Beyond 9999-12-31 toISOString changes format; no such time is ever stored. */
const LAST_4_DIGIT_YEAR_MS = 253_402_300_800_000;
const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
/** 'YYYY-MM-DDT' by day number: a report's four columns are on different days, so one remembered day would not do. */
const datePrefixes = new Map<number, string>();
let lastMs = Number.NaN;
let lastIso = '';

/**
 * ISO 8601 (as Date.toISOString), or empty for 0 ("never"). A report writes
 * four for each of 100,000 rows: each day's date part is formatted once, the
 * time from tables of digits, and a time equal to the one before (users
 * invited together) is not formatted again.
 */
export function isoOrEmpty(ms: number): string {
  if (!(ms > 0)) return '';
  if (ms === lastMs) return lastIso;
  if (ms >= LAST_4_DIGIT_YEAR_MS || !Number.isInteger(ms)) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS);
  let date = datePrefixes.get(day);
  if (date === undefined) {
    if (datePrefixes.size >= 100_000) datePrefixes.clear();
    date = new Date(day * DAY_MS).toISOString().slice(0, 11);
    datePrefixes.set(day, date);
  }
  let t = ms - day * DAY_MS;
  const milli = t % 1000;
  t = (t - milli) / 1000;
  const sec = t % 60;
  t = (t - sec) / 60;
  const min = t % 60;
  const hour = (t - min) / 60;
  lastMs = ms;
  lastIso = `${date}${TWO_DIGITS[hour]}:${TWO_DIGITS[min]}:${TWO_DIGITS[sec]}.${THREE_DIGITS[milli]}Z`;
  return lastIso;
}
