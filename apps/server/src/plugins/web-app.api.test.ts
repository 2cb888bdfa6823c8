import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeApi } from '#test/harness.ts';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
// The web app's own robots.txt, as the build copies it from public/.
fs.copyFileSync(path.join(import.meta.dirname, '../../../web/public/robots.txt'), path.join(webDist, 'robots.txt'));
fs.writeFileSync(
  path.join(webDist, 'assets', 'big-def456.js'),
  'console.log("a fairly long line of code");\n'.repeat(200),
);

// The game bundle, served under its own name and under its hash.
fs.mkdirSync(path.join(webDist, 'game'));
fs.writeFileSync(path.join(webDist, 'game', 'game.js'), 'export const game = 1;\n');

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
      // Script, API and asset answers keep the policy without a nonce.
      for (const url of ['/api/health', '/assets/app-abc123.js']) {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.headers['content-security-policy']).toContain("style-src 'self';");
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

    it("gives the page the game bundle's address with its hash, which alone is kept for good", async () => {
      const page = await ctx.app.inject({ method: 'GET', url: '/' });
      const url = /<meta name="game-bundle" content="(\/game\/game\.js\?v=[\w-]{12})" \/>/.exec(page.body)?.[1];
      expect(url).toBeDefined();
      const hashed = await ctx.app.inject({ method: 'GET', url: url ?? '' });
      expect(hashed.statusCode).toBe(200);
      expect(hashed.body).toBe('export const game = 1;\n');
      expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const other of ['/game/game.js', '/game/game.js?v=older0000000']) {
        const res = await ctx.app.inject({ method: 'GET', url: other });
        expect(res.statusCode, other).toBe(200);
        expect(res.headers['cache-control'], other).toBe('no-cache');
      }
    });

    it('compresses what is worth it and tells the decoded size of files', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/assets/big-def456.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['x-decoded-length']).toBe(
        String(fs.statSync(path.join(webDist, 'assets', 'big-def456.js')).size),
      );
      expect(res.rawPayload.length).toBeLessThan(1000);
    });

    it('keeps unknown API paths as JSON 404s', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/unknown' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    });
  },
  { webDist },
);
