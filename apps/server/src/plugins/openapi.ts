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
import { IDEMPOTENCY_KEY_DESCRIPTION, takesIdempotencyKey } from './idempotency.ts';

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/** Registered before the routes, whose schemas it collects as they are added. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
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
      const access = route.route.config?.access ?? 'user';
      const schema = { ...transformed.schema } as Record<string, unknown>;
      if (access !== 'public') schema.security = [{ bearer: [] }];
      if (access === 'admin')
        schema.description = `${typeof schema.description === 'string' ? schema.description + ' ' : ''}Administrators only.`;
      return { schema, url: transformed.url };
    },
    transformObject: (input) => withIdempotencyKey(jsonSchemaTransformObject(input) as OpenAPIV3_1.Document),
  });
}

/** The Idempotency-Key header (plugins/idempotency.ts) on every write that takes it. */
function withIdempotencyKey(doc: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  const parameter: OpenAPIV3_1.ParameterObject = {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description: IDEMPOTENCY_KEY_DESCRIPTION,
    schema: { type: 'string', minLength: 1, maxLength: 257 },
  };
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!item || !takesIdempotencyKey(path)) continue;
    for (const method of ['put', 'post', 'delete', 'patch'] as const) {
      const op = item[method];
      if (op) op.parameters = [...(op.parameters ?? []), parameter];
    }
  }
  return doc;
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

function schemaBlock(label: string, schema: unknown): string {
  return `<h4>${escapeHtml(label)}</h4><pre tabindex="0">${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`;
}

/** One section per call, in path order: who may call it, its parameters, body and answers. */
function referencePage(doc: OpenAPIV3_1.Document): string {
  const sections: string[] = [];
  const toc: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (!op) continue;
      const id = `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-');
      const title = `${method.toUpperCase()} ${path}`;
      toc.push(`<li><a href="#${id}">${escapeHtml(title)}</a></li>`);
      const who = !op.security
        ? 'Anyone (no token).'
        : op.description?.includes('Administrators only')
          ? 'Administrators (bearer token).'
          : 'Signed-in users (bearer token).';
      const parts = [
        `<section aria-labelledby="${id}"><h3 id="${id}"><code>${escapeHtml(title)}</code></h3>`,
        `<p>${escapeHtml(who)}</p>`,
      ];
      for (const p of (op.parameters ?? []) as OpenAPIV3_1.ParameterObject[]) {
        parts.push(schemaBlock(`${p.in} parameter ${p.name}${p.required ? ' (required)' : ''}`, p.schema));
      }
      const body = (op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content;
      for (const [type, media] of Object.entries(body ?? {}))
        parts.push(schemaBlock(`Request body (${type})`, media.schema));
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const r = response as OpenAPIV3_1.ResponseObject;
        for (const [type, media] of Object.entries(r.content ?? {})) {
          parts.push(
            schemaBlock(
              `Answer ${status} (${type})${r.description && r.description !== 'Default Response' ? `: ${r.description}` : ''}`,
              media.schema,
            ),
          );
        }
      }
      parts.push('</section>');
      sections.push(parts.join('\n'));
    }
  }
  const schemas = Object.entries(doc.components?.schemas ?? {})
    .map(
      ([name, schema]) =>
        `<section aria-labelledby="schema-${escapeHtml(name)}"><h3 id="schema-${escapeHtml(name)}">${escapeHtml(name)}</h3><pre tabindex="0">${escapeHtml(JSON.stringify(schema, null, 2))}</pre></section>`,
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
<nav aria-label="Calls"><h2>Calls</h2><ul>${toc.join('')}</ul></nav>
<main id="calls" tabindex="-1"><h2>Calls in detail</h2>
${sections.join('\n')}
${schemas ? `<h2>Shared schemas</h2>\n${schemas}` : ''}
</main>
</body>
</html>
`;
}

const REFERENCE_CSS = `body{font-family:system-ui,sans-serif;line-height:1.5;margin:0 auto;max-width:72rem;padding:1rem;color:#161616;background:#fff}
a{color:#0043ce}a:focus,pre:focus{outline:2px solid #0f62fe;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem}
nav ul{columns:20rem;padding-left:1.25rem}nav li{overflow-wrap:anywhere}
section{border-top:1px solid #c6c6c6;margin-top:1.5rem}
h3 code{font-size:1.1rem;overflow-wrap:anywhere}h4{margin:.75rem 0 .25rem;font-size:1rem}
pre{background:#f4f4f4;padding:.75rem;overflow:auto;max-height:24rem;font-size:.85rem}
`;
