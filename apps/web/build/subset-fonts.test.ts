import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { FONTS, SUBSET, subsetWoff2, unicodeRange } from './subset-fonts.ts';

const web = path.resolve(import.meta.dirname, '..');
const require = createRequire(path.join(web, 'package.json'));
/** The unicode-range values of a stylesheet's @font-face rules, whitespace made single spaces. */
const ranges = (file: string) =>
  [...fs.readFileSync(path.join(web, 'src/styles', file), 'utf8').matchAll(/unicode-range:\s*([^;]+);/g)].map((m) =>
    (m[1] ?? '').replace(/\s+/g, ' ').trim(),
  );

describe('subset-fonts', () => {
  it('joins consecutive code points into runs', () => {
    expect(unicodeRange([0x41, 0x20, 0x21, 0x22, 0x2212, 0x43, 0x42])).toBe('U+0020-0022, U+0041-0043, U+2212');
  });

  it('gives the stylesheets the unicode-range of the cut it makes', () => {
    expect([...ranges('fonts.scss'), ...ranges('admin.scss')]).toEqual([unicodeRange(SUBSET), unicodeRange(SUBSET)]);
  });

  it('cuts each font to a woff2 at most 60% of its Latin-1 file', async () => {
    for (const { from } of FONTS) {
      const original = fs.readFileSync(require.resolve(from));
      const cut = await subsetWoff2(original);
      expect(cut.subarray(0, 4).toString('latin1'), from).toBe('wOF2');
      expect(cut.length, from).toBeLessThan(original.length * 0.6);
    }
  });
});
