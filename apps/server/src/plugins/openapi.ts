/**
 * The API's reference, generated from the routes' own schemas (plugins/schemas.ts):
 * the OpenAPI 3.1 document at GET /api/openapi.json, and a page for people at
 * GET /api/docs, built on the server from that document: no script, no style
 * element, nothing from elsewhere, so it passes the product's CSP as it is.
 * The prose (authorization, errors, paging) is in docs/api.md.
 */
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { escapeHtml } from '../lib/escape-html.ts';
import { API_TAGS } from './openapi-components.ts';
import { describedResponses, shapeDocument } from './openapi-document.ts';
import { idempotencyOf, type Idempotency } from './idempotency.ts';

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/** Registered before the routes, whose schemas it collects as they are added. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  // Each write's Idempotency-Key choice (plugins/idempotency.ts), by method and path as the document spells them.
  const idempotency = new Map<string, Idempotency>();
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Ready Airman Training API',
        version,
        description:
          'Every call of the training game and its administration area. Authorization, errors and paging are described in docs/api.md.',
      },
      servers: [{ url: '/' }],
      tags: API_TAGS.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // Only the API: the web app's files and the reference itself are not calls.
    transform: (route) => {
      const { url } = route;
      if (!url.startsWith('/api/') || url === '/api/openapi.json' || url.startsWith('/api/docs')) {
        return { schema: { ...route.schema, hide: true }, url };
      }
      const transformed = zodTransform(route);
      for (const method of [route.route.method].flat())
        idempotency.set(operationKey(method, transformed.url), idempotencyOf(route.route.config));
      const access = route.route.config?.access ?? 'user';
      const schema = { ...transformed.schema } as Record<string, unknown>;
      schema.response = describedResponses(route.schema.response, schema.response);
      if (access !== 'public') schema.security = [{ bearer: [] }];
      const who =
        access === 'admin'
          ? 'Administrators only.'
          : access === 'unit_admin'
            ? 'Administrators, and unit administrators within their units.'
            : undefined;
      if (who) schema.description = `${typeof schema.description === 'string' ? schema.description + ' ' : ''}${who}`;
      return { schema, url: transformed.url };
    },
    transformObject: (input) =>
      shapeDocument(jsonSchemaTransformObject(input) as OpenAPIV3_1.Document, (method, path) =>
        idempotency.get(operationKey(method, path)),
      ),
  });
}

/** A route's method and path, as the document spells them (`/api/x/{id}`). */
function operationKey(method: string, url: string): string {
  return `${method.toLowerCase()} ${url.replace(/:(\w+)/g, '{$1}')}`;
}

/** The document, once the app is ready. */
function openApiDocument(app: FastifyInstance): OpenAPIV3_1.Document {
  return app.swagger() as OpenAPIV3_1.Document;
}

export function openApiRoutes(app: FastifyInstance): void {
  let document: string | undefined;
  let page: string | undefined;
  app.get('/api/openapi.json', { config: { access: 'public' } }, async (_request, reply) => {
    document ??= JSON.stringify(openApiDocument(app));
    return reply.type('application/json; charset=utf-8').send(document);
  });
  app.get('/api/docs', { config: { access: 'public' } }, async (_request, reply) => {
    page ??= referencePage(openApiDocument(app));
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page);
  });
  app.get('/api/docs/reference.css', { config: { access: 'public' } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('Cache-Control', 'no-cache').send(REFERENCE_CSS),
  );
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** What a `$ref` of the document points at (`#/components/...`), or the object itself. */
function resolved<T extends object>(doc: OpenAPIV3_1.Document, value: T | OpenAPIV3_1.ReferenceObject): T {
  if (!('$ref' in value)) return value;
  let target: unknown = doc;
  for (const key of value.$ref.replace(/^#\//, '').split('/')) target = (target as Record<string, unknown>)[key];
  return target as T;
}

/** A schema's JSON, then a link to each named schema it refers to; a named schema alone, as its link. */
function schemaBlock(label: string, schema: unknown): string {
  const json = JSON.stringify(schema, null, 2);
  const named = /^\{\s*"\$ref": "#\/components\/schemas\/(\w+)"\s*\}$/.exec(json)?.[1];
  if (named)
    return `<h4>${escapeHtml(label)}</h4><p class="refs">Schema: <a href="#schema-${escapeHtml(named)}">${escapeHtml(named)}</a></p>`;
  const names = [...new Set([...json.matchAll(/"#\/components\/schemas\/(\w+)"/g)].map((m) => m[1] ?? ''))];
  const links = names.map((name) => `<a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a>`).join(', ');
  return (
    `<h4>${escapeHtml(label)}</h4><pre tabindex="0">${escapeHtml(json)}</pre>` +
    (links ? `<p class="refs">Named schemas: ${links}</p>` : '')
  );
}

function callSection(doc: OpenAPIV3_1.Document, id: string, title: string, op: OpenAPIV3_1.OperationObject): string {
  const who = !op.security
    ? 'Anyone (no token).'
    : op.description?.includes('Administrators only')
      ? 'Administrators (bearer token).'
      : 'Signed-in users (bearer token).';
  const parts = [
    `<section aria-labelledby="${id}"><h3 id="${id}"><code>${escapeHtml(title)}</code></h3>`,
    `<p>${escapeHtml(op.summary ?? '')}. ${escapeHtml(who)} Operation <code>${escapeHtml(op.operationId ?? '')}</code>.</p>`,
  ];
  for (const p of op.parameters ?? []) {
    const param = resolved(doc, p);
    parts.push(schemaBlock(`${param.in} parameter ${param.name}${param.required ? ' (required)' : ''}`, param.schema));
  }
  const body = op.requestBody ? resolved(doc, op.requestBody).content : {};
  for (const [type, media] of Object.entries(body)) parts.push(schemaBlock(`Request body (${type})`, media.schema));
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    const r = resolved(doc, response);
    const said = r.description && r.description !== 'Default Response' ? `: ${r.description}` : '';
    for (const [type, media] of Object.entries(r.content ?? {}))
      parts.push(schemaBlock(`Answer ${status} (${type})${said}`, media.schema));
  }
  parts.push('</section>');
  return parts.join('\n');
}

/** One part per tag, one section per call in path order: who may call it, its parameters, body and answers. */
function referencePage(doc: OpenAPIV3_1.Document): string {
  const calls = new Map<string, { id: string; title: string; op: OpenAPIV3_1.OperationObject }[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (!op) continue;
      const id = `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-');
      const tag = op.tags?.[0] ?? '';
      calls.set(tag, [...(calls.get(tag) ?? []), { id, title: `${method.toUpperCase()} ${path}`, op }]);
    }
  }
  const tags = (doc.tags ?? []).filter((tag) => calls.has(tag.name));
  const toc = tags.map(
    (tag) =>
      `<li>${escapeHtml(tag.name)}<ul>${(calls.get(tag.name) ?? [])
        .map((call) => `<li><a href="#${call.id}">${escapeHtml(call.title)}</a></li>`)
        .join('')}</ul></li>`,
  );
  const sections = tags.map((tag, i) =>
    [
      `<h2 id="tag-${i}">${escapeHtml(tag.name)}</h2>`,
      `<p>${escapeHtml(tag.description ?? '')}</p>`,
      ...(calls.get(tag.name) ?? []).map((call) => callSection(doc, call.id, call.title, call.op)),
    ].join('\n'),
  );
  const schemas = Object.entries(doc.components?.schemas ?? {})
    .map(([name, schema]) =>
      [
        `<section aria-labelledby="schema-${escapeHtml(name)}"><h3 id="schema-${escapeHtml(name)}">${escapeHtml(name)}</h3>`,
        schemaBlock('Schema', schema),
        '</section>',
      ].join(''),
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} — reference</title>
<link rel="stylesheet" href="/api/docs/reference.css">
</head>
<body>
<a class="skip" href="#calls">Skip to the calls</a>
<header><h1>${escapeHtml(doc.info.title)}</h1><p>Version ${escapeHtml(doc.info.version)}. ${escapeHtml(doc.info.description ?? '')} The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(doc.openapi)}).</p></header>
<nav aria-label="Calls"><h2>Calls</h2><ul>${toc.join('')}</ul><p><a href="#schemas">Named schemas</a></p></nav>
<main id="calls" tabindex="-1">
${sections.join('\n')}
${schemas ? `<h2 id="schemas">Named schemas</h2>\n${schemas}` : ''}
</main>
</body>
</html>
`;
}

const REFERENCE_CSS = `body{font-family:system-ui,sans-serif;line-height:1.5;margin:0 auto;max-width:72rem;padding:1rem;color:#161616;background:#fff}
a{color:#0043ce}a:focus,pre:focus{outline:2px solid #0f62fe;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem}
nav>ul{columns:20rem;padding-left:1.25rem}nav li{overflow-wrap:anywhere;break-inside:avoid-column}nav ul ul{padding-left:1rem}
.refs{margin:.25rem 0}
section{border-top:1px solid #c6c6c6;margin-top:1.5rem}
h3 code{font-size:1.1rem;overflow-wrap:anywhere}h4{margin:.75rem 0 .25rem;font-size:1rem}
pre{background:#f4f4f4;padding:.75rem;overflow:auto;max-height:24rem;font-size:.85rem}
`;
