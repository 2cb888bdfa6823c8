/**
 * Security headers on every response: a CSP the app passes, no referrer, and
 * the rest of helmet's defaults. They never vary by request, so they are built
 * once at start and added as one object: helmet's per-request middleware chain
 * cost as much CPU as the rest of Fastify (docs/benchmarks.md).
 */
import type { FastifyInstance } from 'fastify';

const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // Carbon positions popovers through element.style, which CSP does not restrict;
  // style elements need the page's nonce (contentSecurityPolicy below).
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'media-src': ["'self'", 'blob:', 'data:'],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The page's policy; with a nonce, style elements that carry it are allowed too
 * (the web app's index.html: CodeMirror injects its styles; plugins/web-app.ts).
 */
export function contentSecurityPolicy(styleNonce?: string): string {
  return Object.entries(CONTENT_SECURITY_POLICY)
    .map(
      ([directive, sources]) =>
        `${directive} ${[...sources, ...(styleNonce && directive === 'style-src' ? [`'nonce-${styleNonce}'`] : [])].join(' ')}`,
    )
    .join(';');
}

/** The headers every response carries. */
function securityHeaders(publicUrl: string): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    // HSTS only means something when the product is served over HTTPS.
    ...(publicUrl.startsWith('https://') ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * The headers that only a document (or a worker) reads: a script, a stylesheet, a font or an image
 * is not framed, navigated to or run under a policy of its own, so a file served as one goes
 * without them (plugins/web-app.ts): about 0.55 KiB less on each of the 30 to 50 files a page
 * loads over HTTP/1.1. nosniff, the resource policy and the referrer policy stay on every answer.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * An API answer's policy: it loads nothing and may be framed by nothing. Opened in a tab it is
 * JSON or plain text (or a download), never a page that runs anything, and the API takes its
 * session from a bearer token, which a navigation never carries.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none';frame-ancestors 'none'";

/**
 * The headers of the API's answers: the short policy above in place of the page's, and no header
 * that only a page that runs (its window, its links, its scripts) reads: about 0.4 KiB less on
 * each of the three to five calls a page makes. The API's own page for people (/api/docs) and its
 * stylesheet are pages' files and keep the page's set.
 */
function apiHeaders(page: Record<string, string>): Record<string, string> {
  const running = new Set<string>(RUNNING_DOCUMENT_HEADERS);
  return Object.fromEntries([
    ...Object.entries(page).filter(([name]) => !running.has(name)),
    ['content-security-policy', API_CONTENT_SECURITY_POLICY],
  ]);
}

/** What only a page that runs reads: its browsing context group, its agent cluster, its links' DNS, the old XSS filter. */
const RUNNING_DOCUMENT_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-xss-protection',
] as const;

/** An API answer's address (JSON, text, a download): under /api/, but for /api/docs and what it loads. */
const API_ANSWER = /^\/api\/(?!docs(?:[/?]|$))/;

export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): void {
  const page = securityHeaders(publicUrl);
  const api = apiHeaders(page);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(API_ANSWER.test(request.url) ? api : page);
    done();
  });
}
