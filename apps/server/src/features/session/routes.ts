/** POST login, GET session, POST logout. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authResponseSchema, loginRequestSchema, sessionResponseSchema } from '@airman/contracts/api.ts';
import type { User } from '@airman/contracts/user.ts';
import type { Role } from '@airman/contracts/constants.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { claimLoginAttempt, tryAgainIn } from '../../auth/throttle.ts';
import type { DeviceCookies } from '../../auth/device-cookie.ts';
import type { TokenService } from '../../auth/tokens.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { emptyResponseSchema, errorResponses } from '../../plugins/schemas.ts';
import { caller } from '../../plugins/auth.ts';
import { sendJsonText } from '../../lib/json-text.ts';
import { userJson } from '../../auth/account.ts';
import { findUserByEmail, recordSignIn, revokeTokens } from './repository.ts';
import { isUsableAccount } from '../../auth/usable-account.ts';

/** The one answer to any failed login: it never tells whether the account exists. */
export const INVALID_CREDENTIALS = 'Invalid credentials';

export function sessionRoutes(server: FastifyInstance, db: Db, tokens: TokenService, devices: DeviceCookies): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const login = { body: loginRequestSchema, response: { 200: authResponseSchema, ...errorResponses } };
  app.post('/api/login', { config: { access: 'public' }, schema: login }, async (request, reply) => {
    const { body } = request;
    const row = await findUserByEmail(db, body.user_name);
    // A device this account signed in from before is counted on its own (auth/device-cookie.ts).
    const device = devices.read(request.headers.cookie);
    const trusted = row !== undefined && device?.userId === row.id ? device.id : undefined;
    // Counted as a failure until the password proves right (see auth/throttle.ts).
    const attempt = await claimLoginAttempt(db, body.user_name, { ip: request.ip, device: trusted });
    if (attempt.waitMs > 0) {
      reply.header('Retry-After', String(Math.ceil(attempt.waitMs / 1000)));
      throw new HttpError(429, `Too many failed sign-in attempts. Try again in ${tryAgainIn(attempt.waitMs)}.`);
    }
    const ok = await verifyPassword(row?.password_hash ?? null, body.password);
    if (!row || !ok || !isUsableAccount(row)) {
      await attempt.failed();
      throw new HttpError(401, INVALID_CREDENTIALS);
    }
    await attempt.succeeded();
    await recordSignIn(db, row.id, Date.now());
    if (!trusted) reply.header('Set-Cookie', devices.issue(row.id));
    const auth = tokens.sign({ user_id: row.id, user_role: row.role as Role, tv: row.token_version });
    return { auth };
  });

  // The account row the auth hook loaded already holds the user's JSON: no query of its own.
  app.get(
    '/api/session',
    { schema: { response: { 200: sessionResponseSchema, ...errorResponses } } },
    async (request, reply) => sendJsonText<User>(reply, userJson(caller(request).row)),
  );

  // A fresh token for a signed-in caller (the game may write it to local storage).
  app.post(
    '/api/session/refresh',
    { schema: { response: { 200: authResponseSchema, ...errorResponses } } },
    async (request) => {
      const { row } = caller(request);
      return { auth: tokens.sign({ user_id: row.id, user_role: row.role as Role, tv: row.token_version }) };
    },
  );

  // Logging out revokes every token of the account (all devices): a token
  // copied elsewhere stops working too.
  app.post(
    '/api/logout',
    { schema: { response: { 200: emptyResponseSchema, ...errorResponses } } },
    async (request) => {
      const { id } = caller(request);
      await revokeTokens(db, id);
      return {};
    },
  );
}
