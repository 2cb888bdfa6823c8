import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { expect, it } from 'vitest';
import { contentSecurityPolicy } from './security.ts';
import { describeApi } from '#test/harness.ts';

type Call = {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  body?: true;
  answer?: 'json' | 'csv' | 'ndjson';
};

/** Every call of spec §7 (and those beyond it), as the document must describe them. */
const CALLS: Call[] = [
  { method: 'post', path: '/api/login', body: true },
  { method: 'post', path: '/api/register/{code}', body: true },
  { method: 'get', path: '/api/invite/{code}' },
  { method: 'get', path: '/api/modules' },
  { method: 'get', path: '/api/modules/{id}' },
  { method: 'post', path: '/api/modules', body: true },
  { method: 'put', path: '/api/modules/{id}', body: true },
  { method: 'delete', path: '/api/modules/{id}' },
  { method: 'get', path: '/api/modules/questionnaire' },
  { method: 'put', path: '/api/modules/questionnaire', body: true },
  { method: 'get', path: '/api/session' },
  { method: 'get', path: '/api/admin/users', answer: 'csv' },
  { method: 'get', path: '/api/admin/users/{id}' },
  { method: 'post', path: '/api/admin/users/{id}', body: true },
  { method: 'post', path: '/api/admin/users/{id}/assign', body: true },
  { method: 'delete', path: '/api/admin/users/{id}/assign/{moduleId}' },
  { method: 'post', path: '/api/admin/users/{id}/reinvite' },
  { method: 'delete', path: '/api/admin/users/{id}' },
  { method: 'put', path: '/api/admin/invite', body: true },
  { method: 'post', path: '/api/self', body: true },
  // Beyond the spec's table.
  { method: 'post', path: '/api/admin/reports/token', body: true },
  { method: 'get', path: '/api/admin/reports/xapi', answer: 'ndjson' },
  { method: 'post', path: '/api/login/trust', body: true },
  { method: 'post', path: '/api/password/forgot', body: true },
  { method: 'post', path: '/api/password/reset', body: true },
  { method: 'post', path: '/api/logout' },
  { method: 'post', path: '/api/session/refresh' },
  { method: 'get', path: '/api/game/assignments' },
  { method: 'post', path: '/api/game/runs', body: true },
  { method: 'post', path: '/api/game/runs/{id}/finish', body: true },
  { method: 'get', path: '/api/health' },
  { method: 'get', path: '/api/ready' },
  { method: 'get', path: '/api/admin/audit', answer: 'csv' },
  { method: 'get', path: '/api/modules/{id}/versions' },
  { method: 'get', path: '/api/modules/{id}/versions/{n}' },
  { method: 'post', path: '/api/modules/{id}/versions/{n}/restore' },
];

describeApi('the API reference', (ctx) => {
  it('serves a valid OpenAPI 3.1 document with every call, its parameters, body and answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const raw = res.json<OpenAPIV3_1.Document>();
    expect(raw.openapi).toBe('3.1.0');
    // The parser dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(raw) as never)).resolves.toBeTruthy();
    // The checks below read each operation as a client sees it, its references followed.
    const doc = (await SwaggerParser.dereference(structuredClone(raw) as never)) as unknown as OpenAPIV3_1.Document;

    for (const call of CALLS) {
      const where = `${call.method.toUpperCase()} ${call.path}`;
      const op = doc.paths?.[call.path]?.[call.method];
      expect(op, where).toBeDefined();
      if (!op) continue;
      const params = ((op.parameters ?? []) as OpenAPIV3_1.ParameterObject[])
        .filter((p) => p.in === 'path')
        .map((p) => p.name);
      expect(params.sort(), where).toEqual([...call.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
      const body = (op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content['application/json']?.schema;
      if (call.body)
        expect(
          Object.keys(body ?? {}).some((k) => k === 'type' || k === 'anyOf'),
          `${where} body`,
        ).toBe(true);
      else expect(body, `${where} body`).toBeUndefined();
      const responses = Object.entries(op.responses ?? {}) as [string, OpenAPIV3_1.ResponseObject][];
      const success = responses.find(([status]) => /^2\d\d$/.test(status));
      const media = call.answer === 'ndjson' ? 'application/x-ndjson' : 'application/json';
      expect(success?.[1].content?.[media]?.schema, `${where} answer`).toBeDefined();
      if (call.answer === 'csv') expect(success?.[1].content?.['text/csv']?.schema, `${where} CSV`).toBeDefined();
      if (call.path !== '/api/health') {
        expect(op.responses?.['4XX'], `${where} errors`).toMatchObject({
          content: { 'application/json': { schema: { properties: { message: { type: 'string' } } } } },
        });
      }
      if (
        call.path.startsWith('/api/login') ||
        call.path.startsWith('/api/invite') ||
        call.path.startsWith('/api/register') ||
        call.path.startsWith('/api/password')
      ) {
        expect(op.security, `${where} is public`).toBeUndefined();
      } else if (!['/api/health', '/api/ready', '/api/admin/users'].includes(call.path)) {
        expect(op.security, `${where} takes a token`).toEqual([{ bearer: [] }]);
      }
    }
    // Nothing else than the API: not the web app's files, not the reference itself.
    expect(
      Object.keys(doc.paths ?? {}).every(
        (p) => p.startsWith('/api/') && !p.startsWith('/api/docs') && p !== '/api/openapi.json',
      ),
    ).toBe(true);
  });

  it('gives every operation a unique camelCase operationId, a summary and one declared tag', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenAPIV3_1.Document>();
    const declared = (doc.tags ?? []).map((tag) => tag.name);
    expect(new Set(declared).size).toBe(declared.length);
    const ids: string[] = [];
    const tagged = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
        const op = item?.[method];
        if (!op) continue;
        const where = `${method.toUpperCase()} ${path}`;
        expect(op.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
        expect(op.summary, where).toMatch(/^[A-Z].{8,}[^.]$/);
        expect(op.tags, where).toHaveLength(1);
        expect(declared, where).toContain(op.tags?.[0]);
        ids.push(op.operationId ?? '');
        tagged.add(op.tags?.[0] ?? '');
      }
    }
    expect(ids.length).toBeGreaterThan(40);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    // Every declared tag has operations (none left over from a feature that went).
    expect([...tagged].sort()).toEqual([...declared].sort());
  });

  it('names the shared schemas once under components and refers to them, so the document stays small', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json<OpenAPIV3_1.Document>();
    const answer = (path: string, method: 'get' | 'post', status: string) =>
      (doc.paths?.[path]?.[method]?.responses?.[status] as OpenAPIV3_1.ResponseObject | undefined)?.content?.[
        'application/json'
      ]?.schema;
    expect(answer('/api/admin/users/{id}', 'get', '200')).toEqual({ $ref: '#/components/schemas/User' });
    // A stored module that fails today's checks is read with its problem (ModuleWithProblem).
    expect(answer('/api/modules/{id}', 'get', '200')).toEqual({
      anyOf: [{ $ref: '#/components/schemas/Module' }, { $ref: '#/components/schemas/ModuleWithProblem' }],
    });
    const errors = doc.paths?.['/api/modules/{id}']?.get?.responses;
    expect(errors?.['4XX']).toEqual({ $ref: '#/components/responses/ClientError' });
    expect(errors?.['5XX']).toEqual({ $ref: '#/components/responses/ServerError' });
    const schemas = doc.components?.schemas ?? {};
    for (const name of ['Error', 'User', 'Assignment', 'Module', 'Questionnaire', 'GameAssignment', 'AuditEntry'])
      expect(schemas[name], name).toBeDefined();
    // An input form is kept only where it differs from the output form, and no name goes unused.
    for (const name of Object.keys(schemas).filter((n) => n.endsWith('Input')))
      expect(schemas[name], name).not.toEqual(schemas[name.slice(0, -'Input'.length)]);
    for (const name of Object.keys(schemas)) expect(res.body, name).toContain(`"#/components/schemas/${name}"`);
    // With every schema inlined in every operation the document was more than twice this bound
    // (75,000 before the training record's six calls, 85,000 before the follow-up and the
    // learning evidence); the bound moves with the API, the check is that nothing is inlined twice.
    expect(res.body.length).toBeLessThan(95_000);
  });

  it('serves a page for people that the CSP allows as it is: no script, no style element, nothing from elsewhere', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(contentSecurityPolicy());
    expect(res.body).not.toMatch(/<script|<style|\sstyle=|https?:\/\//i);
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain('href="/api/openapi.json"');
    for (const call of CALLS) expect(res.body, call.path).toContain(`${call.method.toUpperCase()} ${call.path}`);
    // Each call under its tag, with its summary; each named schema it refers to links to its section.
    expect(res.body).toContain('<h2 id="tag-0">Sessions</h2>');
    expect(res.body).toContain('Sign in with e-mail and password.');
    expect(res.body).toContain('<a href="#schema-User">User</a>');
    expect(res.body).toContain('<h3 id="schema-User">User</h3>');
    const css = await ctx.app.inject({ method: 'GET', url: '/api/docs/reference.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });
});
