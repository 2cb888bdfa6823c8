/**
 * Contract fuzzing: requests generated from the OpenAPI document's own schemas
 * (fast-check) — bodies, queries and path parameters the schemas accept, and
 * arbitrary JSON they do not — sent to every call on both databases. No answer
 * may be a 5xx, every status must be one the document gives for the call, and
 * every JSON answer must match the schema documented for that status.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { expect, it } from 'vitest';
import { arbitraryFor, type JsonSchema } from '#test/schema-arbitrary.ts';
import { describeApi, TEST_PASSWORD } from '#test/harness.ts';

const RUNS_PER_CALL = Number(process.env.FUZZ_RUNS ?? 12);
const METHODS = ['get', 'put', 'post', 'delete'] as const;

interface Operation {
  method: (typeof METHODS)[number];
  path: string;
  op: OpenAPIV3_1.OperationObject;
}

describeApi('contract fuzzing from the OpenAPI document', (ctx) => {
  it('answers generated requests, valid and not, with a documented status and schema and never a 5xx', async () => {
    const raw = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenAPIV3_1.Document>();
    // Requests and answers are generated and checked from the schemas themselves, references followed.
    const doc = (await SwaggerParser.dereference(raw as never)) as unknown as OpenAPIV3_1.Document;
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { user_name: 'admin@example.com', password: TEST_PASSWORD },
    });
    const admin = login.json<{ auth: string }>().auth;
    const victim = await ctx.createUser();
    const other = await ctx.createUser();
    // Values a path parameter may take: records that exist, and anything else.
    const knownIds = [victim.id, other.id, 'ready_airman_training'];

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const validators = new Map<unknown, ValidateFunction>();
    const validate = (schema: object) => {
      let v = validators.get(schema);
      if (!v) validators.set(schema, (v = ajv.compile(schema)));
      return v;
    };

    const operations: Operation[] = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      METHODS.flatMap((method) => (item?.[method] ? [{ method, path, op: item[method] }] : [])),
    );
    expect(operations.length).toBeGreaterThan(25);
    const failures: string[] = [];
    let requests = 0;
    const statuses = new Map<number, number>();

    for (const { method, path, op } of operations) {
      const params = (op.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query');
      const bodySchema = (op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content['application/json']
        ?.schema as JsonSchema | undefined;
      const id = fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...knownIds) },
        { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9_.~-]{1,40}$/) },
        { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
      );
      const request = fc.record({
        path: fc.tuple(...pathParams.map(() => id)),
        query: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, arbitraryFor(p.schema as JsonSchema)])), {
          requiredKeys: [],
        }),
        body: bodySchema
          ? fc.oneof(
              { weight: 3, arbitrary: arbitraryFor(bodySchema) },
              { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
            )
          : fc.constant(undefined),
        caller: fc.constantFrom('admin', 'admin', 'admin', 'user', 'nobody'),
      });

      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          let i = 0;
          const url =
            path.replace(/\{\w+\}/g, () => encodeURIComponent(String(r.path[i++]))) +
            (Object.keys(r.query).length
              ? `?${new URLSearchParams(Object.entries(r.query).map(([k, v]): [string, string] => [k, String(v)]))}`
              : '');
          // Calls about the caller themself get a user of their own: a new e-mail or a logout would end the admin's session.
          let token: string | undefined;
          if (r.caller === 'admin' && !['/api/self', '/api/logout'].includes(path)) token = admin;
          else if (r.caller !== 'nobody') token = (await ctx.createUser()).token;
          const options: InjectOptions = { method: method.toUpperCase() as InjectOptions['method'], url };
          if (r.body !== undefined) options.payload = r.body as InjectOptions['payload'];
          const res = await ctx.request(token, options);
          requests++;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const where = `${method.toUpperCase()} ${url} ${JSON.stringify(r.body)?.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          const responses = op.responses ?? {};
          const documented = (responses[String(res.statusCode)] ?? responses[`${String(res.statusCode)[0]}XX`]) as
            OpenAPIV3_1.ResponseObject | undefined;
          if (res.statusCode >= 500) failures.push(`5xx: ${where}`);
          else if (!documented) failures.push(`undocumented status: ${where}`);
          else {
            const type = String(res.headers['content-type'] ?? '').split(';')[0] ?? '';
            const media = documented.content?.[type];
            if (!media) failures.push(`undocumented content type ${type}: ${where}`);
            else if (type === 'application/json') {
              const check = validate(media.schema as object);
              if (!check(JSON.parse(res.body)))
                failures.push(`answer off its schema (${ajv.errorsText(check.errors)}): ${where}`);
            }
          }
        }),
        { numRuns: RUNS_PER_CALL },
      );
    }
    if (process.env.FUZZ_REPORT) console.log([...statuses].sort(([a], [b]) => a - b));
    expect(failures).toEqual([]);
    // The generated requests reach past validation: some are answered 2xx, not all refused.
    expect([...statuses].filter(([s]) => s < 300).reduce((n, [, c]) => n + c, 0)).toBeGreaterThan(requests / 10);
    expect(requests).toBe(operations.length * RUNS_PER_CALL);
  }, 240_000);
});
