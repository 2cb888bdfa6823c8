/**
 * The device cookie of OWASP's "Slow Down Online Guessing Attacks with Device
 * Cookies": after a successful sign-in the browser keeps a signed cookie
 * naming the account and a random device id. A later sign-in that shows it
 * for the same account is counted apart from its address and is not held by
 * the account's lock (auth/throttle.ts), so strangers failing against an
 * account do not keep its owner out.
 *
 * HttpOnly and SameSite=Strict, sent only to POST /api/login; Secure when the
 * product is served over HTTPS. It proves nothing by itself: the password is
 * still required.
 */
import crypto from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestCookie } from '#lib/cookies.ts';

export const DEVICE_COOKIE = 'airman_device';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface Device {
  userId: string;
  /** Random, per sign-in that issued the cookie. */
  id: string;
}

export class DeviceCookies {
  private readonly key: Buffer;

  constructor(
    secret: string,
    readonly secure: boolean,
  ) {
    // A key of its own, so a cookie can never pass for a token or the reverse.
    this.key = crypto.createHmac('sha256', secret).update('device-cookie').digest();
  }

  private mac(payload: string): string {
    return crypto.createHmac('sha256', this.key).update(payload).digest('base64url');
  }

  /** Gives the browser the cookie of a new device of this account. */
  issue(reply: FastifyReply, userId: string): void {
    const payload = `${Buffer.from(userId).toString('base64url')}.${crypto.randomBytes(16).toString('base64url')}`;
    reply.setCookie(DEVICE_COOKIE, `${payload}.${this.mac(payload)}`, signInCookie(MAX_AGE_SECONDS, this.secure));
  }

  /** The device of a request's cookie, when it holds one this server signed. */
  read(request: FastifyRequest): Device | undefined {
    const value = requestCookie(request, DEVICE_COOKIE);
    const [user, id, mac] = value?.split('.') ?? [];
    if (!user || !id || !mac) return undefined;
    const expected = Buffer.from(this.mac(`${user}.${id}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
    return { userId: Buffer.from(user, 'base64url').toString(), id };
  }
}

/**
 * The trust cookie: a random secret a browser is given when the account's lock
 * holds it back, whatever the password was. A link that trusts a new device
 * (features/session/device-trust.ts) is bound to the hash of this secret, so it
 * signs in only the browser that asked for it. Same attributes as the device
 * cookie, for a day.
 */
export const TRUST_COOKIE = 'airman_trust';
const TRUST_MAX_AGE_SECONDS = 24 * 60 * 60;
const TRUST_SECRET = /^[A-Za-z0-9_-]{43}$/;

export function readTrustCookie(request: FastifyRequest): string | undefined {
  const value = requestCookie(request, TRUST_COOKIE);
  return value && TRUST_SECRET.test(value) ? value : undefined;
}

/** Gives the browser a new trust secret; answers the secret. */
export function issueTrustCookie(reply: FastifyReply, secure: boolean): string {
  const secret = crypto.randomBytes(32).toString('base64url');
  reply.setCookie(TRUST_COOKIE, secret, signInCookie(TRUST_MAX_AGE_SECONDS, secure));
  return secret;
}

/** Takes the trust cookie away (once its link was used). */
export function clearTrustCookie(reply: FastifyReply, secure: boolean): void {
  reply.setCookie(TRUST_COOKIE, '', signInCookie(0, secure));
}

/** The attributes of the device and trust cookies: sent only to the sign-in routes. */
function signInCookie(maxAge: number, secure: boolean): CookieSerializeOptions {
  return { path: '/api/login', maxAge, httpOnly: true, sameSite: 'strict', secure };
}
