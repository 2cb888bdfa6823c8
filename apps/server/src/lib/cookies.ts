/**
 * Cookies through @fastify/cookie: read with its parser, set with `reply.setCookie`
 * (serialized as the answer leaves). Registered without its per-request hook, so
 * only the routes that read a cookie (sign-in, provider sign-in) parse the
 * Cookie header; the requests that carry a bearer token pay nothing for it.
 */
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export async function registerCookies(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCookie, { hook: false });
}

/** The value of a request's cookie of this name (the first one, when a browser sends two), if any. */
export function requestCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  return header ? request.server.parseCookie(header)[name] : undefined;
}
