import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeApi } from '../../test/harness.ts';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
fs.writeFileSync(path.join(webDist, 'assets', 'big-def456.js'), 'console.log("a fairly long line of code");\n'.repeat(200));

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

    it('serves hashed assets with a long cache', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('immutable');
    });

    it('compresses what is worth it and tells the decoded size of files', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['x-decoded-length']).toBe(String(fs.statSync(path.join(webDist, 'assets', 'big-def456.js')).size));
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
