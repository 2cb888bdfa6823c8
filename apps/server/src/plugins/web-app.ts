/**
 * Serves the built web app: hashed assets cached for a year, and index.html
 * (never cached) for every other non-API path, so deep links and reloads work.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { FastifyStaticOptions } from '@fastify/static';

/**
 * @fastify/static inside a context of its own whose routes say they are public
 * (every other route needs a signed-in caller: plugins/auth.ts).
 */
const publicFiles: FastifyPluginAsync<FastifyStaticOptions> = async (scope, options) => {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: 'public' };
  });
  await scope.register(fastifyStatic, options);
};

export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const index = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasWebApp = index !== undefined && fs.existsSync(index);
  // Read once: the page is small and changes only with a new build (and a restart).
  const indexHtml = hasWebApp ? fs.readFileSync(index) : undefined;
  if (hasWebApp) {
    await app.register(publicFiles, {
      root: webDist as string,
      index: false,
      // Routes for the files present at start; anything else falls to the SPA handler below.
      wildcard: false,
      setHeaders(res, filePath, stat) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Compressed on the way out, a file's Content-Length is no longer what the
        // browser's reader counts: the game's loading bar needs the decoded size.
        res.header('X-Decoded-Length', String(stat.size));
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.code(404).send({ message: `No such call: ${request.method} ${pathname}` });
    }
    if (!indexHtml || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ message: 'Not found' });
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });
}
