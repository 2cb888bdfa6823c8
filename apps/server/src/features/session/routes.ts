/** POST login, POST login/trust (device-trust.ts), GET session, POST logout. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authResponseSchema,
  loginRequestSchema,
  sessionResponseSchema,
  trustDeviceRequestSchema,
} from '@airman/contracts/api.ts';
import type { User } from '@airman/contracts/user.ts';
import type { Role } from '@airman/contracts/constants.ts';
import { verifyPassword } from '#auth/passwords.ts';
import { claimLoginAttempt, guessFailed, guessWait, tryAgainIn } from '#auth/throttle.ts';
import { clearTrustCookie, issueTrustCookie, readTrustCookie, type DeviceCookies } from '#auth/device-cookie.ts';
import type { Config } from '#config.ts';
import { afterAnswerQueue } from '#lib/after-answer.ts';
import type { MailWorker } from '#mail/outbox.ts';
import { userAgentInWords } from '#mail/user-agent.ts';
import { offerTrustLink, useTrustLink, type TrustLinkRequest } from './device-trust.ts';
import type { TokenService } from '#auth/tokens.ts';
import type { Db } from '#db/database.ts';
import { HttpError } from '#lib/http-error.ts';
import { emptyResponseSchema, errorResponses } from '#plugins/schemas.ts';
import { caller } from '#plugins/auth.ts';
import { sendJsonText } from '#lib/json-text.ts';
import { userJson } from '#auth/account.ts';
import { findUserByEmail, findUserById, recordSignIn, revokeTokens } from './repository.ts';
import { isUsableAccount } from '#auth/usable-account.ts';
import { auditSignIn, type SignInOutcome } from '#lib/audit.ts';
import type { SignInNames } from '#auth/sign-in-names.ts';
import type { ApiTag } from '#plugins/openapi-components.ts';
import { keyedTransaction } from '#plugins/idempotency.ts';

/** The one answer to any failed login: it never tells whether the account exists. */
export const INVALID_CREDENTIALS = 'Invalid credentials';

/** The 429 of a sign-in the account's lock held back, right password or not (the owner's e-mail tells which). */
export function heldMessage(waitMs: number): string {
  return (
    'This account had many failed sign-ins, so it only lets in devices it knows. ' +
    'If your password was right, we have e-mailed you a link that signs in on this device: ' +
    `open it in this browser. Otherwise, try again in ${tryAgainIn(waitMs)}.`
  );
}

export function passwordsOffMessage(providerName: string): string {
  return `Password sign-in is turned off. Sign in with ${providerName}.`;
}

export const TRUST_LINK_INVALID = 'This sign-in link has expired or was already used. Sign in again to get a new one.';
export const TRUST_LINK_OTHER_BROWSER =
  'This sign-in link works only in the browser where your password was entered. Open it there.';

const tags: ApiTag[] = ['Sessions'];

export function sessionRoutes(
  server: FastifyInstance,
  db: Db,
  tokens: TokenService,
  devices: DeviceCookies,
  config: Config,
  mail: MailWorker,
  names: SignInNames,
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  // The e-mail of a right password the lock held back is queued after the answer has left,
  // so the answer's time is the same for a right and a wrong password.
  const afterAnswer = afterAnswerQueue(server);
  const offers = new WeakMap<FastifyRequest, TrustLinkRequest>();
  async function sendTrustLink(offer: TrustLinkRequest): Promise<void> {
    const id = await offerTrustLink(db, config.publicUrl, offer);
    // Sent now rather than at the queue's next poll, which retries it if this fails.
    if (id) void mail.deliverNow([id]).catch(() => undefined);
  }

  const login = {
    operationId: 'signIn',
    summary: 'Sign in with e-mail and password',
    tags,
    body: loginRequestSchema,
    response: { 200: authResponseSchema, ...errorResponses },
  };
  app.post(
    '/api/login',
    {
      // Each sign-in stands alone (the throttle counts each): a repeat signs in again.
      config: { access: 'public', idempotency: 'ignore' },
      schema: login,
      onResponse: (request, _reply, done) => {
        const offer = offers.get(request);
        if (offer)
          afterAnswer(request.log, 'sign-in: the new-device link could not be queued', () => sendTrustLink(offer));
        done();
      },
    },
    async (request, reply) => {
      const { body } = request;
      // OIDC_ONLY: the provider signs everyone in but the break-glass administrator.
      if (config.oidc?.only && body.user_name.trim().toLowerCase() !== config.adminEmail) {
        throw new HttpError(403, passwordsOffMessage(config.oidc.name), 'passwords_off');
      }
      const row = await findUserByEmail(db, body.user_name);
      // Not an account's address (perhaps a password typed in the wrong field): kept only as a digest.
      const name = names.kept(body.user_name, row);
      // A device this account signed in from before is counted on its own (auth/device-cookie.ts).
      const device = devices.read(request);
      const trusted = row !== undefined && device?.userId === row.id ? device.id : undefined;
      // Counted as a failure until the password proves right (see auth/throttle.ts).
      const attempt = await claimLoginAttempt(db, name, { ip: request.ip, device: trusted });
      const signIn = (outcome: SignInOutcome) => auditSignIn(db, { userId: row?.id ?? null, userName: name, outcome });
      if (attempt.waitMs > 0) {
        await signIn('refused');
        reply.header('Retry-After', String(Math.ceil(attempt.waitMs / 1000)));
        throw new HttpError(429, `Too many failed sign-in attempts. Try again in ${tryAgainIn(attempt.waitMs)}.`);
      }
      const ok = await verifyPassword(row?.password_hash ?? null, body.password);
      const right = row !== undefined && ok && isUsableAccount(row);
      if (attempt.accountLockMs > 0) {
        // Held by the account's lock: the same answer whatever the password, and the browser
        // keeps a trust cookie either way, so nothing here tells a right password from a wrong one.
        const browserSecret = readTrustCookie(request) ?? issueTrustCookie(reply, devices.secure);
        if (right) {
          await attempt.succeeded();
          offers.set(request, {
            userId: row.id,
            userName: row.user_name,
            browserSecret,
            at: Date.now(),
            ip: request.ip,
            browser: userAgentInWords(request.headers['user-agent']),
          });
        } else {
          await attempt.failed();
        }
        await signIn('locked');
        reply.header('Retry-After', String(Math.ceil(attempt.accountLockMs / 1000)));
        throw new HttpError(429, heldMessage(attempt.accountLockMs), 'sign_in_held');
      }
      if (!right) {
        await attempt.failed();
        await signIn('failed');
        throw new HttpError(401, INVALID_CREDENTIALS);
      }
      await attempt.succeeded();
      await recordSignIn(db, row.id, Date.now());
      await signIn('signed_in');
      if (!trusted) devices.issue(reply, row.id);
      const auth = await tokens.sign({ user_id: row.id, user_role: row.role as Role, tv: row.token_version });
      return { auth };
    },
  );

  // The link of a new-device e-mail (device-trust.ts): signs in, and this browser becomes a known device.
  // The answer is a token, never kept: a repeat finds the link used (400) and signs in again.
  const trust = {
    operationId: 'trustDevice',
    summary: 'Sign in with a new-device link and trust this browser',
    tags,
    body: trustDeviceRequestSchema,
    response: { 200: authResponseSchema, ...errorResponses },
  };
  app.post(
    '/api/login/trust',
    { config: { access: 'public', anonymousWork: true, idempotency: 'ignore' }, schema: trust },
    async (request, reply) => {
      const { token } = request.body;
      const wait = await guessWait(db, 'trust', request.ip, token);
      if (wait > 0) {
        reply.header('Retry-After', String(Math.ceil(wait / 1000)));
        throw new HttpError(429, `Too many invalid sign-in links. Try again in ${tryAgainIn(wait)}.`);
      }
      const now = Date.now();
      const used = await useTrustLink(db, token, readTrustCookie(request), now);
      if (used === 'other_browser') throw new HttpError(400, TRUST_LINK_OTHER_BROWSER);
      if (used === 'invalid') {
        await guessFailed(db, 'trust', request.ip, token);
        throw new HttpError(400, TRUST_LINK_INVALID);
      }
      const row = await findUserById(db, used.userId);
      if (!row || !isUsableAccount(row)) throw new HttpError(400, TRUST_LINK_INVALID);
      await recordSignIn(db, row.id, now);
      await auditSignIn(db, { userId: row.id, userName: row.user_name, outcome: 'signed_in', method: 'device_link' });
      devices.issue(reply, row.id);
      clearTrustCookie(reply, devices.secure);
      const auth = await tokens.sign({ user_id: row.id, user_role: row.role as Role, tv: row.token_version });
      return { auth };
    },
  );

  // The account row the auth hook loaded already holds the user's JSON: no query of its own.
  app.get(
    '/api/session',
    {
      schema: {
        operationId: 'getSession',
        summary: 'Get the signed-in user',
        tags,
        response: { 200: sessionResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      // A unit administrator's units, read for this request: the web app names them in its header.
      const { row, scope } = caller(request);
      const json: string = userJson(row);
      return sendJsonText<User>(
        reply,
        scope === null ? json : `${json.slice(0, -1)},"admin_units":${JSON.stringify(scope)}}`,
      );
    },
  );

  // A fresh token for a signed-in caller (the game may write it to local storage).
  app.post(
    '/api/session/refresh',
    {
      // The answer is a token, never kept: a repeat mints another.
      config: { idempotency: 'ignore' },
      schema: {
        operationId: 'refreshSession',
        summary: 'Get a fresh token',
        tags,
        response: { 200: authResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { row } = caller(request);
      return { auth: await tokens.sign({ user_id: row.id, user_role: row.role as Role, tv: row.token_version }) };
    },
  );

  // Logging out revokes every token of the account (all devices): a token
  // copied elsewhere stops working too.
  app.post(
    '/api/logout',
    {
      config: { idempotency: 'replay' },
      schema: {
        operationId: 'signOut',
        summary: 'Sign out: every token of the account stops working',
        tags,
        response: { 200: emptyResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = caller(request);
      await keyedTransaction(request, db, (tx) => revokeTokens(tx, id));
      return {};
    },
  );
}
