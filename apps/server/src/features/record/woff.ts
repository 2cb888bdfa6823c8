/**
 * A WOFF 1.0 font (W3C, "WOFF File Format 1.0") as the TrueType/OpenType file it wraps: each
 * table inflated once, here, rather than by fontkit in every document that uses the font (about
 * ten times slower per certificate, measured on IBM Plex Sans).
 */
import zlib from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_ENTRY = 16;

const padded = (n: number) => (n + 3) & ~3;

export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < WOFF_HEADER || woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('not a WOFF font');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = WOFF_HEADER + i * WOFF_ENTRY;
    return {
      tag: woff.readUInt32BE(at),
      offset: woff.readUInt32BE(at + 4),
      compressed: woff.readUInt32BE(at + 8),
      length: woff.readUInt32BE(at + 12),
      checksum: woff.readUInt32BE(at + 16),
    };
  });
  const size = tables.reduce((n, t) => n + padded(t.length), SFNT_HEADER + SFNT_ENTRY * count);
  const sfnt = Buffer.alloc(size);
  // The table directory's search fields: the largest power of two not above the count.
  const power = 2 ** Math.floor(Math.log2(Math.max(count, 1)));
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(count, 4);
  sfnt.writeUInt16BE(power * SFNT_ENTRY, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE(count * SFNT_ENTRY - power * SFNT_ENTRY, 10);
  let at = SFNT_HEADER + SFNT_ENTRY * count;
  tables.forEach((t, i) => {
    const stored = woff.subarray(t.offset, t.offset + t.compressed);
    const data = t.compressed < t.length ? zlib.inflateSync(stored) : stored;
    if (data.length !== t.length) throw new Error('a WOFF table of the wrong length');
    const entry = SFNT_HEADER + SFNT_ENTRY * i;
    sfnt.writeUInt32BE(t.tag, entry);
    sfnt.writeUInt32BE(t.checksum, entry + 4);
    sfnt.writeUInt32BE(at, entry + 8);
    sfnt.writeUInt32BE(t.length, entry + 12);
    data.copy(sfnt, at);
    at += padded(t.length);
  });
  return sfnt;
}
