/**
 * The text of a PDF as pdfkit writes it, read back as a reader would: each text object's glyphs
 * mapped to characters through its font's ToUnicode map. Enough for pdfkit's output (objects
 * written whole, Flate streams, Type0 fonts with an Identity-H encoding and a ToUnicode map of
 * `bfrange` arrays); anything else it does not know throws rather than reads wrong.
 */
import zlib from 'node:zlib';

interface PdfObject {
  dict: string;
  stream: string | undefined;
}

function objects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const found = new Map<number, PdfObject>();
  const start = /(\d+) 0 obj\b/g;
  for (let m = start.exec(text); m; m = start.exec(text)) {
    const end = text.indexOf('endobj', m.index);
    const body = text.slice(m.index + m[0].length, end);
    const at = body.search(/stream\r?\n/);
    if (at < 0) {
      found.set(Number(m[1]), { dict: body, stream: undefined });
      continue;
    }
    const dict = body.slice(0, at);
    const from = m.index + m[0].length + at + (body.slice(at).startsWith('stream\r\n') ? 8 : 7);
    const to = text.indexOf('endstream', from);
    const raw = pdf.subarray(from, to);
    const stream = dict.includes('/FlateDecode') ? zlib.inflateSync(raw).toString('latin1') : raw.toString('latin1');
    found.set(Number(m[1]), { dict, stream });
  }
  return found;
}

/** A ToUnicode map: glyph code (4 hex digits) → the characters it stands for. */
function toUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const chars = (hex: string) =>
    String.fromCodePoint(...(hex.match(/[0-9a-f]{4}/gi) ?? []).map((h) => Number.parseInt(h, 16)));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const range of block[1]!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[([^\]]*)\]/gi)) {
      const first = Number.parseInt(range[1]!, 16);
      const targets = [...range[3]!.matchAll(/<([0-9a-f ]+)>/gi)].map((t) => chars(t[1]!.replace(/ /g, '')));
      targets.forEach((t, i) => map.set((first + i).toString(16).padStart(4, '0'), t));
    }
  }
  if (/beginbfchar/.test(cmap) || map.size === 0) throw new Error('a ToUnicode map this reader does not know');
  return map;
}

/** Each text object's text (a line of the page, as pdfkit writes one per line), in page order. */
export function pdfText(pdf: Buffer): string[] {
  const all = objects(pdf);
  const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);
  const lines: string[] = [];
  for (const page of [...all.values()].filter((o) => /\/Type \/Page\b/.test(o.dict))) {
    const resources = all.get(ref(page.dict, 'Resources'))?.dict ?? page.dict;
    const fonts = new Map<string, Map<string, string>>();
    for (const f of (/\/Font <<([^>]*)>>/.exec(resources)?.[1] ?? '').matchAll(/\/(\w+) (\d+) 0 R/g)) {
      const font = all.get(Number(f[2]))!;
      if (!/\/Subtype \/Type0/.test(font.dict)) throw new Error(`font ${f[1]} is not a Type0 font`);
      fonts.set(f[1]!, toUnicode(all.get(ref(font.dict, 'ToUnicode'))!.stream!));
    }
    const content = all.get(ref(page.dict, 'Contents'))!.stream!;
    for (const block of content.matchAll(/BT([\s\S]*?)ET/g)) {
      let font: Map<string, string> | undefined;
      let line = '';
      for (const op of block[1]!.matchAll(/\/(\w+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
        if (op[1]) font = fonts.get(op[1]);
        else {
          if (!font) throw new Error('text before any font');
          for (const hex of op[2]!.matchAll(/<([0-9a-f]*)>/gi)) {
            for (const code of hex[1]!.match(/[0-9a-f]{4}/gi) ?? []) line += font.get(code.toLowerCase()) ?? '\uFFFD';
          }
        }
      }
      lines.push(line);
    }
  }
  return lines;
}
