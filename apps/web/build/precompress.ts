/**
 * Compresses the build's files once, at build time, at the highest settings (brotli 11, gzip 9),
 * so the server sends them as they are (@fastify/static's preCompressed) instead of compressing
 * each answer on the fly at a low setting. Per file, only what pays: `x.gz` where gzip saves
 * something, `x.br` beside it only where brotli comes out smaller than gzip (on small files it
 * often does not); a file under MIN_BYTES, or one no encoding makes smaller, is sent as it is.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Under this, a file fits in a packet or two: compressing it saves nothing that shows. */
export const MIN_BYTES = 1024;

/** What text is (fonts and images are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;

export interface Encoded {
  br?: Buffer;
  gz?: Buffer;
}

/** Of a file's two encodings, those worth keeping. */
export function worthKeeping(size: number, gz: Buffer, br: Buffer): Encoded {
  if (size < MIN_BYTES || gz.length >= size) return {};
  return br.length < gz.length ? { br, gz } : { gz };
}

/** The encodings worth keeping for a file's content. */
export function encodingsFor(content: Buffer): Encoded {
  if (content.length < MIN_BYTES) return {};
  const gz = zlib.gzipSync(content, { level: 9 });
  const br = zlib.brotliCompressSync(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });
  return worthKeeping(content.length, gz, br);
}

/** Writes `x.br` and `x.gz` beside each text file under `dir` that they pay for; the files' count. */
export function precompressDir(dir: string): { files: number; br: number; gz: number } {
  const count = { files: 0, br: 0, gz: 0 };
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    count.files += 1;
    const { br, gz } = encodingsFor(fs.readFileSync(file));
    if (gz) {
      fs.writeFileSync(`${file}.gz`, gz);
      count.gz += 1;
    }
    if (br) {
      fs.writeFileSync(`${file}.br`, br);
      count.br += 1;
    }
  }
  return count;
}

/** The Vite plugin: compresses the output directory once the bundle is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'airman:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const { files, br, gz } = precompressDir(outDir);
      this.info(`precompressed ${files} files: ${gz} gzip, ${br} of them brotli too`);
    },
  };
}
