/**
 * The web tests' contract table (apps/web/src/testing/contract.ts) against the server's own
 * reference: each route it names is one the server has, and each route answering JSON is named,
 * so a mocked answer can be checked against the schema the server answers through.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { expect, it } from 'vitest';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the web app's table, checked where the server runs; no subpath import reaches another app.
import { CONTRACT_ROUTES } from '../../../web/src/testing/contract.ts';
import { describeApi } from '#test/harness.ts';

/** JSON-answering routes the web app never calls, so no web test mocks them. */
const NOT_CALLED_BY_THE_WEB_APP: Record<string, string> = {
  'GET /api/health': 'the load balancer and the deploy scripts ask it, not the web app',
  'GET /api/ready': 'the load balancer and the deploy scripts ask it, not the web app',
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** `METHOD /api/path/:param`, the way the contract table writes a route. */
function routeKey(method: string, openApiPath: string): string {
  return `${method.toUpperCase()} ${openApiPath.replace(/\{(\w+)\}/g, ':$1')}`;
}

describeApi(
  "the web tests' contract table",
  (ctx) => {
    it('names every route the server answers with JSON, and no route it does not have', async () => {
      const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenAPIV3_1.Document>();
      const served = new Set<string>();
      const answersJson = new Set<string>();
      for (const [path, item] of Object.entries(doc.paths ?? {})) {
        for (const method of METHODS) {
          const op = item?.[method];
          if (!op) continue;
          const key = routeKey(method, path);
          served.add(key);
          const success = Object.entries(op.responses ?? {}).find(([status]) => /^2\d\d$/.test(status));
          const content = (success?.[1] as OpenAPIV3_1.ResponseObject | undefined)?.content ?? {};
          if ('application/json' in content) answersJson.add(key);
        }
      }
      const named = CONTRACT_ROUTES.map((r) => `${r.method} ${r.path}`);

      expect(named.filter((key) => !served.has(key))).toEqual([]);
      expect(named.filter((key, i) => named.indexOf(key) !== i)).toEqual([]);
      expect([...answersJson].filter((key) => !named.includes(key) && !(key in NOT_CALLED_BY_THE_WEB_APP))).toEqual([]);
      // An exception stays only while the route is served, answers JSON and is not in the table.
      for (const key of Object.keys(NOT_CALLED_BY_THE_WEB_APP)) {
        expect(answersJson.has(key) && !named.includes(key), key).toBe(true);
      }
    });
  },
  // With a provider configured, as the provider sign-in routes are served only then (nothing here
  // reaches the provider: the reference is all that is read).
  {
    env: {
      PUBLIC_URL: 'http://localhost:8080',
      OIDC_ISSUER: 'http://127.0.0.1:9',
      OIDC_CLIENT_ID: 'web-contract',
      OIDC_CLIENT_SECRET: 'web-contract-secret',
    },
  },
);
