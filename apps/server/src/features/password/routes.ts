/**
 * Forgot password (beyond the spec): a single-use link valid for 30 minutes,
 * its token stored hashed, the link built from PUBLIC_URL. The request never
 * reveals whether an address has an account, not even by its time: it is
 * answered before any work, and throttled per address afterwards (a request
 * over the limit gets the same answer and sends nothing).
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forgotRequestSchema, forgotResponseSchema, resetRequestSchema } from '@airman/contracts/api.ts';
import { hashPassword } from '#auth/passwords.ts';
import { claimForgot, guessFailed, guessWait, tryAgainIn } from '#auth/throttle.ts';
import type { Config } from '#config.ts';
import type { SignInNames } from '#auth/sign-in-names.ts';
import type { Db } from '#db/database.ts';
import { HttpError } from '#lib/http-error.ts';
import { afterAnswerQueue } from '#lib/after-answer.ts';
import { withoutSecret } from '#mail/outbox.ts';
import { passwordResetEmail } from '#mail/templates.ts';
import { emptyResponseSchema, errorResponses } from '#plugins/schemas.ts';
import { isLiveReset, storeResetRequest, useReset } from './repository.ts';
import type { ApiTag } from '#plugins/openapi-components.ts';
import { answerWithoutWrite } from '#plugins/idempotency.ts';

export const RESET_TTL_MS = 30 * 60 * 1000;

const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for this address, an e-mail with a link to reset its password is on its way.';

const tags: ApiTag[] = ['Passwords'];

export function passwordRoutes(server: FastifyInstance, db: Db, config: Config, names: SignInNames): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  /**
   * The work of a forgot-password request, done once its answer has left: the
   * throttle, a token, the e-mail, and statements that store them only for an
   * account that can sign in. The answer waits for none of it, so its time says
   * nothing about the address. One request's work at a time per process, in
   * arrival order: the anonymous gate bounds how fast requests come, and this
   * bounds how much of the database they take.
   */
  const afterAnswer = afterAnswerQueue(server);
  async function forgotWork(userName: string, ip: string, now: number): Promise<void> {
    // OIDC_ONLY: no password but the break-glass administrator's signs in, so no other gets a reset link.
    if (config.oidc?.only && userName.trim().toLowerCase() !== config.adminEmail) return;
    // Counted under the name's digest: the throttle keeps no name, typed right or not.
    if ((await claimForgot(db, names.digest(userName), ip, now)) > 0) return;
    const token = crypto.randomBytes(32).toString('base64url');
    // Queued with the token apart from its text (mail/outbox.ts): it goes when the e-mail does.
    const email = withoutSecret(passwordResetEmail(config.publicUrl, token), token);
    const outboxId = crypto.randomUUID();
    await storeResetRequest(db, {
      userName,
      tokenHash: hash(token),
      expiresAt: now + RESET_TTL_MS,
      outboxId,
      email,
      token,
      now,
    });
    // Sent by the e-mail queue's next poll (within 2 s), not now: sending at once was work only an
    // account caused, right after its request, and slowed the next request enough to tell.
  }

  const forgot = {
    operationId: 'forgotPassword',
    summary: 'E-mail a password reset link',
    tags,
    body: forgotRequestSchema,
    response: { 200: forgotResponseSchema, ...errorResponses },
  };
  app.post(
    '/api/password/forgot',
    {
      config: { access: 'public', anonymousWork: true, idempotency: 'replay' },
      schema: forgot,
      onResponse: (request, reply, done) => {
        if (reply.statusCode === 200) {
          const now = Date.now();
          const { user_name } = request.body;
          afterAnswer(request.log, 'forgot-password: the reset e-mail could not be queued', () =>
            forgotWork(user_name, request.ip, now),
          );
        }
        done();
      },
    },
    // No database work before the answer: the same answer, at the same time, for every address.
    // Its work (forgotWork) runs after it, whether the answer was kept for a key or not.
    async (request) => {
      answerWithoutWrite(request);
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  const reset = {
    operationId: 'resetPassword',
    summary: 'Set a new password with a reset link',
    tags,
    body: resetRequestSchema,
    response: { 200: emptyResponseSchema, ...errorResponses },
  };
  // The body holds a password and a reset token: nothing is kept for an Idempotency-Key. A
  // repeat finds the link used (400), and the new password signs in.
  app.post(
    '/api/password/reset',
    { config: { access: 'public', anonymousWork: true, idempotency: 'ignore' }, schema: reset },
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
