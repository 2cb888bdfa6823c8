/**
 * Reading an uploaded invite file: its bytes to text, the text to a header and
 * records with their line numbers (csv-parse). Problems of the whole file (not
 * text, no header, a quote never closed, too many rows) are a 400 naming the
 * line where there is one; problems of a row are the row check's (check.ts).
 */
import { parse, CsvError } from 'csv-parse/sync';
import { INVITE_FILE_COLUMNS, INVITE_FILE_MAX_ROWS, type InviteFileColumn } from '@airman/contracts/invite-file.ts';
import { hasForbiddenText } from '@airman/contracts/text.ts';
import { HttpError } from '#lib/http-error.ts';

const NOT_UTF8 =
  'The file is not UTF-8 text. Save it as "CSV UTF-8" (Excel: File › Save As › CSV UTF-8) and upload it again.';

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** The file's text: UTF-8 (a byte-order mark is dropped) or UTF-16 with its byte-order mark. */
export function decodeInviteFile(bytes: Uint8Array): string {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    throw new HttpError(400, 'This is a spreadsheet workbook, not a CSV file. Save it as "CSV UTF-8" and upload that.');
  }
  let encoding = 'utf-8';
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) [encoding, start] = ['utf-16le', 2];
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) [encoding, start] = ['utf-16be', 2];
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes.subarray(start));
  } catch {
    throw new HttpError(400, NOT_UTF8);
  }
  if (hasForbiddenText(text)) {
    // NUL (the bytes of a binary file, or of UTF-16 without its byte-order mark); an unpaired surrogate cannot survive a fatal decode.
    throw new HttpError(
      400,
      `line ${lineOf(text, text.indexOf('\u0000'))}: the file holds a NUL character, so it is not a CSV text file. ${NOT_UTF8.slice(NOT_UTF8.indexOf('Save'))}`,
    );
  }
  return text;
}

export interface CsvRecord {
  /** The line the record starts on (the header is line 1). */
  line: number;
  cells: string[];
}

export interface ParsedInviteFile {
  /** Which cell of a record holds each column the header names. */
  columns: Partial<Record<InviteFileColumn, number>>;
  width: number;
  records: CsvRecord[];
}

/** A header cell as a column name: 'First Name' and 'first-name' are first_name. */
function columnName(cell: string): string {
  return cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** Comma, or the separator a spreadsheet of another locale wrote (semicolon, tab) when the header has no comma. */
function delimiterOf(text: string): string {
  const end = text.search(/\r?\n|$/);
  const header = text.slice(0, end);
  if (header.includes(',')) return ',';
  if (header.includes(';')) return ';';
  if (header.includes('\t')) return '\t';
  return ',';
}

export function parseInviteFile(text: string): ParsedInviteFile {
  let parsed: { record: string[]; info: { lines: number }; raw: string }[];
  try {
    parsed = parse(text, {
      delimiter: delimiterOf(text),
      skip_empty_lines: true,
      relax_column_count: true,
      // A quote inside a cell that does not start with one is kept as a character (=HYPERLINK("x"), 5'11").
      relax_quotes: true,
      info: true,
      raw: true,
      // The header, the most rows allowed and one more (to tell that there are too many): the rest is not read.
      to: INVITE_FILE_MAX_ROWS + 2,
    }) as unknown as { record: string[]; info: { lines: number }; raw: string }[];
  } catch (error) {
    if (error instanceof CsvError) {
      const where = (error as CsvError & { lines?: number }).lines;
      const what =
        error.code === 'CSV_QUOTE_NOT_CLOSED'
          ? 'a quoted cell is never closed'
          : error.message.replace(/^[^:]*:\s*/, '');
      throw new HttpError(
        400,
        `${where ? `line ${where}: ` : ''}${what}. Nothing was read; correct the file and upload it again.`,
      );
    }
    throw error;
  }
  const [header, ...rows] = parsed;
  if (!header)
    throw new HttpError(
      400,
      `The file is empty: it needs a header row naming its columns (${INVITE_FILE_COLUMNS.join(', ')}).`,
    );
  if (rows.length > INVITE_FILE_MAX_ROWS) {
    throw new HttpError(
      400,
      `The file has more than ${INVITE_FILE_MAX_ROWS.toLocaleString('en-US')} rows. Split it into files of at most ${INVITE_FILE_MAX_ROWS.toLocaleString('en-US')} rows.`,
    );
  }
  const columns: Partial<Record<InviteFileColumn, number>> = {};
  const known = new Set<string>(INVITE_FILE_COLUMNS);
  const unknown: string[] = [];
  header.record.forEach((cell, i) => {
    const name = columnName(cell);
    if (name === '' && header.record.length > 1 && i === header.record.length - 1) return; // a trailing separator
    if (!known.has(name)) unknown.push(`'${cell.trim()}'`);
    else if (columns[name as InviteFileColumn] !== undefined)
      throw new HttpError(400, `line 1: the column ${name} is named twice.`);
    else columns[name as InviteFileColumn] = i;
  });
  if (columns.email === undefined || unknown.length > 0) {
    const problems = [
      ...(columns.email === undefined ? ['no email column'] : []),
      ...(unknown.length > 0 ? [`unknown column${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`] : []),
    ];
    throw new HttpError(
      400,
      `line 1: the header row must name the columns ${INVITE_FILE_COLUMNS.join(', ')} (email required, the others optional, in any order): ${problems.join('; ')}.`,
    );
  }
  const records = rows.map(({ record, info, raw }) => {
    // info.lines is the line the record ends on; a quoted cell may span lines.
    const body = raw.replace(/^(?:\r?\n)+/, '').replace(/\r?\n$/, '');
    const spans = body.split('\n').length - 1;
    return { line: info.lines - spans, cells: record };
  });
  return { columns, width: header.record.length, records };
}
