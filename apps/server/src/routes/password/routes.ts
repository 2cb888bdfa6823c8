/**
 * Forgot password (beyond the spec): a single-use link valid for 30 minutes,
 * its token stored hashed, the link built from PUBLIC_URL. The request never
 * reveals whether an address has an account, and is throttled per address.
 */
import crypto from 'node:crypto';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { passwordSchema } from '@airman/contracts/api.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { loginFailures, passwordResets, users } from '../../db/schema.ts';
import { HttpError, parseInput } from '../../lib/http-error.ts';
import { enqueueEmail, type MailWorker } from '../../mail/outbox.ts';

export const RESET_TTL_MS = 30 * 60 * 1000;
/** Reset e-mails per address (and per client address ×5) in 15 minutes. */
const RESETS_PER_WINDOW = 3;
const WINDOW_MS = 15 * 60 * 1000;

const forgotSchema = z.strictObject({ user_name: z.string().trim().toLowerCase().min(1).max(254) });
const resetSchema = z.strictObject({ token: z.string().min(1).max(200), password: passwordSchema });
const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export const FORGOT_PASSWORD_ANSWER = 'If an account exists for this address, an e-mail with a link to reset its password is on its way.';

export function passwordRoutes(app: FastifyInstance, db: Db, config: Config, mail: MailWorker): void {
  app.post('/api/password/forgot', { config: { access: 'public' } }, async (request) => {
    const { user_name } = parseInput(forgotSchema, request.body);
    const now = Date.now();
    const keys = [`reset:${user_name}`, `reset-ip:${request.ip}`];
    const [recent] = await db
      .select({ n: count() })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, keys[0]!), gt(loginFailures.at, now - WINDOW_MS)));
    const [fromAddress] = await db
      .select({ n: count() })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, keys[1]!), gt(loginFailures.at, now - WINDOW_MS)));
    if ((recent?.n ?? 0) >= RESETS_PER_WINDOW || (fromAddress?.n ?? 0) >= RESETS_PER_WINDOW * 5) {
      throw new HttpError(429, 'Too many reset requests. Try again in 15 minutes.');
    }
    await db.insert(loginFailures).values(keys.map((key) => ({ key, at: now })));
    const [user] = await db.select().from(users).where(eq(users.user_name, user_name)).limit(1);
    if (user && user.active_at > 0 && !user.pending) {
      const token = crypto.randomBytes(32).toString('base64url');
      const link = `${config.publicUrl}/reset-password/${token}`;
      const queued = await db.transaction(async (tx) => {
        await tx.insert(passwordResets).values({ token_hash: hash(token), user_id: user.id, expires_at: now + RESET_TTL_MS });
        return enqueueEmail(tx, {
          to: user.user_name,
          subject: 'Reset your Ready Airman Training password',
          text: `Someone asked to reset the password of your Ready Airman Training account.\n\nSet a new password here (the link works once, for 30 minutes):\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n`,
          html: `<p>Someone asked to reset the password of your Ready Airman Training account.</p><p><a href="${link}">Set a new password</a> (the link works once, for 30 minutes).</p><p>If it was not you, ignore this e-mail: your password stays as it is.</p>`,
        });
      });
      // Sent in the background: answering only after a send would tell who has an account.
      void mail.deliverNow([queued]).catch(() => undefined);
    }
    return { message: FORGOT_PASSWORD_ANSWER };
  });

  app.post('/api/password/reset', { config: { access: 'public' } }, async (request) => {
    const { token, password } = parseInput(resetSchema, request.body);
    const now = Date.now();
    const passwordHash = await hashPassword(password);
    const done = await db.transaction(async (tx) => {
      const [reset] = await tx
        .update(passwordResets)
        .set({ used_at: now })
        .where(and(eq(passwordResets.token_hash, hash(token)), eq(passwordResets.used_at, 0), gt(passwordResets.expires_at, now)))
        .returning({ user_id: passwordResets.user_id });
      if (!reset) return false;
      // Every session of the account ends: the user signs in again with the new password.
      await tx
        .update(users)
        .set({ password_hash: passwordHash, token_version: sql`${users.token_version} + 1` })
        .where(eq(users.id, reset.user_id));
      return true;
    });
    if (!done) throw new HttpError(400, 'This reset link has expired or was already used. Ask for a new one.');
    return {};
  });
}
