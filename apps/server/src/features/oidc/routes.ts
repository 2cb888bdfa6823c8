/**
 * Sign-in through the unit's OpenID Connect provider (docs/decisions/015):
 * GET sign-in/options, GET oidc/start, GET oidc/callback, GET oidc/logout, and
 * the user modal's GET admin/users/{id}/sign-in-method and DELETE
 * admin/users/{id}/provider-link. The callback ends in the product's own
 * session: the same token as a password sign-in, handed to the web app in the
 * fragment of /login (no server or log sees it); any failure sends the browser
 * to /login?sign_in_error=<reason> and signs nobody in.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@airman/contracts/api.ts';
import type { Role } from '@airman/contracts/constants.ts';
import { signInMethodSchema, signInOptionsSchema, type SignInMethodResponse } from '@airman/contracts/sign-in.ts';
import type { SignInError } from '@airman/contracts/sign-in-errors.ts';
import type { Config } from '#config.ts';
import type { Db } from '#db/database.ts';
import type { TokenService } from '#auth/tokens.ts';
import { guessFailed, guessWait } from '#auth/throttle.ts';
import { HttpError } from '#lib/http-error.ts';
import { errorResponses } from '#plugins/schemas.ts';
import { findUserById, recordSignIn } from '../session/repository.ts';
import { FlowCookies } from './flow-cookie.ts';
import { ProviderClient, ProviderError, sameText } from './provider-client.ts';
import { findLink, matchAccount, removeLinks } from './repository.ts';
import type { ApiTag } from '#plugins/openapi-components.ts';

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
      if (!(await findUserById(db, id))) throw new HttpError(404, 'User not found');
      await removeLinks(db, id);
      return signInMethod(id);
    },
  );

  if (!settings) return;
  const publicUrl = config.publicUrl;
  const provider = new ProviderClient(settings, `${publicUrl}${CALLBACK_PATH}`);
  const flows = new FlowCookies(jwtSecret, publicUrl.startsWith('https://'));

  function refuse(reply: FastifyReply, reason: SignInError): FastifyReply {
    reply.header('Set-Cookie', flows.clear());
    return reply.redirect(`${publicUrl}/login?sign_in_error=${reason}`, 303);
  }

  const start = {
    operationId: 'startProviderSignIn',
    summary: 'Send the browser to the identity provider to sign in',
    tags,
  };
  app.get('/api/oidc/start', { config: { access: 'public' }, schema: start }, async (request, reply) => {
    try {
      const { url, flow } = await provider.start();
      reply.header('Set-Cookie', flows.issue(flow, Date.now()));
      return reply.redirect(url.href, 303);
    } catch (error) {
      request.log.warn({ err: error }, 'provider sign-in: could not start');
      return refuse(reply, error instanceof ProviderError ? error.reason : 'provider_down');
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
    const flow = flows.read(request.headers.cookie, now);
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
      return refuse(reply, match.refused);
    }
    const { row } = match;
    await recordSignIn(db, row.id, now);
    const auth = tokens.sign({ user_id: row.id, user_role: row.role as Role, tv: row.token_version });
    reply.header('Set-Cookie', flows.clear());
    return reply.redirect(`${publicUrl}/login#provider_auth=${auth}`, 303);
  });

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
