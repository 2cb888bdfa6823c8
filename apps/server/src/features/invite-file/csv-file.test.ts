import { describe, expect, it } from 'vitest';
import { INVITE_FILE_MAX_ROWS } from '@airman/contracts/invite-file.ts';
import { HttpError } from '#lib/http-error.ts';
import { decodeInviteFile, parseInviteFile } from './csv-file.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400) return error.message;
    throw error;
  }
  throw new Error('not refused');
}

describe('decodeInviteFile', () => {
  it('reads UTF-8 with or without its byte-order mark, and UTF-16 with one', () => {
    expect(decodeInviteFile(utf8('email\nzoë@example.com\n'))).toBe('email\nzoë@example.com\n');
    expect(decodeInviteFile(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8('email\n')]))).toBe('email\n');
    const le = Buffer.from('\ufeffemail,first_name\na@example.com,Zoë\n', 'utf16le');
    expect(decodeInviteFile(le)).toBe('email,first_name\na@example.com,Zoë\n');
    const be = Buffer.from(le).swap16();
    expect(decodeInviteFile(be)).toBe('email,first_name\na@example.com,Zoë\n');
  });

  it('refuses bytes that are not text, naming the line of a NUL', () => {
    expect(refusal(() => decodeInviteFile(Uint8Array.from([...utf8('email\na@b.co,'), 0xe9, 0x0a])))).toMatch(
      /^The file is not UTF-8 text/,
    );
    expect(refusal(() => decodeInviteFile(utf8('email\na@example.com\nb@exa\u0000mple.com\n')))).toMatch(
      /^line 3: the file holds a NUL character/,
    );
    // UTF-16 without its byte-order mark is full of NULs.
    expect(refusal(() => decodeInviteFile(Buffer.from('email\n', 'utf16le')))).toMatch(/^line 1: the file holds a NUL/);
    // An unpaired surrogate in UTF-16.
    expect(refusal(() => decodeInviteFile(Uint8Array.from([0xff, 0xfe, 0x61, 0x00, 0x00, 0xd8, 0x62, 0x00])))).toMatch(
      /^The file is not UTF-8 text/,
    );
    expect(refusal(() => decodeInviteFile(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00])))).toMatch(
      /spreadsheet workbook/,
    );
  });
});

describe('parseInviteFile', () => {
  it('maps the header to columns in any order and spelling, and numbers records by their first line', () => {
    const file = parseInviteFile(
      'Email,First Name,last-name,RANK\r\n\r\na@example.com,"Ann\nMarie",Lee,SrA\r\nb@example.com,Bo,"Ng ""Jr""",\r\n',
    );
    expect(file.columns).toEqual({ email: 0, first_name: 1, last_name: 2, rank: 3 });
    expect(file.width).toBe(4);
    expect(file.records).toEqual([
      { line: 3, cells: ['a@example.com', 'Ann\nMarie', 'Lee', 'SrA'] },
      { line: 5, cells: ['b@example.com', 'Bo', 'Ng "Jr"', ''] },
    ]);
  });

  it('reads a semicolon- or tab-separated file by its header', () => {
    expect(parseInviteFile('email;unit\na@example.com;655 ISRW, Det 1\n').records[0]?.cells).toEqual([
      'a@example.com',
      '655 ISRW, Det 1',
    ]);
    expect(parseInviteFile('email\tunit\na@example.com\tX\n').records[0]?.cells).toEqual(['a@example.com', 'X']);
  });

  it('keeps rows of the wrong width for the row check', () => {
    expect(
      parseInviteFile('email,unit\na@example.com\nb@example.com,X,Y\n').records.map((r) => r.cells.length),
    ).toEqual([1, 3]);
  });

  it('refuses a file without a usable header, a quote never closed, or too many rows', () => {
    expect(refusal(() => parseInviteFile(''))).toMatch(/^The file is empty: it needs a header row/);
    expect(refusal(() => parseInviteFile('\n\n'))).toMatch(/^The file is empty/);
    expect(refusal(() => parseInviteFile('mail,first_name\n'))).toMatch(
      /^line 1: the header row must name the columns email, first_name, .*: no email column; unknown column 'mail'\.$/,
    );
    expect(refusal(() => parseInviteFile('email,phone,Fax\n'))).toMatch(/unknown columns 'phone', 'Fax'\.$/);
    expect(refusal(() => parseInviteFile('email,unit,Unit\n'))).toBe('line 1: the column unit is named twice.');
    expect(refusal(() => parseInviteFile('email,unit\na@example.com,X\nb@example.com,"open\n'))).toMatch(
      /^line 3: a quoted cell is never closed\./,
    );
    const rows = (n: number) => `email\n${Array.from({ length: n }, (_, i) => `u${i}@example.com`).join('\n')}\n`;
    expect(parseInviteFile(rows(INVITE_FILE_MAX_ROWS)).records).toHaveLength(INVITE_FILE_MAX_ROWS);
    expect(refusal(() => parseInviteFile(rows(INVITE_FILE_MAX_ROWS + 1)))).toMatch(
      /^The file has more than 5,000 rows/,
    );
  });

  it('allows a trailing separator on the header', () => {
    expect(parseInviteFile('email,unit,\na@example.com,X,\n').columns).toEqual({ email: 0, unit: 1 });
  });
});
