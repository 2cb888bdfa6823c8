/**
 * IBM Plex cut to what the app writes: Basic Latin and the punctuation its text uses (SUBSET),
 * with the layout features a browser applies by itself (kerning, ligatures, marks) and the
 * hinting kept. The package's Latin-1 files carry Latin-1's letters and every stylistic set too:
 * twice the bytes. A letter outside the subset (a name's é) is drawn in the next font of
 * Carbon's stack, as the @font-face rules' unicode-range (fonts.scss, admin.scss) tells the
 * browser.
 *
 * The cut files are written before the build to node_modules/.cache/airman-fonts, which the
 * stylesheets reach as `@airman-fonts/<name>.woff2`; their hashed names come from their own bytes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

/** Basic Latin's printable characters, the no-break space and the punctuation the app's text uses. */
const PUNCTUATION = [
  0xa0, 0xa7, 0xb7, 0xd7, 0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2026, 0x2039, 0x203a, 0x2190,
  0x2191, 0x2192, 0x2193, 0x2212,
];
export const SUBSET: number[] = [...Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => 0x20 + i), ...PUNCTUATION];

/** The features a browser turns on by itself for Latin text; the stylistic sets are left out. */
const FEATURES = ['kern', 'liga', 'calt', 'ccmp', 'locl', 'mark', 'mkmk'];

/** The files the stylesheets use: the three weights of Plex Sans Carbon's type set needs, and Plex Mono Regular. */
export const FONTS = [
  { from: '@ibm/plex-sans/fonts/split/woff2/IBMPlexSans-Light-Latin1.woff2', to: 'IBMPlexSans-Light-Latin.woff2' },
  { from: '@ibm/plex-sans/fonts/split/woff2/IBMPlexSans-Regular-Latin1.woff2', to: 'IBMPlexSans-Regular-Latin.woff2' },
  {
    from: '@ibm/plex-sans/fonts/split/woff2/IBMPlexSans-SemiBold-Latin1.woff2',
    to: 'IBMPlexSans-SemiBold-Latin.woff2',
  },
  { from: '@ibm/plex-mono/fonts/split/woff2/IBMPlexMono-Regular-Latin1.woff2', to: 'IBMPlexMono-Regular-Latin.woff2' },
];

/** SUBSET as a CSS unicode-range: runs of consecutive code points joined ('U+0020-007E, U+00A0, …'). */
export function unicodeRange(codePoints: number[]): string {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  const runs: [number, number][] = [];
  for (const n of sorted) {
    const last = runs.at(-1);
    if (last && n === last[1] + 1) last[1] = n;
    else runs.push([n, n]);
  }
  return runs.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(', ');
}

/** One font file cut to SUBSET, as woff2. */
export function subsetWoff2(font: Buffer): Promise<Buffer> {
  return subsetFont(font, String.fromCodePoint(...SUBSET), { targetFormat: 'woff2', keepFeatures: FEATURES });
}

export function subsetFonts(root: string): Plugin {
  const outDir = path.join(root, 'node_modules/.cache/airman-fonts');
  return {
    name: 'airman:subset-fonts',
    async config() {
      const require = createRequire(path.join(root, 'package.json'));
      fs.mkdirSync(outDir, { recursive: true });
      await Promise.all(
        FONTS.map(async ({ from, to }) => {
          fs.writeFileSync(path.join(outDir, to), await subsetWoff2(fs.readFileSync(require.resolve(from))));
        }),
      );
      return { resolve: { alias: [{ find: /^@airman-fonts\//, replacement: `${outDir}/` }] } };
    },
  };
}
