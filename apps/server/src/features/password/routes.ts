/**
 * Forgot password (beyond the spec): a single-use link valid for 30 minutes,
 * its token stored hashed, the link built from PUBLIC_URL. The request never
 * reveals whether an address has an account, and is throttled per address.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forgotRequestSchema, forgotResponseSchema, resetRequestSchema } from '@airman/contracts/api.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { claimForgot, guessFailed, guessWait, tryAgainIn } from '../../auth/throttle.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { MailWorker } from '../../mail/outbox.ts';
import { passwordResetEmail } from '../../mail/templates.ts';
import { emptyResponseSchema, errorResponses } from '../../plugins/schemas.ts';
import { isLiveReset, storeResetRequest, useReset } from './repository.ts';

export const RESET_TTL_MS = 30 * 60 * 1000;

const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for this address, an e-mail with a link to reset its password is on its way.';

export function passwordRoutes(server: FastifyInstance, db: Db, config: Config, mail: MailWorker): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const forgot = { body: forgotRequestSchema, response: { 200: forgotResponseSchema, ...errorResponses } };
  app.post(
    '/api/password/forgot',
    { config: { access: 'public', anonymousWork: true }, schema: forgot },
    async (request) => {
      const { user_name } = request.body;
      const now = Date.now();
      const wait = await claimForgot(db, user_name, request.ip, now);
      if (wait > 0) throw new HttpError(429, 'Too many reset requests. Try again in 15 minutes.');
      // The same work whether or not the address has an account, so the answer's time tells
      // nothing: a token, the e-mail, and two statements that store them only for an account
      // that can sign in. Sending happens after the answer has left.
      const token = crypto.randomBytes(32).toString('base64url');
      const email = passwordResetEmail(config.publicUrl, token);
      const outboxId = crypto.randomUUID();
      await storeResetRequest(db, {
        userName: user_name,
        tokenHash: hash(token),
        expiresAt: now + RESET_TTL_MS,
        outboxId,
        email,
        now,
      });
      setImmediate(() => void mail.deliverNow([outboxId]).catch(() => undefined));
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  const reset = { body: resetRequestSchema, response: { 200: emptyResponseSchema, ...errorResponses } };
  app.post(
    '/api/password/reset',
    { config: { access: 'public', anonymousWork: true }, schema: reset },
    async (request, reply) => {
      const { token, password } = request.body;
      const wait = await guessWait(db, 'reset', request.ip, token);
      if (wait > 0) {
        reply.header('Retry-After', String(Math.ceil(wait / 1000)));
        throw new HttpError(429, `Too many invalid reset links. Try again in ${tryAgainIn(wait)}.`);
      }
      const now = Date.now();
      // The token is checked before the new password is hashed.
      if (!(await isLiveReset(db, hash(token), now))) {
        await guessFailed(db, 'reset', request.ip, token);
        throw new HttpError(400, RESET_LINK_INVALID);
      }
      // Every session of the account ends: the user signs in again with the new password.
      const done = await useReset(db, hash(token), now, await hashPassword(password));
      if (!done) throw new HttpError(400, RESET_LINK_INVALID);
      return {};
    },
  );
}

const RESET_LINK_INVALID = 'This reset link has expired or was already used. Ask for a new one.';
