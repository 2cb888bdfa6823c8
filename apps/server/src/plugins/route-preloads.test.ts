/**
 * The naming rule that finds a page's route module (route-preloads.ts) held against the web
 * app's router: every page route's path must lead to the module the router loads for it, or
 * its page would silently preload nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeNames } from './route-preloads.ts';

const ROUTER = path.resolve(import.meta.dirname, '../../../web/src/app/router.tsx');

/** The router's page routes: each one's path ('' for the index route) and the route module it loads. */
function pageRoutes(source: string): { path: string; module: string }[] {
  const route =
    /(?:path:\s*'([^']*)'|index:\s*true)[^{}]*?\.\.\.(?:page|pageWithData)\(\(\) => import\('\.\/routes\/([a-z0-9-]+)\.tsx'\)\)/g;
  return [...source.matchAll(route)].map((m) => ({ path: m[1] ?? '', module: m[2] ?? '' }));
}

/** Paths the route answers: each parameter given a value, an optional one also left out. */
function samplePaths(routePath: string): string[] {
  const segments = routePath.split('/').filter((s) => s !== '');
  const given = segments.map((s) => (s.startsWith(':') ? 'x' : s));
  const withoutOptional = segments.filter((s) => !(s.startsWith(':') && s.endsWith('?')));
  return [...new Set([given, withoutOptional].map((s) => `/${s.join('/')}`))];
}

describe('routeNames', () => {
  it('names a path by its joined segments, then its first, and / as the game', () => {
    expect(routeNames('/')).toEqual(['game']);
    expect(routeNames('/login/trust')).toEqual(['login-trust', 'login']);
    expect(routeNames('/register/abc')).toEqual(['register-abc', 'register']);
    expect(routeNames('/admin')).toEqual(['admin']);
  });

  it('names nothing that could leave the routes directory', () => {
    expect(routeNames('/..')).toEqual([]);
    expect(routeNames('/Admin/%2e%2e')).toEqual([]);
  });
});

describe("the web app's router", () => {
  const source = fs.readFileSync(ROUTER, 'utf8');
  const routes = pageRoutes(source);
  const modules = new Set(routes.map((r) => r.module));

  it('declares every page in a form this test reads', () => {
    // A route written otherwise would escape the check below.
    expect(routes.length).toBe(source.match(/import\('\.\/routes\/[^']+\.tsx'\)/g)?.length);
    expect(routes.length).toBeGreaterThan(10);
  });

  it.each(routes.filter((r) => r.path !== '*'))('finds $module for its path $path', ({ path: routePath, module }) => {
    for (const pathname of samplePaths(routePath)) {
      const found = routeNames(pathname).find((name) => modules.has(name));
      expect(found, pathname).toBe(module);
    }
  });
});
