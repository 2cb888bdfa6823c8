/** POST login, GET session, POST logout. */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loginRequestSchema, type AuthResponse } from '@airman/contracts/api.ts';
import type { User } from '@airman/contracts/user.ts';
import type { Role } from '@airman/contracts/constants.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { claimLoginAttempt, tryAgainIn } from '../../auth/throttle.ts';
import type { DeviceCookies } from '../../auth/device-cookie.ts';
import type { TokenService } from '../../auth/tokens.ts';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { HttpError, parseInput } from '../../lib/http-error.ts';
import { caller } from '../../plugins/auth.ts';
import { sendJsonText } from '../../lib/json-text.ts';
import { userJson } from '../../users/presenter.ts';
import { findUserByEmail, isActiveAccount } from '../../users/repository.ts';

/** The one answer to any failed login: it never tells whether the account exists. */
export const INVALID_CREDENTIALS = 'Invalid credentials';

export function sessionRoutes(app: FastifyInstance, db: Db, tokens: TokenService, devices: DeviceCookies): void {
  app.post('/api/login', { config: { access: 'public' } }, async (request, reply): Promise<AuthResponse> => {
    const body = parseInput(loginRequestSchema, request.body);
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
    if (!row || !ok || !isActiveAccount(row)) {
      await attempt.failed();
      throw new HttpError(401, INVALID_CREDENTIALS);
    }
    await attempt.succeeded();
    await db.update(users).set({ last_login_at: Date.now() }).where(eq(users.id, row.id));
    if (!trusted) reply.header('Set-Cookie', devices.issue(row.id));
    const auth = tokens.sign({ user_id: row.id, user_role: row.role as Role, tv: row.token_version });
    return { auth };
  });

  // The account row the auth hook loaded already holds the user's JSON: no query of its own.
  app.get('/api/session', async (request, reply) => sendJsonText<User>(reply, userJson(caller(request).row)));

  // A fresh token for a signed-in caller (the game may write it to local storage).
  app.post('/api/session/refresh', async (request): Promise<AuthResponse> => {
    const { row } = caller(request);
    return { auth: tokens.sign({ user_id: row.id, user_role: row.role as Role, tv: row.token_version }) };
  });

  // Logging out revokes every token of the account (all devices): a token
  // copied elsewhere stops working too.
  app.post('/api/logout', async (request) => {
    const { id } = caller(request);
    await db
      .update(users)
      .set({ token_version: sql`${users.token_version} + 1` })
      .where(eq(users.id, id));
    return {};
  });
}
