import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, it } from 'vitest';
import { describeApi } from '#test/harness.ts';
import { API_CONTENT_SECURITY_POLICY, DOCUMENT_ONLY_HEADERS } from './security.ts';

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

// The game bundle, served under its own name and under its hash, and compressed as the build leaves it.
fs.mkdirSync(path.join(webDist, 'game'));
const gameBundle = 'export const game = 1;\n';
fs.writeFileSync(path.join(webDist, 'game', 'game.js'), gameBundle);
fs.writeFileSync(path.join(webDist, 'game', 'game.js.br'), zlib.brotliCompressSync(gameBundle));

// The build's manifest (Vite's): the entry, and routes with their chunks and styles.
fs.mkdirSync(path.join(webDist, '.vite'));
fs.writeFileSync(
  path.join(webDist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/app-abc123.js', imports: ['_framework-fff000.js'], css: ['assets/index-111.css'] },
    '_framework-fff000.js': { file: 'assets/framework-fff000.js' },
    '_shared-222.js': {
      file: 'assets/shared-222.js',
      imports: ['_framework-fff000.js'],
      css: ['assets/shared-222.css'],
    },
    'src/app/routes/admin.tsx': {
      file: 'assets/admin-333.js',
      imports: ['index.html', '_framework-fff000.js', '_shared-222.js', '_users-555.js'],
      css: ['assets/admin-333.css', 'assets/index-111.css'],
    },
    '_users-555.js': { file: 'assets/users-555.js' },
    'src/app/routes/game.tsx': { file: 'assets/game-666.js', imports: ['index.html'] },
    'src/app/routes/login.tsx': { file: 'assets/login-777.js' },
    'src/app/routes/login-trust.tsx': { file: 'assets/login-trust-888.js' },
    'src/app/routes/register.tsx': { file: 'assets/register-999.js', imports: ['_shared-222.js'] },
  }),
);
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
      // A worker's script keeps the policy, without a nonce; API answers have their own, without one.
      const worker = await ctx.app.inject({ method: 'GET', url: '/assets/balance-worker-ccc333.js' });
      expect(worker.headers['content-security-policy']).toContain("style-src 'self';");
      const api = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(api.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
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
      for (const url of ['/', '/index.html', '/robots.txt', '/assets/balance-worker-ccc333.js']) {
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

    it('sends the encoding the build made that the browser takes, with Vary', async () => {
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

    it("tells the game bundle's decoded size, for its loading bar, and no other file's", async () => {
      const headers = { 'accept-encoding': 'gzip, deflate, br' };
      const game = await ctx.app.inject({ method: 'GET', url: '/game/game.js', headers });
      expect(game.headers['content-encoding']).toBe('br');
      expect(game.headers['x-decoded-length']).toBe(String(Buffer.byteLength(gameBundle)));
      const other = await ctx.app.inject({ method: 'GET', url: '/assets/big-def456.js', headers });
      expect(other.headers['content-encoding']).toBe('br');
      expect(other.headers['x-decoded-length']).toBeUndefined();
    });

    it('sends a file kept for good without validators, and one revalidated with them; no ranges', async () => {
      for (const url of ['/assets/big-def456.js', '/assets/style-aaa111.css', '/game/chunks/debrief-Ab12Cd34.js']) {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.headers['cache-control'], url).toContain('immutable');
        expect([url, res.headers['etag'], res.headers['last-modified']]).toEqual([url, undefined, undefined]);
        expect(res.headers['accept-ranges'], url).toBeUndefined();
      }
      for (const url of ['/game/game.js', '/robots.txt']) {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.headers['etag'], url).toBeDefined();
        const again = await ctx.app.inject({
          method: 'GET',
          url,
          headers: { 'if-none-match': String(res.headers['etag']) },
        });
        expect(again.statusCode, url).toBe(304);
      }
    });

    it("names a page's route's scripts and styles in its head, beside the entry's, and only its route's", async () => {
      const head = async (url: string) => {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        return /<head>(.*)<\/head>/s.exec(res.body)?.[1] ?? '';
      };
      const links = (html: string) =>
        [...html.matchAll(/<link rel="(modulepreload|stylesheet)" crossorigin href="([^"]+)">/g)].map(
          (m) => `${m[1]} ${m[2]}`,
        );
      // The route's module, what it imports, their styles (an import's before its
      // importer's, as Vite's loader applies them); not the entry's own files.
      expect(links(await head('/admin?role=user'))).toEqual([
        'stylesheet /assets/shared-222.css',
        'stylesheet /assets/admin-333.css',
        'modulepreload /assets/shared-222.js',
        'modulepreload /assets/users-555.js',
        'modulepreload /assets/admin-333.js',
      ]);
      expect(links(await head('/'))).toEqual(['modulepreload /assets/game-666.js']);
      // The most specific route module first, else the first segment's.
      expect(links(await head('/login/trust'))).toEqual(['modulepreload /assets/login-trust-888.js']);
      expect(links(await head('/register/some-code'))).toEqual([
        'stylesheet /assets/shared-222.css',
        'modulepreload /assets/shared-222.js',
        'modulepreload /assets/register-999.js',
      ]);
      // No route module of that name (nor one that leaves the routes' directory): the entry alone.
      for (const url of ['/no/such/page', '/constructor', '/..%2F..%2Fetc', '/__proto__'])
        expect(links(await head(url)), url).toEqual([]);
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
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const page = await ctx.app.inject({ method: 'GET', url: '/admin', headers: { 'accept-encoding': accept } });
        expect(page.headers['content-encoding'], accept).toBe(encoding);
        expect(page.headers['vary'], accept).toContain('accept-encoding');
        const html = (encoding === 'br' ? zlib.brotliDecompressSync : zlib.gunzipSync)(page.rawPayload).toString();
        expect(html, accept).toContain('<link rel="modulepreload" crossorigin href="/assets/admin-333.js">');
      }
      const plain = await ctx.app.inject({ method: 'GET', url: '/admin' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('<div id="root">');
    });

    it('keeps unknown API paths as JSON 404s', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/unknown' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    });
  },
  { webDist },
);
