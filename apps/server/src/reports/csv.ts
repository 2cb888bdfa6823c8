/** CSV cells (RFC 4180) with formula-injection escaping (decisions §4). */

/**
 * A text cell that a spreadsheet would run as a formula gets a leading
 * apostrophe. Numbers are our own figures, never user input: a negative one
 * stays a number (a change of -12.5 must still add up in a spreadsheet).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let s = value ?? '';
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(cells: (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** ISO 8601, or empty for 0 ("never"). */
export function isoOrEmpty(ms: number): string {
  return ms > 0 ? new Date(ms).toISOString() : '';
}
