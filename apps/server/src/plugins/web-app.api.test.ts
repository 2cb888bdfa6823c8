import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, it } from 'vitest';
import { describeApi } from '#test/harness.ts';
import { DOCUMENT_ONLY_HEADERS } from './security.ts';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
// The web app's own robots.txt, as the build copies it from public/.
fs.copyFileSync(path.join(import.meta.dirname, '../../../web/public/robots.txt'), path.join(webDist, 'robots.txt'));
const big = 'console.log("a fairly long line of code");\n'.repeat(200);
// As the build leaves them (apps/web/build/precompress.ts): a file with both encodings, one whose
// brotli did not pay (gzip only), and one too small to compress at all.
fs.writeFileSync(path.join(webDist, 'assets', 'big-def456.js'), big);
fs.writeFileSync(path.join(webDist, 'assets', 'big-def456.js.br'), zlib.brotliCompressSync(big));
fs.writeFileSync(path.join(webDist, 'assets', 'big-def456.js.gz'), zlib.gzipSync(big));
const gzOnly = 'body { color: red; }\n'.repeat(100);
fs.writeFileSync(path.join(webDist, 'assets', 'style-aaa111.css'), gzOnly);
fs.writeFileSync(path.join(webDist, 'assets', 'style-aaa111.css.gz'), zlib.gzipSync(gzOnly));
fs.writeFileSync(path.join(webDist, 'assets', 'balance-worker-ccc333.js'), 'self.onmessage = () => undefined;\n');
fs.writeFileSync(path.join(webDist, 'assets', 'tiny-bbb222.js'), 'export const tiny = "a small file";\n'.repeat(30));

// The game bundle, served under its own name and under its hash.
fs.mkdirSync(path.join(webDist, 'game'));
fs.writeFileSync(path.join(webDist, 'game', 'game.js'), 'export const game = 1;\n');
// The debrief's chunk, named by its hash (apps/web/vite.game.config.ts).
fs.mkdirSync(path.join(webDist, 'game', 'chunks'));
fs.writeFileSync(path.join(webDist, 'game', 'chunks', 'debrief-Ab12Cd34.js'), 'export const debrief = 1;\n');

describeApi(
  'serving the web app',
  (ctx) => {
    it('returns the SPA for unknown non-API paths, deep links included', async () => {
      for (const url of ['/', '/admin', '/register/abc', '/no/such/page']) {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toContain('<div id="root">');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
    });

    it('gives each page a style nonce of its own, in its CSP and in a meta element, and nothing else one', async () => {
      const pages = await Promise.all(
        ['/', '/modules', '/index.html'].map((url) => ctx.app.inject({ method: 'GET', url })),
      );
      const nonces = pages.map((res) => {
        const nonce = /<meta name="csp-nonce" content="([A-Za-z0-9+/=]{24})" \/><\/head>/.exec(res.body)?.[1];
        expect(res.headers['content-security-policy']).toContain(`style-src 'self' 'nonce-${nonce}';`);
        return nonce;
      });
      expect(new Set(nonces).size).toBe(3);
      // API answers and a worker's script keep the policy, without a nonce.
      for (const url of ['/api/health', '/assets/balance-worker-ccc333.js']) {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.headers['content-security-policy'], url).toContain("style-src 'self';");
      }
    });

    it("sends a file that is not a document without the headers only documents read, and a worker's with them", async () => {
      // The CSP and the frame refusal are among what only documents read.
      expect(DOCUMENT_ONLY_HEADERS).toEqual(expect.arrayContaining(['content-security-policy', 'x-frame-options']));
      const documentOnly: string[] = [...DOCUMENT_ONLY_HEADERS];
      const present = (headers: Record<string, unknown>) => documentOnly.filter((name) => name in headers);
      for (const url of ['/assets/app-abc123.js', '/assets/style-aaa111.css', '/game/game.js']) {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect({ url, present: present(res.headers) }).toEqual({ url, present: [] });
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
        expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      }
      for (const url of ['/', '/index.html', '/robots.txt', '/assets/balance-worker-ccc333.js', '/api/health']) {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect({ url, present: present(res.headers) }).toEqual({ url, present: documentOnly });
      }
    });

    it('answers a missing file with a plain 404, not the app', async () => {
      for (const url of ['/favicon.ico', '/sitemap.xml', '/assets/gone-123.js?v=1']) {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toContain('text/plain');
      }
    });

    it('serves robots.txt as text', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toContain('Disallow: /');
    });

    it('serves hashed assets with a long cache', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('immutable');
    });

    it("gives the page the game bundle's address with its hash, kept for good as its hashed chunks are", async () => {
      const page = await ctx.app.inject({ method: 'GET', url: '/' });
      const url = /<meta name="game-bundle" content="(\/game\/game\.js\?v=[\w-]{12})" \/>/.exec(page.body)?.[1];
      expect(url).toBeDefined();
      const hashed = await ctx.app.inject({ method: 'GET', url: url ?? '' });
      expect(hashed.statusCode).toBe(200);
      expect(hashed.body).toBe('export const game = 1;\n');
      expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const chunk = await ctx.app.inject({ method: 'GET', url: '/game/chunks/debrief-Ab12Cd34.js' });
      expect(chunk.statusCode).toBe(200);
      expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const other of ['/game/game.js', '/game/game.js?v=older0000000']) {
        const res = await ctx.app.inject({ method: 'GET', url: other });
        expect(res.statusCode, other).toBe(200);
        expect(res.headers['cache-control'], other).toBe('no-cache');
      }
    });

    it('sends the encoding the build made that the browser takes, with Vary and the decoded size', async () => {
      const size = String(Buffer.byteLength(big));
      for (const [accept, encoding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: '/assets/big-def456.js',
          headers: { 'accept-encoding': accept },
        });
        expect(res.statusCode, accept).toBe(200);
        expect(res.headers['content-encoding'], accept).toBe(encoding);
        expect(res.headers['content-type'], accept).toContain('javascript');
        expect(res.headers['vary'], accept).toContain('accept-encoding');
        expect(res.headers['x-decoded-length'], accept).toBe(size);
        expect(res.headers['cache-control'], accept).toContain('immutable');
        // The build's bytes, not compressed again on the way out.
        const built = path.join(webDist, 'assets', `big-def456.js.${encoding === 'br' ? 'br' : 'gz'}`);
        expect(res.rawPayload.equals(fs.readFileSync(built)), accept).toBe(true);
        const body = encoding === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : zlib.gunzipSync(res.rawPayload);
        expect(body.toString(), accept).toBe(big);
      }
      const plain = await ctx.app.inject({ method: 'GET', url: '/assets/big-def456.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(big);
    });

    it('sends gzip to a brotli browser where the build kept no brotli, and a small file as it is', async () => {
      const headers = { 'accept-encoding': 'gzip, deflate, br' };
      const css = await ctx.app.inject({ method: 'GET', url: '/assets/style-aaa111.css', headers });
      expect(css.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(css.rawPayload).toString()).toBe(gzOnly);
      // Not compressed on the way out either: the build judged it not worth it.
      const tiny = await ctx.app.inject({ method: 'GET', url: '/assets/tiny-bbb222.js', headers });
      expect(tiny.statusCode).toBe(200);
      expect(tiny.headers['content-encoding']).toBeUndefined();
      expect(tiny.rawPayload.length).toBe(fs.statSync(path.join(webDist, 'assets', 'tiny-bbb222.js')).size);
    });

    it('does not serve the compressed files at their own addresses', async () => {
      for (const url of ['/assets/big-def456.js.br', '/assets/big-def456.js.gz']) {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
      }
    });

    it('still compresses the page and the API answers on the way out', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/openapi.json',
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.headers['content-encoding']).toBe('br');
    });

    it('keeps unknown API paths as JSON 404s', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/unknown' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    });
  },
  { webDist },
);
