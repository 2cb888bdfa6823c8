/**
 * POST admin/users/bulk: one action on many users in one transaction. The
 * users named are locked (in id order, so two bulk requests never wait on each
 * other in a circle), every one of them must exist, and each is answered
 * 'done' or 'skipped' with the reason. The writes go through the same
 * functions as the single-user calls; reminders follow by themselves (a new
 * due date re-arms them, a removed assignment takes its unsent one out of the
 * queue: database triggers), and invites are queued in the outbox inside the
 * transaction, so nothing is sent for a request that is refused.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { BulkUserResult, BulkUsersRequest, BulkUsersResponse } from '@airman/contracts/bulk-users.ts';
import { transaction, type Db } from '#db/database.ts';
import { assignments, modules, users } from '#db/schema.ts';
import { HttpError } from '#lib/http-error.ts';
import { pgTextArray } from '#mail/outbox.ts';
import { assignableModule, assignModuleToUsers, unassignModuleFromUsers } from '../admin-users/assign-module.ts';
import { reinviteUsers, type InviteSite } from '../invites/invites.ts';
import { deactivateUsers } from '../admin-users/update-user.ts';
import { isUsableAccount } from '#auth/usable-account.ts';
import { audit, type AuditEntry } from '#lib/audit.ts';
import { dueDateChanged, moduleAssigned, moduleUnassigned, userDeactivated } from '../audit/entries.ts';

/**
 * The entry of a bulk action done for one user, as the single-user call's with `bulk: true`:
 * from the due date read under the users' lock (due_date, unassign). A resent invite is audited
 * where it is resent (invites/invites.ts).
 */
function bulkEntry(request: BulkUsersRequest, user: Target, dueBefore: number | undefined): AuditEntry | undefined {
  const module = request.module ?? '';
  switch (request.action) {
    case 'assign':
      return moduleAssigned(user, module, request.due_at ?? 0, true);
    case 'due_date':
      return dueDateChanged(user, module, dueBefore ?? 0, request.due_at ?? 0, true);
    case 'unassign':
      return moduleUnassigned(user, module, dueBefore ?? 0, true);
    case 'reinvite':
      return undefined;
    case 'deactivate':
      return userDeactivated(user, true);
  }
}

/** The reasons a user is skipped, as the screen shows them. */
export const SKIP = {
  alreadyAssigned: 'already assigned this module',
  notAssigned: 'not assigned this module',
  completed: 'has completed this module: a completed assignment is kept as it is',
  sameDueDate: 'already has this due date',
  registered: 'already registered: there is no invite to resend',
  self: 'your own account',
  inactive: 'inactive',
  voidedInvite: 'inactive: the invite was voided',
  alreadyInactive: 'already inactive',
  voided: 'pending invite already voided',
} as const;

/**
 * Who a bulk action leaves alone whatever it is: the administrator acting (a page
 * selected whole includes them, and a change to one's own account is never meant
 * there), and, for the actions on assignments, deactivated accounts (a registered
 * user with active_at 0, an invitee whose invite was voided): they cannot play, and
 * a module or a due date given to them would count against their unit's figures.
 */
function commonSkip(action: BulkUsersRequest['action'], t: Target, callerId: string): string | undefined {
  if (t.id === callerId) return SKIP.self;
  if (action !== 'assign' && action !== 'due_date' && action !== 'unassign') return undefined;
  if (!t.pending && !isUsableAccount(t)) return SKIP.inactive;
  if (t.pending && t.invite_code === null) return SKIP.voidedInvite;
  return undefined;
}

interface Target {
  id: string;
  user_name: string;
  active_at: number;
  pending: boolean;
  invite_code: string | null;
}

/** How many unknown ids an error names before it counts the rest. */
const NAMED_IDS = 5;

function unknownIdsMessage(unknown: string[]): string {
  const named = unknown.slice(0, NAMED_IDS).join(', ');
  const more = unknown.length > NAMED_IDS ? ` and ${unknown.length - NAMED_IDS} more` : '';
  return `ids: no such user: ${named}${more}. Nothing was changed; reload the list and try again.`;
}

/** The module a bulk action names; 400 when there is none (assign also wants it live). */
async function namedModule(db: Db, request: BulkUsersRequest): Promise<string> {
  const id = request.module as string;
  if (request.action === 'assign') {
    try {
      await assignableModule(db, id);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404)
        throw new HttpError(400, `module: there is no module '${id}'`);
      throw error;
    }
    return id;
  }
  const [m] = await db.select({ id: modules.id }).from(modules).where(eq(modules.id, id)).limit(1);
  if (!m) throw new HttpError(400, `module: there is no module '${id}'`);
  return id;
}

/** The assignments of one module among these users: completed_at and due_at by user. */
async function assignmentsOf(
  db: Db,
  ids: string[],
  moduleId: string,
): Promise<Map<string, { completed_at: number; due_at: number }>> {
  const rows = await db
    .select({ user_id: assignments.user_id, completed_at: assignments.completed_at, due_at: assignments.due_at })
    .from(assignments)
    .where(and(eq(assignments.module_id, moduleId), sql`${assignments.user_id} = ANY(${pgTextArray(ids)}::text[])`));
  return new Map(rows.map((r) => [r.user_id, r]));
}

export async function applyBulkAction(
  db: Db,
  site: InviteSite,
  callerId: string,
  request: BulkUsersRequest,
): Promise<BulkUsersResponse> {
  const ids = [...new Set(request.ids)];
  return transaction(db, async (tx) => {
    const locked = await tx
      .select({
        id: users.id,
        user_name: users.user_name,
        active_at: users.active_at,
        pending: users.pending,
        invite_code: users.invite_code,
      })
      .from(users)
      .where(sql`${users.id} = ANY(${pgTextArray(ids)}::text[])`)
      .orderBy(users.id)
      .for('update');
    const found = new Map<string, Target>(locked.map((u) => [u.id, u]));
    const unknown = ids.filter((id) => !found.has(id));
    if (unknown.length > 0) throw new HttpError(400, unknownIdsMessage(unknown));
    const targets = ids.map((id) => found.get(id) as Target);

    /** Each user's due date of the named module before the change (due_date, unassign). */
    let dueBefore = new Map<string, { due_at: number }>();
    const skipped = new Map<string, string>();
    const skip = (id: string, reason: string) => skipped.set(id, reason);
    const rest = () => targets.filter((t) => !skipped.has(t.id));
    for (const t of targets) {
      const reason = commonSkip(request.action, t, callerId);
      if (reason !== undefined) skip(t.id, reason);
    }

    switch (request.action) {
      case 'assign': {
        const moduleId = await namedModule(tx, request);
        const had = await assignmentsOf(tx, ids, moduleId);
        for (const t of rest()) if (had.has(t.id)) skip(t.id, SKIP.alreadyAssigned);
        const wanted = rest().map((t) => t.id);
        const added = await assignModuleToUsers(tx, wanted, moduleId, request.due_at ?? 0);
        // Assigned by another request meanwhile: theirs stands.
        for (const id of wanted) if (!added.has(id)) skip(id, SKIP.alreadyAssigned);
        break;
      }
      case 'due_date': {
        const moduleId = await namedModule(tx, request);
        const dueAt = request.due_at as number;
        const had = await assignmentsOf(tx, ids, moduleId);
        dueBefore = had;
        for (const t of rest()) {
          const a = had.get(t.id);
          if (!a) skip(t.id, SKIP.notAssigned);
          else if (a.completed_at > 0) skip(t.id, SKIP.completed);
          else if (a.due_at === dueAt) skip(t.id, SKIP.sameDueDate);
        }
        const wanted = rest().map((t) => t.id);
        if (wanted.length > 0) {
          const moved = await tx
            .update(assignments)
            .set({ due_at: dueAt })
            .where(
              and(
                eq(assignments.module_id, moduleId),
                eq(assignments.completed_at, 0),
                sql`${assignments.user_id} = ANY(${pgTextArray(wanted)}::text[])`,
              ),
            )
            .returning({ user_id: assignments.user_id });
          const done = new Set(moved.map((m) => m.user_id));
          // Completed by a run that finished meanwhile: the result stands.
          for (const id of wanted) if (!done.has(id)) skip(id, SKIP.completed);
        }
        break;
      }
      case 'unassign': {
        const moduleId = await namedModule(tx, request);
        const had = await assignmentsOf(tx, ids, moduleId);
        dueBefore = had;
        for (const t of rest()) {
          const a = had.get(t.id);
          if (!a) skip(t.id, SKIP.notAssigned);
          else if (a.completed_at > 0) skip(t.id, SKIP.completed);
        }
        const wanted = rest().map((t) => t.id);
        const removed = await unassignModuleFromUsers(tx, wanted, moduleId);
        for (const id of wanted) if (!removed.has(id)) skip(id, SKIP.completed);
        break;
      }
      case 'reinvite': {
        for (const t of rest()) if (!t.pending) skip(t.id, SKIP.registered);
        await reinviteUsers(tx, site, rest());
        break;
      }
      case 'deactivate': {
        for (const t of rest()) {
          if (t.pending && t.invite_code === null) skip(t.id, SKIP.voided);
          else if (!t.pending && !isUsableAccount(t)) skip(t.id, SKIP.alreadyInactive);
        }
        await deactivateUsers(tx, rest());
        break;
      }
    }

    await audit(tx, ...rest().flatMap((t) => bulkEntry(request, t, dueBefore.get(t.id)?.due_at) ?? []));

    const results: BulkUserResult[] = targets.map((t) => {
      const reason = skipped.get(t.id);
      return reason === undefined
        ? { id: t.id, user_name: t.user_name, outcome: 'done' }
        : { id: t.id, user_name: t.user_name, outcome: 'skipped', reason };
    });
    return { action: request.action, done: results.length - skipped.size, skipped: skipped.size, results };
  });
}
