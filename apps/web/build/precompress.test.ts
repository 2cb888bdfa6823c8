import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MIN_BYTES, encodingsFor, precompressDir, worthKeeping } from './precompress.ts';

/** Text that compresses well, of about `bytes` bytes. */
const text = (bytes: number) =>
  Buffer.from('const answer = "forty-two";\n'.repeat(Math.ceil(bytes / 28)).slice(0, bytes));

describe('encodingsFor', () => {
  it('leaves a file under the threshold as it is', () => {
    expect(encodingsFor(text(MIN_BYTES - 1))).toEqual({});
  });

  it('leaves a file no encoding makes smaller as it is', () => {
    const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 2654435761) % 251));
    expect(encodingsFor(zlib.gzipSync(random))).toEqual({});
  });

  it('keeps brotli only where it is smaller than gzip, and gzip always', () => {
    const { br, gz } = encodingsFor(text(20_000));
    expect(gz && zlib.gunzipSync(gz).equals(text(20_000))).toBe(true);
    expect(br && zlib.brotliDecompressSync(br).equals(text(20_000))).toBe(true);
    expect(br && gz && br.length < gz.length).toBe(true);
  });

  it('keeps no brotli where gzip comes out smaller, nor either where gzip saves nothing', () => {
    const gz = Buffer.alloc(500);
    expect(worthKeeping(2000, gz, Buffer.alloc(500))).toEqual({ gz });
    expect(worthKeeping(2000, gz, Buffer.alloc(499))).toEqual({ gz, br: Buffer.alloc(499) });
    expect(worthKeeping(2000, Buffer.alloc(2000), Buffer.alloc(100))).toEqual({});
  });
});

describe('precompressDir', () => {
  it('writes .gz and .br beside the text files that pay, nothing beside fonts or tiny files', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'app.js'), text(20_000));
    fs.writeFileSync(path.join(dir, 'assets', 'tiny.css'), text(200));
    fs.writeFileSync(path.join(dir, 'assets', 'font.woff2'), text(20_000));
    expect(precompressDir(dir)).toEqual({ files: 2, br: 1, gz: 1 });
    expect(fs.readdirSync(path.join(dir, 'assets')).sort()).toEqual([
      'app.js',
      'app.js.br',
      'app.js.gz',
      'font.woff2',
      'tiny.css',
    ]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
