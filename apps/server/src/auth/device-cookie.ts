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

  /** The Set-Cookie header value for a new device of this account. */
  issue(userId: string): string {
    const payload = `${Buffer.from(userId).toString('base64url')}.${crypto.randomBytes(16).toString('base64url')}`;
    return `${DEVICE_COOKIE}=${payload}.${this.mac(payload)}; Path=/api/login; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${this.secure ? '; Secure' : ''}`;
  }

  /** The device of a request's Cookie header, when it holds a cookie this server signed. */
  read(cookieHeader: string | undefined): Device | undefined {
    const value = cookieHeader
      ?.split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${DEVICE_COOKIE}=`))
      ?.slice(DEVICE_COOKIE.length + 1);
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

export function readTrustCookie(cookieHeader: string | undefined): string | undefined {
  const value = cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${TRUST_COOKIE}=`))
    ?.slice(TRUST_COOKIE.length + 1);
  return value && TRUST_SECRET.test(value) ? value : undefined;
}

/** A new trust secret and the Set-Cookie header value that gives it to the browser. */
export function issueTrustCookie(secure: boolean): { secret: string; header: string } {
  const secret = crypto.randomBytes(32).toString('base64url');
  return { secret, header: trustCookieHeader(secret, TRUST_MAX_AGE_SECONDS, secure) };
}

/** The Set-Cookie header value that takes the trust cookie away (once its link was used). */
export function clearTrustCookie(secure: boolean): string {
  return trustCookieHeader('', 0, secure);
}

function trustCookieHeader(value: string, maxAge: number, secure: boolean): string {
  return `${TRUST_COOKIE}=${value}; Path=/api/login; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
