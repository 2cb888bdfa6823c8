/** Invites and registration (spec §7): PUT admin/invite, reinvite, GET invite/{code}, POST register/{code}. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  inviteCodeParamsSchema,
  inviteLookupResponseSchema,
  inviteRequestSchema,
  inviteResponseSchema,
  registerRequestSchema,
} from '@airman/contracts/api.ts';
import { invalidEmails, invalidEmailsMessage } from '@airman/contracts/validation.ts';
import { hashPassword } from '#auth/passwords.ts';
import { guessFailed, guessWait, tryAgainIn } from '#auth/throttle.ts';
import type { Config } from '#config.ts';
import { transaction, type Database, type Db } from '#db/database.ts';
import { caller } from '#plugins/auth.ts';
import { assertUnitInScope, assertUserInScope } from '#lib/scope.ts';
import { HttpError } from '#lib/http-error.ts';
import type { MailWorker } from '#mail/outbox.ts';
import { createInvites, reinviteUsers, type Invitee } from './invites.ts';
import { emptyResponseSchema, errorResponses } from '#plugins/schemas.ts';
import { answerInTransaction, keyedTransaction } from '#plugins/idempotency.ts';
import { audit } from '#lib/audit.ts';
import {
  findInviteByCode,
  findModuleTitle,
  findUser,
  register as registerInvitee,
  takenEmails,
  type Invite,
} from './repository.ts';
import type { ApiTag } from '#plugins/openapi-components.ts';

const empty = { 200: emptyResponseSchema, ...errorResponses };

const tags: ApiTag[] = ['Invites'];

export function inviteRoutes(server: FastifyInstance, database: Database, config: Config, mail: MailWorker): void {
  const { db } = database;
  const app = server.withTypeProvider<ZodTypeProvider>();
  const invite = {
    operationId: 'inviteUsers',
    summary: 'Invite people by e-mail',
    tags,
    body: inviteRequestSchema,
    response: { 200: inviteResponseSchema, ...errorResponses },
  };
  app.put(
    '/api/admin/invite',
    { config: { access: 'unit_admin', idempotency: 'replay' }, schema: invite },
    async (request) => {
      const { body } = request;
      // A unit administrator invites into its units only, and says which.
      const { scope } = caller(request);
      if (scope !== null) {
        if (body.unit === undefined || body.unit.trim() === '')
          throw new HttpError(400, 'unit: give the unit of the people you invite (one of the units you administer)');
        assertUnitInScope(scope, body.unit);
      }
      const emails = [...new Set(body.emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
      const invalid = invalidEmails(emails);
      if (invalid.length > 0) throw new HttpError(400, invalidEmailsMessage(invalid));
      if (emails.length === 0) throw new HttpError(400, 'emails: give at least one address');
      if (body.due_at !== undefined && !body.module)
        throw new HttpError(400, 'due_at: give the module it is the due date of');

      const { invited, existing, queued } = await keyedTransaction(request, db, async (tx) => {
        let module: Invitee['module'];
        if (body.module) {
          const m = await findModuleTitle(tx, body.module);
          if (!m || m.archived_at > 0) throw new HttpError(400, `module: '${body.module}' is not a live module`);
          module = { id: body.module, title: m.title, due_at: body.due_at ?? 0 };
        }
        const taken = await takenEmails(tx, emails);
        const fresh = emails.filter((e) => !taken.has(e));
        const created = await createInvites(
          tx,
          config,
          fresh.map((email) => ({ email, module, ...(body.unit !== undefined && { unit: body.unit }) })),
        );
        const existing = emails.filter((e) => taken.has(e));
        // If this answer is lost after the COMMIT, a repeat with the same Idempotency-Key gets it:
        // every new address queued (as it is at the COMMIT), none "existing".
        await answerInTransaction(tx, request, {
          invited: fresh,
          existing,
          not_emailed: [],
          refused: [],
          queued: fresh,
        });
        return { invited: fresh, existing, queued: created.emails };
      });
      // Stored and queued: now try to send the first ones; say which failed, and which wait their turn.
      const delivery = await mail.deliverNow(queued);
      const failed = new Map(delivery.failed.map((f) => [f.id, f]));
      const waiting = new Set(delivery.queued);
      return {
        invited,
        existing,
        not_emailed: invited.filter((_, i) => failed.has(queued[i] as string)),
        refused: invited.filter((_, i) => failed.get(queued[i] as string)?.refused !== undefined),
        queued: invited.filter((_, i) => waiting.has(queued[i] as string)),
      };
    },
  );

  app.post(
    '/api/admin/users/:id/reinvite',
    {
      config: { access: 'unit_admin', idempotency: 'replay' },
      schema: {
        operationId: 'resendInvite',
        summary: 'Send a pending user a new invite',
        tags,
        params: idParamsSchema,
        response: empty,
      },
    },
    async (request) => {
      const { id } = request.params;
      await assertUserInScope(database, caller(request).scope, id);
      const user = await findUser(db, id);
      if (!user) throw new HttpError(404, 'No such user');
      if (!user.pending) throw new HttpError(409, 'This user has already registered');
      // A resent invite carries a new code: the old link stops working, and the TTL starts again.
      const sent = await keyedTransaction(request, db, (tx) => reinviteUsers(tx, config, [user]));
      const queued = sent.get(id) as string;
      const [failed] = (await mail.deliverNow([queued])).failed;
      if (failed?.refused) {
        throw new HttpError(
          502,
          `The mail server refused ${user.user_name} (${failed.refused}). Check the address: this e-mail will not be retried.`,
        );
      }
      if (failed)
        throw new HttpError(502, 'The invite e-mail could not be sent now; it stays queued and will be retried');
      return {};
    },
  );

  const lookup = {
    operationId: 'getInvite',
    summary: 'Look up an invite by its code',
    tags,
    params: inviteCodeParamsSchema,
    response: { 200: inviteLookupResponseSchema, ...errorResponses },
  };
  app.get('/api/invite/:code', { config: { access: 'public' }, schema: lookup }, async (request) => {
    const invite = await findInvite(db, request.params.code, config.inviteTtlMs);
    return { user_name: invite.user_name };
  });

  const register = {
    operationId: 'register',
    summary: 'Register with an invite code',
    tags,
    params: inviteCodeParamsSchema,
    body: registerRequestSchema,
    response: empty,
  };
  // The body holds a password and the path a code: nothing is kept for an Idempotency-Key. A
  // repeat finds the code used (401), and the new account signs in.
  app.post(
    '/api/register/:code',
    { config: { access: 'public', anonymousWork: true, idempotency: 'ignore' }, schema: register },
    async (request, reply) => {
      const {
        body,
        params: { code },
      } = request;
      // The code is checked before anything is hashed, and wrong ones are throttled.
      const wait = await guessWait(db, 'register', request.ip, code);
      if (wait > 0) {
        reply.header('Retry-After', String(Math.ceil(wait / 1000)));
        throw new HttpError(429, `Too many invalid invite codes. Try again in ${tryAgainIn(wait)}.`);
      }
      let invite: Invite;
      try {
        invite = await findInvite(db, code, config.inviteTtlMs);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404) {
          await guessFailed(db, 'register', request.ip, code);
          throw new HttpError(401, 'This invite code is not valid');
        }
        throw error;
      }
      const passwordHash = await hashPassword(body.password);
      // One statement under the same conditions: of two registrations racing with one code, one wins.
      const { rank, unit, first_name, last_name } = body;
      const done = await transaction(db, async (tx) => {
        const registered = await registerInvitee(tx, invite.id, code, config.inviteTtlMs, {
          rank,
          unit,
          first_name,
          last_name,
          password_hash: passwordHash,
        });
        if (registered)
          await audit(tx, {
            action: 'user.register',
            actor: { id: invite.id, name: invite.user_name },
            target: { kind: 'user', id: invite.id, name: invite.user_name },
            before: { pending: true },
            after: { pending: false, rank, unit, first_name, last_name },
          });
        return registered;
      });
      if (!done) throw new HttpError(401, 'This invite code is not valid');
      return {};
    },
  );
}

export const INVITE_EXPIRED = 'This invite has expired. Ask your administrator to send a new one.';

/**
 * The pending invitee a code belongs to; 404 when no invite has this code (never
 * sent, already used, replaced by a newer one, voided or deleted), 410 when it
 * has expired.
 */
async function findInvite(db: Db, code: string, ttlMs: number): Promise<Invite> {
  const user = await findInviteByCode(db, code);
  if (!user) throw new HttpError(404, 'Unknown invite code');
  if (user.last_invite_at <= Date.now() - ttlMs) throw new HttpError(410, INVITE_EXPIRED);
  return user;
}
