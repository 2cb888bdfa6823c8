/** CSV cells (RFC 4180) with formula-injection escaping (decisions §4). */

/**
 * A text cell that a spreadsheet would run as a formula gets a leading
 * apostrophe. Numbers are our own figures, never user input: a negative one
 * stays a number (a change of -12.5 must still add up in a spreadsheet).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let s = value ?? '';
  if (FORMULA_START.has(s.charCodeAt(0))) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** = + - @ tab CR */
const FORMULA_START = new Set([0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x0d]);

export function csvLine(cells: (string | number | null | undefined)[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) line += (i ? ',' : '') + csvCell(cells[i]);
  return `${line}\r\n`;
}

const DAY_MS = 86_400_000;
/** Beyond 9999-12-31 toISOString changes format; no such time is ever stored. */
const LAST_4_DIGIT_YEAR_MS = 253_402_300_800_000;
let cachedDay = Number.NaN;
let cachedDate = '';
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * ISO 8601 (as Date.toISOString), or empty for 0 ("never"). A report writes
 * four times for each of 100,000 rows: the date part is formatted once a day.
 */
export function isoOrEmpty(ms: number): string {
  if (!(ms > 0)) return '';
  if (ms >= LAST_4_DIGIT_YEAR_MS || !Number.isInteger(ms)) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS);
  if (day !== cachedDay) {
    cachedDay = day;
    cachedDate = new Date(day * DAY_MS).toISOString().slice(0, 11);
  }
  let t = ms - day * DAY_MS;
  const milli = t % 1000;
  t = (t - milli) / 1000;
  const sec = t % 60;
  t = (t - sec) / 60;
  const min = t % 60;
  const hour = (t - min) / 60;
  return `${cachedDate}${pad(hour, 2)}:${pad(min, 2)}:${pad(sec, 2)}.${pad(milli, 3)}Z`;
}
