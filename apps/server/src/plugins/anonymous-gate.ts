/**
 * Anonymous calls that check a secret or send e-mail (registration, password
 * reset, forgot-password) get a bounded share of each server process: a few
 * requests in flight at once, and a steady rate with a burst (a token bucket);
 * beyond it they are answered 429, before any database work, after a second. A place is
 * taken only once the request's body has arrived, so slow clients hold none. Checking
 * a made-up code is cheap, but clients posting them as fast as they are
 * answered would still fill the database's queue (one thread on the embedded
 * database, ten connections on PostgreSQL) in front of everyone's sign-in.
 * Legitimate use of these calls is rare (a class registering together fits
 * the burst); a refused call is retried by the web app after Retry-After.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error.ts';
import { addRouteHook } from '../lib/route-hooks.ts';

/** Such requests in flight at once, per server process. */
export const ANONYMOUS_IN_FLIGHT = 4;
/** Such requests per second, per server process, once a burst of ANONYMOUS_BURST is spent. */
export const ANONYMOUS_PER_SECOND = 10;
export const ANONYMOUS_BURST = 30;

export interface AnonymousLimits {
  inFlight: number;
  perSecond: number;
  burst: number;
}

export const ANONYMOUS_LIMITS: AnonymousLimits = {
  inFlight: ANONYMOUS_IN_FLIGHT,
  perSecond: ANONYMOUS_PER_SECOND,
  burst: ANONYMOUS_BURST,
};
/** How long a refused request waits for its answer. */
const REFUSAL_DELAY_MS = 1000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is one of the gated anonymous calls above. */
    anonymousWork?: boolean;
  }
  interface FastifyRequest {
    /** This request holds one of the gate's places (released once, when it ends). */
    holdsAnonymousPlace: boolean;
  }
}

export function registerAnonymousGate(app: FastifyInstance, limits: AnonymousLimits = ANONYMOUS_LIMITS): void {
  let inFlight = 0;
  let tokens = limits.burst;
  let filledAt = performance.now();
  const takeToken = () => {
    const now = performance.now();
    tokens = Math.min(limits.burst, tokens + ((now - filledAt) / 1000) * limits.perSecond);
    filledAt = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
  const release = (request: { holdsAnonymousPlace: boolean }) => {
    if (!request.holdsAnonymousPlace) return;
    request.holdsAnonymousPlace = false;
    inFlight--;
  };
  app.decorateRequest('holdsAnonymousPlace', false);
  // The gated routes' own hooks (lib/route-hooks.ts): no other request passes the gate. Added after
  // the Idempotency-Key's, so a keyed call is claimed before it is let through, as it always was.
  app.addHook('onRoute', (route) => {
    if (!route.config?.anonymousWork) return;
    addRouteHook(route, 'preHandler', enter);
    addRouteHook(route, 'onResponse', async (request) => release(request));
    addRouteHook(route, 'onRequestAbort', async (request) => release(request));
  });
  // Taken once the body has arrived and passed its checks, just before the route's work: a
  // client that sends its body slowly (or never finishes it) holds no place meanwhile.
  async function enter(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (inFlight >= limits.inFlight || !takeToken()) {
      // Answered after the second it asks to wait, holding nothing but a timer: a client
      // that posts again as soon as it is answered then sends one request a second per
      // connection instead of thousands.
      await new Promise((resolve) => setTimeout(resolve, REFUSAL_DELAY_MS));
      reply.header('Retry-After', '1');
      throw new HttpError(429, 'The server is busy. Try again in a moment.');
    }
    inFlight++;
    request.holdsAnonymousPlace = true;
  }
}
