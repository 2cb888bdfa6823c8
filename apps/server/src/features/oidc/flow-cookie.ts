/**
 * The flow cookie: the state, nonce and PKCE verifier of one provider sign-in,
 * signed with a key of its own (derived from JWT_SECRET), so any server
 * process may finish the sign-in another one started. HttpOnly, sent only to
 * /api/oidc, for 10 minutes; SameSite=Lax because the provider's redirect back
 * is a top-level navigation from its site; Secure over HTTPS. The callback
 * takes it away, used or not.
 *
 * The hand-off cookie: the browser's half of a finished sign-in (handoff.ts),
 * set by the callback in place of the flow cookie, on the same path with the
 * same attributes, for as long as the password step may take (10 minutes). It
 * is a random secret of its own, stored only as its hash.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestCookie } from '#lib/cookies.ts';
import type { Flow } from './provider-client.ts';

export const FLOW_COOKIE = 'airman_oidc';
export const HANDOFF_COOKIE = 'airman_oidc_handoff';
export const FLOW_MAX_AGE_SECONDS = 10 * 60;
const PATH = '/api/oidc';

interface Stored extends Flow {
  /** When the sign-in started, epoch ms. */
  at: number;
}

export class FlowCookies {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly secure: boolean,
  ) {
    this.key = crypto.createHmac('sha256', secret).update('oidc-flow-cookie').digest();
  }

  private mac(payload: string): string {
    return crypto.createHmac('sha256', this.key).update(payload).digest('base64url');
  }

  private set(reply: FastifyReply, name: string, value: string, maxAge: number): void {
    reply.setCookie(name, value, { path: PATH, maxAge, httpOnly: true, sameSite: 'lax', secure: this.secure });
  }

  issue(reply: FastifyReply, flow: Flow, now: number): void {
    const stored: Stored = { ...flow, at: now };
    const payload = Buffer.from(JSON.stringify(stored)).toString('base64url');
    this.set(reply, FLOW_COOKIE, `${payload}.${this.mac(payload)}`, FLOW_MAX_AGE_SECONDS);
  }

  clear(reply: FastifyReply): void {
    this.set(reply, FLOW_COOKIE, '', 0);
  }

  issueHandoff(reply: FastifyReply, browserSecret: string): void {
    this.set(reply, HANDOFF_COOKIE, browserSecret, FLOW_MAX_AGE_SECONDS);
  }

  clearHandoff(reply: FastifyReply): void {
    this.set(reply, HANDOFF_COOKIE, '', 0);
  }

  /** The hand-off secret of a request's cookie, if any. */
  readHandoff(request: FastifyRequest): string | undefined {
    return requestCookie(request, HANDOFF_COOKIE) || undefined;
  }

  /** The flow of a request's cookie, when this server signed it less than 10 minutes ago. */
  read(request: FastifyRequest, now: number): Flow | undefined {
    const value = requestCookie(request, FLOW_COOKIE);
    const [payload, mac] = value?.split('.') ?? [];
    if (!payload || !mac) return undefined;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
    const stored = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Stored;
    if (!(now - stored.at < FLOW_MAX_AGE_SECONDS * 1000)) return undefined;
    return { state: stored.state, nonce: stored.nonce, verifier: stored.verifier };
  }
}
