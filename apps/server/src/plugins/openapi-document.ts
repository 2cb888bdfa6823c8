/**
 * The last pass over the OpenAPI document @fastify/swagger assembles (plugins/openapi.ts):
 * what every operation shares is said once under components and referred to by `$ref`.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_DESCRIPTION, IDEMPOTENCY_KEY_ONCE_DESCRIPTION, type Idempotency } from './idempotency.ts';
import { errorResponses } from './schemas.ts';

const SCHEMAS = '#/components/schemas/';
const WRITES = ['put', 'post', 'delete', 'patch'] as const;
const METHODS = ['get', ...WRITES] as const;

type Operation = OpenAPIV3_1.OperationObject;

function operations(doc: OpenAPIV3_1.Document): [string, Operation][] {
  const found: [string, Operation][] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (op) found.push([path, op]);
    }
  }
  return found;
}

/**
 * An answer whose schema is a named component keeps its schema's description (the
 * `errorResponses`: what a 4xx or a 5xx means): @fastify/swagger reads a response's
 * description from an inline schema only. Applied to each route's transformed schema.
 */
export function describedResponses(declared: unknown, transformed: unknown): unknown {
  if (!declared || typeof declared !== 'object' || !transformed || typeof transformed !== 'object') return transformed;
  const responses: Record<string, unknown> = { ...transformed };
  for (const [status, json] of Object.entries(responses)) {
    const zod = (declared as Record<string, unknown>)[status];
    if (!(zod instanceof z.ZodType) || !zod.description || !json || typeof json !== 'object' || !('$ref' in json))
      continue;
    responses[status] = { description: zod.description, content: { 'application/json': { schema: json } } };
  }
  return responses;
}

/** An operation's Idempotency-Key choice (plugins/idempotency.ts), by method and path. */
export type IdempotencyOf = (method: string, path: string) => Idempotency | undefined;

/** The whole document's pass, once every route's schema is in. */
export function shapeDocument(doc: OpenAPIV3_1.Document, idempotency: IdempotencyOf): OpenAPIV3_1.Document {
  return withoutUnusedSchemas(withSameInputsMerged(withSharedResponses(withIdempotencyKey(doc, idempotency))));
}

/** The names of the Idempotency-Key header's two forms under components/parameters. */
export const IDEMPOTENCY_PARAMETERS = { replay: 'IdempotencyKey', once: 'IdempotencyKeyOnce' } as const;

/**
 * The Idempotency-Key header (plugins/idempotency.ts) on every write that takes it: one form
 * where a repeat gets the first answer, another where the answer holds a credential and is not kept.
 */
function withIdempotencyKey(doc: OpenAPIV3_1.Document, idempotency: IdempotencyOf): OpenAPIV3_1.Document {
  const header = (description: string): OpenAPIV3_1.ParameterObject => ({
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description,
    schema: { type: 'string', minLength: 1, maxLength: 257 },
  });
  const parameters: Record<string, OpenAPIV3_1.ParameterObject> = {};
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of WRITES) {
      const op = item?.[method];
      const mode = op && idempotency(method, path);
      if (!op || !mode || mode === 'ignore') continue;
      const name = IDEMPOTENCY_PARAMETERS[mode];
      parameters[name] = header(mode === 'replay' ? IDEMPOTENCY_KEY_DESCRIPTION : IDEMPOTENCY_KEY_ONCE_DESCRIPTION);
      op.parameters = [...(op.parameters ?? []), { $ref: `#/components/parameters/${name}` }];
    }
  }
  return { ...doc, components: { ...doc.components, parameters } };
}

/** The 4XX and 5XX answers every route declares through `errorResponses`, said once. */
function withSharedResponses(doc: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  const shared: Record<string, [string, OpenAPIV3_1.ResponseObject]> = {
    '4XX': ['ClientError', errorAnswer(errorResponses['4xx'].description)],
    '5XX': ['ServerError', errorAnswer(errorResponses['5xx'].description)],
  };
  const used = new Map<string, OpenAPIV3_1.ResponseObject>();
  for (const [, op] of operations(doc)) {
    for (const [status, [name, response]] of Object.entries(shared)) {
      if (op.responses?.[status] && JSON.stringify(op.responses[status]) === JSON.stringify(response)) {
        op.responses[status] = { $ref: `#/components/responses/${name}` };
        used.set(name, response);
      }
    }
  }
  const responses = Object.fromEntries(used);
  return { ...doc, components: { ...doc.components, responses: { ...doc.components?.responses, ...responses } } };
}

function errorAnswer(description: string | undefined): OpenAPIV3_1.ResponseObject {
  return {
    description: description ?? 'An error',
    content: { 'application/json': { schema: { $ref: `${SCHEMAS}Error` } } },
  };
}

/**
 * A named schema gets an input form (`<Name>Input`) besides its output form; where the
 * two say the same, the input form goes and its references point at the output form.
 */
function withSameInputsMerged(doc: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  const schemas = doc.components?.schemas ?? {};
  const merged = new Set<string>();
  const rename = (text: string): string =>
    text.replace(/"#\/components\/schemas\/(\w+)Input"/g, (ref, name: string) =>
      merged.has(name) ? `"${SCHEMAS}${name}"` : ref,
    );
  // Merging one pair may make another equal (a schema whose only difference was a reference).
  for (let changed = true; changed;) {
    changed = false;
    for (const name of Object.keys(schemas)) {
      const input = schemas[`${name}Input`];
      if (name.endsWith('Input') || !input || merged.has(name)) continue;
      if (rename(JSON.stringify(input)) === JSON.stringify(schemas[name])) {
        merged.add(name);
        changed = true;
      }
    }
  }
  const renamed = JSON.parse(rename(JSON.stringify(doc))) as OpenAPIV3_1.Document;
  const kept = Object.entries(renamed.components?.schemas ?? {}).filter(
    ([name]) => !(name.endsWith('Input') && merged.has(name.slice(0, -'Input'.length))),
  );
  return { ...renamed, components: { ...renamed.components, schemas: Object.fromEntries(kept) } };
}

/** Only the named schemas some operation reaches, in name order. */
function withoutUnusedSchemas(doc: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  const schemas = doc.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMAS)) {
          const name = child.slice(SCHEMAS.length);
          if (!used.has(name)) {
            used.add(name);
            visit(schemas[name]);
          }
        } else visit(child);
      }
    }
  };
  visit(doc.paths);
  visit(doc.components?.responses);
  const kept = Object.entries(schemas)
    .filter(([name]) => used.has(name))
    .sort(([a], [b]) => a.localeCompare(b));
  return { ...doc, components: { ...doc.components, schemas: Object.fromEntries(kept) } };
}
