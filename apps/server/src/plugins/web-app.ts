/**
 * Serves the built web app: hashed assets cached for a year, and index.html
 * (never cached) for every other non-API path, so deep links and reloads work.
 * A missing file (a last path segment with an extension, /robots.txt or
 * /favicon.ico say) is a plain 404, not the app's HTML under the file's name.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyStaticOptions } from '@fastify/static';
import { routePreloads } from './route-preloads.ts';
import { DOCUMENT_ONLY_HEADERS, contentSecurityPolicy } from './security.ts';

/**
 * What a page loads as a subresource and never as a document: a script, a stylesheet, a font or a
 * raster image. A worker's script is not one of them: its answer's CSP is the worker's policy (the
 * page's does not reach it); Vite names a worker's file after its source (`balance-worker.ts`).
 * HTML, SVG (it can hold scripts when opened) and anything else keep every header.
 */
const SUBRESOURCE_TYPE = /^(text\/css|text\/javascript|application\/javascript|font\/|image\/(png|jpeg|gif|webp|avif))/;
const WORKER_FILE = /worker[^/]*\.js$/;

function subresourceOnly(request: FastifyRequest, reply: FastifyReply): boolean {
  const type = String(reply.getHeader('content-type') ?? '');
  return SUBRESOURCE_TYPE.test(type) && !WORKER_FILE.test(request.url.split('?')[0] ?? '');
}

/**
 * @fastify/static inside a context of its own whose routes say they are public
 * (every other route needs a signed-in caller: plugins/auth.ts), each file with
 * the Cache-Control `cacheFor` gives.
 */
const publicFiles =
  (cacheFor: (request: FastifyRequest) => string): FastifyPluginAsync<FastifyStaticOptions> =>
  async (scope, options) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    // The build compressed each file as far as it pays (apps/web/build/precompress.ts): the file
    // is sent as the build left it, never compressed again on the way out (@fastify/compress obeys
    // this header; @fastify/static picks the encoding by Accept-Encoding and says Vary).
    scope.addHook('onRequest', async (request) => {
      request.headers['x-no-compression'] = 'precompressed';
    });
    scope.addHook('onSend', async (request, reply) => {
      const cacheControl = cacheFor(request);
      reply.header('Cache-Control', cacheControl);
      // Kept for good, never revalidated: the validators are bytes on the wire for nothing
      // (a page loads dozens of such files; each answer's headers count).
      if (cacheControl === IMMUTABLE) {
        reply.removeHeader('etag');
        reply.removeHeader('last-modified');
      }
      // Never a document: it goes without the headers only documents read (plugins/security.ts).
      if (subresourceOnly(request, reply)) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    });
    await scope.register(fastifyStatic, options);
  };

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Hashed assets, the game's chunks (named by their hash) and the game bundle asked for under its
 * hash are kept for a year; anything else is revalidated.
 */
function cacheControl(request: FastifyRequest, gameUrl: string | undefined): string {
  const immutable =
    request.url.startsWith('/assets/') ||
    request.url.startsWith(`${GAME_CHUNKS_PATH}/`) ||
    (gameUrl !== undefined && request.url === gameUrl);
  return immutable ? IMMUTABLE : 'no-cache';
}

const decodedSizes = new Map<string, number>();

/** The size of the plain file `filePath` (x.br or x.gz: x's), read once. */
function decodedSize(filePath: string, size: number): number {
  const plain = /\.(br|gz)$/.exec(filePath) ? filePath.slice(0, filePath.lastIndexOf('.')) : undefined;
  if (plain === undefined) return size;
  let known = decodedSizes.get(plain);
  if (known === undefined) {
    known = fs.statSync(plain).size;
    decodedSizes.set(plain, known);
  }
  return known;
}

/** Whether `filePath` is the game bundle, plain or compressed (the one file whose download shows its progress). */
function isGameBundle(webDist: string, filePath: string): boolean {
  return path.resolve(filePath.replace(/\.(br|gz)$/, '')) === path.resolve(webDist, `.${GAME_BUNDLE_PATH}`);
}

/**
 * The page as the browser takes it, brotli or gzip: compressed here, since @fastify/compress
 * compresses the answers of routes and the page is the not-found handler's (each answer has a
 * nonce of its own, so it cannot be compressed at build time).
 */
function compressedPage(html: string, accept: string | undefined): { body: Buffer | string; encoding?: string } {
  const takes = (name: string) =>
    (accept ?? '').split(',').some((part) => {
      const [coding, ...params] = part.trim().toLowerCase().split(';');
      return coding === name && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    });
  if (takes('br'))
    return {
      body: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
      encoding: 'br',
    };
  if (takes('gzip')) return { body: zlib.gzipSync(html), encoding: 'gzip' };
  return { body: html };
}

/** The page split where a meta element can go: before and from `</head>`. */
function splitAtHeadEnd(html: string): [string, string] {
  const at = html.indexOf('</head>');
  if (at < 0) throw new Error('index.html has no </head>');
  return [html.slice(0, at), html.slice(at)];
}

/** Where the game bundle is served: its name is not hashed (the build's tools and tests read it by name). */
export const GAME_BUNDLE_PATH = '/game/game.js';
/** Where the game's chunks are served (apps/web/vite.game.config.ts), each named by its content's hash. */
const GAME_CHUNKS_PATH = '/game/chunks';

/**
 * The game bundle's address with its content's hash, which the page is given: a download of that
 * address may be kept for good (a new build has a new hash), so the page's fetch for its loading
 * bar fills the cache its import then reads, without asking again.
 */
function versionedGameUrl(webDist: string): string | undefined {
  const file = path.join(webDist, GAME_BUNDLE_PATH);
  if (!fs.existsSync(file)) return undefined;
  const hash = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('base64url').slice(0, 12);
  return `${GAME_BUNDLE_PATH}?v=${hash}`;
}

export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const index = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasWebApp = index !== undefined && fs.existsSync(index);
  const gameUrl = hasWebApp ? versionedGameUrl(webDist as string) : undefined;
  const gameMeta = gameUrl ? `<meta name="game-bundle" content="${gameUrl}" />` : '';
  // Read once: the page is small and changes only with a new build (and a restart). Each
  // answer carries a nonce of its own in its CSP and in a meta element the app reads.
  const [beforeHead, fromHead] = hasWebApp ? splitAtHeadEnd(fs.readFileSync(index, 'utf8')) : [];
  // The page's route's scripts and styles, named beside the entry's (plugins/route-preloads.ts).
  const preloads = hasWebApp ? routePreloads(webDist as string) : () => '';
  const indexPage = (pathname: string) => {
    const nonce = crypto.randomBytes(16).toString('base64');
    return {
      nonce,
      html: `${beforeHead}${preloads(pathname)}${gameMeta}<meta name="csp-nonce" content="${nonce}" />${fromHead}`,
    };
  };
  if (hasWebApp) {
    await app.register(
      publicFiles((request) => cacheControl(request, gameUrl)),
      {
        root: webDist as string,
        index: false,
        // Routes for the files present at start; anything else falls to the SPA handler below,
        // index.html too (it is answered with a nonce).
        wildcard: false,
        // x.br and x.gz beside x: sent for x, not at their own addresses.
        preCompressed: true,
        globIgnore: ['**/*.br', '**/*.gz'],
        allowedPath: (pathName) => pathName !== '/index.html',
        // No page asks for part of a file.
        acceptRanges: false,
        setHeaders(res, filePath, stat) {
          // Compressed, a file's Content-Length is no longer what the browser's reader
          // counts: the game's loading bar needs the decoded size, the plain file's.
          if (isGameBundle(webDist as string, filePath))
            res.header('X-Decoded-Length', String(decodedSize(filePath, stat.size)));
        },
      },
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.code(404).send({ message: `No such call: ${request.method} ${pathname}` });
    }
    if (beforeHead === undefined || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ message: 'Not found' });
    }
    // A missing file (a last segment with an extension) is a plain 404, not the app's HTML under its name.
    if (pathname !== '/index.html' && /\.[A-Za-z0-9]+$/.test(pathname.split('/').pop() ?? '')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    const { nonce, html } = indexPage(pathname);
    const { body, encoding } = compressedPage(html, request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .header('Cache-Control', 'no-cache')
      .header('content-security-policy', contentSecurityPolicy(nonce))
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8')
      .send(body);
  });
}
