/** POST self (spec §7): the caller's profile, or their password (with the current one). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { selfRequestSchema, selfResponseSchema } from '@airman/contracts/api.ts';
import type { Role } from '@airman/contracts/constants.ts';
import { claimLoginAttempt, tryAgainIn } from '#auth/throttle.ts';
import { hashPassword, verifyPassword } from '#auth/passwords.ts';
import type { TokenService } from '#auth/tokens.ts';
import type { Db } from '#db/database.ts';
import { HttpError } from '#lib/http-error.ts';
import { caller } from '#plugins/auth.ts';
import { errorResponses } from '#plugins/schemas.ts';
import { emailInUse, userObject } from '#auth/account.ts';
import { isUniqueViolation } from '#db/errors.ts';
import { savePassword, saveProfile } from './repository.ts';
import type { ApiTag } from '#plugins/openapi-components.ts';

export const WRONG_CURRENT_PASSWORD = 'The current password is not correct.';

const tags: ApiTag[] = ['Profile'];

export function selfRoutes(server: FastifyInstance, db: Db, tokens: TokenService): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const schema = {
    operationId: 'updateSelf',
    summary: "Change the caller's profile or password",
    tags,
    body: selfRequestSchema,
    response: { 200: selfResponseSchema, ...errorResponses },
  };
  // The answer may hold a fresh token, and the body a password: neither is kept. A repeat runs
  // again: the same profile saves the same, and after a password change the old token is refused.
  app.post('/api/self', { config: { idempotency: 'ignore' }, schema }, async (request, reply) => {
    const { row } = caller(request);
    const { body } = request;

    // The two payloads of spec §7 are told apart by `password`; each is strict.
    if ('password' in body) {
      const { password, current_password } = body;
      // Guessing the current password here counts like a failed sign-in, so a
      // stolen session cannot be used to find the password faster than /login;
      // counted before the check, so parallel guesses cannot slip through either.
      const attempt = await claimLoginAttempt(db, row.user_name, { ip: request.ip });
      if (attempt.waitMs > 0) {
        reply.header('Retry-After', String(Math.ceil(attempt.waitMs / 1000)));
        throw new HttpError(429, `Too many wrong passwords. Try again in ${tryAgainIn(attempt.waitMs)}.`);
      }
      if (!(await verifyPassword(row.password_hash, current_password))) {
        await attempt.failed();
        throw new HttpError(400, WRONG_CURRENT_PASSWORD);
      }
      await attempt.succeeded();
      // Every other session ends; this one continues with the fresh token returned.
      const saved = await savePassword(db, row.id, await hashPassword(password));
      if (!saved) throw new HttpError(401, 'Invalid session', 'token_invalid');
      const auth = await tokens.sign({ user_id: saved.id, user_role: saved.role as Role, tv: saved.token_version });
      return { ...userObject(saved), auth };
    }

    const profile = body;
    // A new e-mail ends every session (the client logs out on it, spec §4).
    const emailChanged = profile.user_name !== row.user_name;
    let saved;
    try {
      saved = await saveProfile(db, row.id, profile, emailChanged);
    } catch (error) {
      if (isUniqueViolation(error)) throw emailInUse(profile.user_name);
      throw error;
    }
    if (!saved) throw new HttpError(401, 'Invalid session', 'token_invalid');
    return userObject(saved);
  });
}
