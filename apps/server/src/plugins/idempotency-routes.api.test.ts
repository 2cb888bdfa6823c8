/**
 * Every write route says what it does with an Idempotency-Key (plugins/idempotency.ts), and
 * none that keeps an answer can be made to keep a credential: walked over the routes as
 * registered and over the OpenAPI document their schemas make.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { expect, it } from 'vitest';
import { describeApi, type TestContext } from '#test/harness.ts';
import { IDEMPOTENCY_KEY_DESCRIPTION, IDEMPOTENCY_KEY_ONCE_DESCRIPTION, type Idempotency } from './idempotency.ts';

/**
 * A field that carries a credential: a token, a code, a password or a secret, alone or as the
 * end of its name (`auth`, `invite_code`, `current_password`; not `token_cost`, a game's count).
 */
const CREDENTIAL = /^(auth|token|code|password|secret)$|_(token|code|password|secret)$/i;

const WRITES = ['post', 'put', 'patch', 'delete'] as const;

/** The names of every property a (dereferenced) schema can hold, at any depth. */
function fieldNames(schema: unknown, seen = new Set<unknown>()): string[] {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  if (Array.isArray(schema)) return schema.flatMap((s) => fieldNames(s, seen));
  const names: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && value && typeof value === 'object') names.push(...Object.keys(value));
    names.push(...fieldNames(value, seen));
  }
  return names;
}

interface Write {
  where: string;
  declared: Idempotency;
  op: OpenAPIV3_1.OperationObject;
}

/** Each write of the document, with what its route declared. */
async function writes(ctx: TestContext): Promise<Write[]> {
  const raw = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenAPIV3_1.Document>();
  const doc = (await SwaggerParser.dereference(raw as never)) as unknown as OpenAPIV3_1.Document;
  const declared = new Map<string, Idempotency | undefined>(
    ctx.app
      .routeIdempotency()
      .map((r) => [`${r.method.toLowerCase()} ${r.url.replace(/:(\w+)/g, '{$1}')}`, r.declared]),
  );
  const found: Write[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of WRITES) {
      const op = item?.[method];
      if (!op) continue;
      const where = `${method} ${path}`;
      const mode = declared.get(where);
      expect(mode, `${where}: registered, with a declaration`).toBeDefined();
      if (mode) found.push({ where, declared: mode, op });
    }
  }
  return found;
}

describeApi('what each write does with an Idempotency-Key', (ctx) => {
  it('is declared by every write route (a new route must say)', () => {
    const routes = ctx.app.routeIdempotency();
    expect(routes.length).toBeGreaterThan(25);
    expect(routes.filter((r) => r.declared === undefined).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('keeps no answer whose schema can carry a credential, and fingerprints no credential it was sent', async () => {
    const found = await writes(ctx);
    expect(found.length).toBeGreaterThan(25);
    const refused: string[] = [];
    for (const { where, declared, op } of found) {
      if (declared === 'ignore') continue;
      // The answer is kept only by `replay`: then none of its fields may be a credential.
      if (declared === 'replay') {
        const answers = Object.entries(op.responses ?? {}).filter(([status]) => status.startsWith('2'));
        for (const name of fieldNames(answers.map(([, answer]) => answer)))
          if (CREDENTIAL.test(name)) refused.push(`${where} keeps its answer, whose ${name} is a credential`);
      }
      // Both keep a fingerprint (a hash) of the path and body: neither may hold a credential.
      for (const name of fieldNames(op.requestBody))
        if (CREDENTIAL.test(name)) refused.push(`${where} fingerprints its body, whose ${name} is a credential`);
      for (const parameter of (op.parameters ?? []) as OpenAPIV3_1.ParameterObject[])
        if (parameter.in === 'path' && CREDENTIAL.test(parameter.name))
          refused.push(`${where} fingerprints its path, whose ${parameter.name} is a credential`);
    }
    expect(refused).toEqual([]);
  });

  it('is what the reference says of each write', async () => {
    const description: Record<Idempotency, string | undefined> = {
      replay: IDEMPOTENCY_KEY_DESCRIPTION,
      once: IDEMPOTENCY_KEY_ONCE_DESCRIPTION,
      ignore: undefined,
    };
    for (const { where, declared, op } of await writes(ctx)) {
      const header = ((op.parameters ?? []) as OpenAPIV3_1.ParameterObject[]).find(
        (p) => p.in === 'header' && p.name === 'Idempotency-Key',
      );
      expect(header?.description, where).toBe(description[declared]);
    }
  });
});
