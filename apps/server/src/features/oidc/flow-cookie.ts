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

  private header(value: string, maxAge: number, name = FLOW_COOKIE): string {
    return `${name}=${value}; Path=${PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${this.secure ? '; Secure' : ''}`;
  }

  issue(flow: Flow, now: number): string {
    const stored: Stored = { ...flow, at: now };
    const payload = Buffer.from(JSON.stringify(stored)).toString('base64url');
    return this.header(`${payload}.${this.mac(payload)}`, FLOW_MAX_AGE_SECONDS);
  }

  clear(): string {
    return this.header('', 0);
  }

  issueHandoff(browserSecret: string): string {
    return this.header(browserSecret, FLOW_MAX_AGE_SECONDS, HANDOFF_COOKIE);
  }

  clearHandoff(): string {
    return this.header('', 0, HANDOFF_COOKIE);
  }

  /** The hand-off secret of a request's Cookie header, if any. */
  readHandoff(cookieHeader: string | undefined): string | undefined {
    return cookieValue(cookieHeader, HANDOFF_COOKIE) || undefined;
  }

  /** The flow of a request's Cookie header, when this server signed it less than 10 minutes ago. */
  read(cookieHeader: string | undefined, now: number): Flow | undefined {
    const value = cookieValue(cookieHeader, FLOW_COOKIE);
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

function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  return cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}
