/**
 * Sign-in through the unit's OpenID Connect provider (docs/decisions/015 and
 * 022): GET sign-in/options, GET oidc/start, GET oidc/callback, POST
 * oidc/session, POST oidc/link, GET oidc/logout, and the user modal's GET
 * admin/users/{id}/sign-in-method and DELETE admin/users/{id}/provider-link.
 * The callback hands its answer only to the browser that started the flow: a
 * one-time code in the fragment of /login and a secret in an HttpOnly cookie
 * (handoff.ts); the login page trades both for the product's own session (POST
 * oidc/session), or, at an administrator's first sign-in, for the password
 * step (POST oidc/link). Any failure sends the browser to
 * /login?sign_in_error=<reason> and signs nobody in. Every provider sign-in,
 * signed in or refused, is a row of the sign-in log (method provider).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@airman/contracts/api.ts';
import type { Role } from '@airman/contracts/constants.ts';
import {
  providerCodeRequestSchema,
  providerLinkRequestSchema,
  providerSessionResponseSchema,
  signInMethodSchema,
  signInOptionsSchema,
  type SignInMethodResponse,
} from '@airman/contracts/sign-in.ts';
import { authResponseSchema } from '@airman/contracts/api.ts';
import { SIGN_IN_ERROR_MESSAGES, type SignInError } from '@airman/contracts/sign-in-errors.ts';
import type { Config } from '#config.ts';
import type { Db } from '#db/database.ts';
import type { TokenService } from '#auth/tokens.ts';
import { claimLoginAttempt, guessFailed, guessWait, tryAgainIn } from '#auth/throttle.ts';
import { verifyPassword } from '#auth/passwords.ts';
import { isUsableAccount } from '#auth/usable-account.ts';
import type { UserRow } from '#auth/account.ts';
import { auditSignIn, type SignInOutcome } from '#lib/audit.ts';
import { HttpError } from '#lib/http-error.ts';
import { errorResponses } from '#plugins/schemas.ts';
import { findUserById, recordSignIn } from '../session/repository.ts';
import { FlowCookies } from './flow-cookie.ts';
import { ProviderClient, ProviderError, sameText } from './provider-client.ts';
import { findLink, linkConfirmed, matchAccount, removeLinks, type AccountRefusal } from './repository.ts';
import { createHandoff, findHandoff, useHandoff } from './handoff.ts';
import type { ApiTag } from '#plugins/openapi-components.ts';
import { keyedTransaction } from '#plugins/idempotency.ts';

export const CALLBACK_PATH = '/api/oidc/callback';

const tags: ApiTag[] = ['Provider sign-in'];

export function oidcRoutes(
  server: FastifyInstance,
  db: Db,
  tokens: TokenService,
  config: Config,
  jwtSecret: string,
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const settings = config.oidc;

  app.get(
    '/api/sign-in/options',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getSignInOptions',
        summary: 'Get the ways to sign in',
        tags,
        response: { 200: signInOptionsSchema, ...errorResponses },
      },
    },
    async () => ({ provider: settings?.name ?? null, passwords_for_all: !settings?.only }),
  );

  async function signInMethod(id: string): Promise<SignInMethodResponse> {
    const row = await findUserById(db, id);
    if (!row) throw new HttpError(404, 'User not found');
    const link = await findLink(db, id);
    const password = row.password_hash !== null;
    const method = password && link ? 'both' : password ? 'password' : link ? 'provider' : 'none';
    return { method, linked_at: link?.linked_at ?? null };
  }

  const methodSchema = { params: idParamsSchema, response: { 200: signInMethodSchema, ...errorResponses } };
  app.get(
    '/api/admin/users/:id/sign-in-method',
    {
      config: { access: 'admin' },
      schema: { ...methodSchema, operationId: 'getSignInMethod', summary: 'Get how a user signs in', tags },
    },
    (request) => signInMethod(request.params.id),
  );
  // The account signs in with its password only; a later provider sign-in links it again by its verified e-mail.
  app.delete(
    '/api/admin/users/:id/provider-link',
    {
      config: { access: 'admin', idempotency: 'replay' },
      schema: {
        ...methodSchema,
        operationId: 'unlinkProvider',
        summary: "Remove a user's link to the identity provider",
        tags,
      },
    },
    async (request) => {
      const { id } = request.params;
      const row = await findUserById(db, id);
      if (!row) throw new HttpError(404, 'User not found');
      await keyedTransaction(request, db, (tx) => removeLinks(tx, row));
      return signInMethod(id);
    },
  );

  if (!settings) return;
  const publicUrl = config.publicUrl;
  const provider = new ProviderClient(settings, `${publicUrl}${CALLBACK_PATH}`);
  const flows = new FlowCookies(jwtSecret, publicUrl.startsWith('https://'));

  /** A provider sign-in in the sign-in log, as password sign-ins are. */
  const logSignIn = (
    outcome: SignInOutcome,
    who: { userId?: string | null; userName?: string },
    reason: SignInError | 'password' | '' = '',
  ) =>
    auditSignIn(db, {
      userId: who.userId ?? null,
      userName: who.userName ?? '',
      outcome,
      method: 'provider',
      reason,
    });

  // The provider's answer failed its checks: a failure; a rule of the product kept the person out: a refusal.
  const FAILED: ReadonlySet<SignInError> = new Set(['state', 'denied', 'code_used', 'token_invalid', 'provider_down']);

  async function refuse(
    reply: FastifyReply,
    reason: SignInError,
    who: { userId?: string | null; userName?: string } = {},
  ): Promise<FastifyReply> {
    await logSignIn(FAILED.has(reason) ? 'failed' : 'refused', who, reason);
    flows.clear(reply);
    return reply.redirect(`${publicUrl}/login?sign_in_error=${reason}`, 303);
  }

  /** The refusal of a request of the login page, in the words the callback's refusal page uses. */
  function refusal(status: number, reason: SignInError): HttpError {
    return new HttpError(status, SIGN_IN_ERROR_MESSAGES[reason], reason);
  }

  const signedIn = async (row: UserRow, now: number, reply: FastifyReply) => {
    await recordSignIn(db, row.id, now);
    await logSignIn('signed_in', { userId: row.id, userName: row.user_name });
    flows.clearHandoff(reply);
    return { auth: await tokens.sign({ user_id: row.id, user_role: row.role as Role, tv: row.token_version }) };
  };

  const start = {
    operationId: 'startProviderSignIn',
    summary: 'Send the browser to the identity provider to sign in',
    tags,
  };
  app.get('/api/oidc/start', { config: { access: 'public' }, schema: start }, async (request, reply) => {
    try {
      const { url, flow } = await provider.start();
      flows.issue(reply, flow, Date.now());
      return reply.redirect(url.href, 303);
    } catch (error) {
      request.log.warn({ err: error }, 'provider sign-in: could not start');
      // Nobody has signed in or been refused yet: nothing for the sign-in log.
      flows.clear(reply);
      const reason = error instanceof ProviderError ? error.reason : 'provider_down';
      return reply.redirect(`${publicUrl}/login?sign_in_error=${reason}`, 303);
    }
  });

  const callback = {
    operationId: 'finishProviderSignIn',
    summary: "Take the identity provider's answer and sign in",
    tags,
  };
  app.get(CALLBACK_PATH, { config: { access: 'public' }, schema: callback }, async (request: FastifyRequest, reply) => {
    const query = new URL(request.url, publicUrl).searchParams;
    const state = query.get('state') ?? '';
    const wait = await guessWait(db, 'oidc', request.ip, state);
    if (wait > 0) return refuse(reply, 'throttled');
    const now = Date.now();
    const flow = flows.read(request, now);
    if (!flow || !sameText(state, flow.state)) {
      await guessFailed(db, 'oidc', request.ip, state);
      return refuse(reply, 'state');
    }
    // Checked against the URL the provider was told to redirect to (PUBLIC_URL), whatever proxy it came through.
    const callbackUrl = new URL(`${publicUrl}${CALLBACK_PATH}?${query.toString()}`);
    let person;
    try {
      person = await provider.finish(callbackUrl, flow);
    } catch (error) {
      const reason = error instanceof ProviderError ? error.reason : 'token_invalid';
      request.log.warn(
        { err: error instanceof Error ? (error.cause ?? error) : error, reason },
        'provider sign-in refused',
      );
      if (reason !== 'provider_down') await guessFailed(db, 'oidc', request.ip, state);
      return refuse(reply, reason);
    }
    const match = await matchAccount(db, person, {
      autoProvision: settings.autoProvision,
      inviteTtlMs: config.inviteTtlMs,
      now,
    });
    if ('refused' in match) {
      request.log.info({ reason: match.refused }, 'provider sign-in: no account may come in');
      return refuse(reply, match.refused, { userId: match.userId, userName: person.email });
    }
    const row = 'row' in match ? match.row : match.confirm;
    const handoff = await createHandoff(
      db,
      { userId: row.id, step: 'row' in match ? 'session' : 'password', issuer: person.issuer, subject: person.subject },
      now,
    );
    flows.clear(reply);
    flows.issueHandoff(reply, handoff.browser);
    return reply.redirect(`${publicUrl}/login#provider_code=${handoff.code}`, 303);
  });

  /** The throttle's wait for a guessed code from this address, as a 429. */
  async function throttled(ip: string, code: string, reply: FastifyReply): Promise<void> {
    const wait = await guessWait(db, 'oidc', ip, code);
    if (wait === 0) return;
    reply.header('Retry-After', String(Math.ceil(wait / 1000)));
    await logSignIn('refused', {}, 'throttled');
    throw new HttpError(429, `Too many failed sign-ins from this address. Try again in ${tryAgainIn(wait)}.`);
  }

  const session = {
    operationId: 'takeProviderSignIn',
    summary: "Trade a provider sign-in's one-time code for a session, in the browser that started it",
    tags,
    body: providerCodeRequestSchema,
    response: { 200: providerSessionResponseSchema, ...errorResponses },
  };
  app.post(
    '/api/oidc/session',
    { config: { access: 'public', idempotency: 'ignore' }, schema: session },
    async (request, reply) => {
      const { code } = request.body;
      await throttled(request.ip, code, reply);
      const now = Date.now();
      const browser = flows.readHandoff(request);
      const found = await findHandoff(db, code, browser, now);
      const row = found && (await findUserById(db, found.userId));
      if (found?.step === 'password' && row) {
        if (!isUsableAccount(row)) throw refusal(403, 'inactive');
        return { password_needed: { user_name: row.user_name } };
      }
      // Used once: of two requests with the code, one signs in.
      const used = found && (await useHandoff(db, code, browser, now));
      if (!used) {
        await guessFailed(db, 'oidc', request.ip, code);
        await logSignIn('failed', {}, 'handoff');
        flows.clearHandoff(reply);
        throw refusal(400, 'handoff');
      }
      // Deactivated or deleted since the callback: the rule holds to the last moment.
      if (!row || !isUsableAccount(row)) {
        await logSignIn('refused', { userId: row?.id, userName: row?.user_name }, 'inactive');
        flows.clearHandoff(reply);
        throw refusal(403, 'inactive');
      }
      return signedIn(row, now, reply);
    },
  );

  const linkSchema = {
    operationId: 'linkProviderWithPassword',
    summary: "Link an administrator's account to the provider with its password, and sign in",
    tags,
    body: providerLinkRequestSchema,
    response: { 200: authResponseSchema, ...errorResponses },
  };
  app.post(
    '/api/oidc/link',
    { config: { access: 'public', idempotency: 'ignore' }, schema: linkSchema },
    async (request, reply) => {
      const { code, password } = request.body;
      await throttled(request.ip, code, reply);
      const now = Date.now();
      const browser = flows.readHandoff(request);
      const found = await findHandoff(db, code, browser, now);
      if (found?.step !== 'password') {
        await guessFailed(db, 'oidc', request.ip, code);
        await logSignIn('failed', {}, 'handoff');
        throw refusal(400, 'handoff');
      }
      const row = await findUserById(db, found.userId);
      const who = { userId: found.userId, userName: row?.user_name };
      if (!row || !isUsableAccount(row)) {
        await logSignIn('refused', who, 'inactive');
        throw refusal(403, 'inactive');
      }
      // Counted as a password sign-in is: the same throttle, per account and address.
      const attempt = await claimLoginAttempt(db, row.user_name, { ip: request.ip });
      if (attempt.waitMs > 0) {
        await logSignIn('refused', who, 'password');
        reply.header('Retry-After', String(Math.ceil(attempt.waitMs / 1000)));
        throw new HttpError(429, `Too many failed sign-in attempts. Try again in ${tryAgainIn(attempt.waitMs)}.`);
      }
      const right = await verifyPassword(row.password_hash, password);
      if (attempt.accountLockMs > 0) {
        await (right ? attempt.succeeded() : attempt.failed());
        await logSignIn('locked', who, 'password');
        reply.header('Retry-After', String(Math.ceil(attempt.accountLockMs / 1000)));
        throw new HttpError(
          429,
          `This account had many failed sign-ins, so it cannot be linked now. Try again in ${tryAgainIn(attempt.accountLockMs)}, or ask another administrator to clear them.`,
          'sign_in_held',
        );
      }
      if (!right) {
        await attempt.failed();
        await logSignIn('failed', who, 'password');
        throw new HttpError(401, 'Wrong password. Nothing was linked.', 'wrong_password');
      }
      await attempt.succeeded();
      if (!(await useHandoff(db, code, browser, now))) throw refusal(400, 'handoff');
      const linked = await linkConfirmed(db, found, row.id, now);
      flows.clearHandoff(reply);
      if ('refused' in linked) {
        const reason: AccountRefusal = linked.refused;
        await logSignIn('refused', who, reason);
        throw refusal(reason === 'inactive' ? 403 : 409, reason);
      }
      return signedIn('row' in linked ? linked.row : row, now, reply);
    },
  );

  // After the product's own logout (POST logout), the web app sends a provider-signed-in browser here.
  const logout = {
    operationId: 'providerSignOut',
    summary: 'Send the browser to sign out at the identity provider',
    tags,
  };
  app.get('/api/oidc/logout', { config: { access: 'public' }, schema: logout }, async (request, reply) => {
    const back = `${publicUrl}/login`;
    try {
      const url = await provider.endSessionUrl(back);
      return reply.redirect(url?.href ?? back, 303);
    } catch (error) {
      request.log.warn({ err: error }, 'provider logout: the provider could not be reached');
      return reply.redirect(back, 303);
    }
  });
}
