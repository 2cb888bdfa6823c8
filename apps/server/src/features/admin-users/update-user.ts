/** Applying an administrator's changes to a user (spec §7 POST admin/users/{id}). */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { ASSIGNMENT_READ_ONLY_FIELDS, type UserUpdateRequest } from '@airman/contracts/api.ts';
import { transaction, type Db } from '#db/database.ts';
import { adminUnits, assignments, users } from '#db/schema.ts';
import { HttpError } from '#lib/http-error.ts';
import { newInviteCode } from '#auth/invite-code.ts';
import { emailInUse } from '#auth/account.ts';
import { isUniqueViolation } from '#db/errors.ts';
import { clearSignInFailures, signInStatus } from '#auth/throttle.ts';
import type { UserRow } from '#auth/account.ts';
import { audit, type AuditEntry } from '#lib/audit.ts';
import { dueDateChanged, userUpdated } from '../audit/entries.ts';

/** The fields a change's audit entries compare, as the row holds them (before: locked; after: as written). */
const AUDITED = {
  role: users.role,
  user_name: users.user_name,
  active_at: users.active_at,
  first_name: users.first_name,
  last_name: users.last_name,
  rank: users.rank,
  unit: users.unit,
};

/**
 * Applies only the fields given, in one transaction: the user row (locked, so
 * the token-revocation decision reads the current values) and the due dates of
 * existing assignments. 404 for an unknown user, 400 for an unassigned key,
 * 409 for an e-mail another account has.
 */
export async function updateUser(db: Db, id: string, patch: UserUpdateRequest): Promise<void> {
  const { assignments: dueDates, active_at, admin_units: adminUnitsGiven, ...fields } = patch;
  await transaction(db, async (tx) => {
    const [existing] = await tx
      .select({ ...AUDITED, pending: users.pending })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    if (!existing) throw new HttpError(404, 'No such user');

    const set: PgUpdateSetSource<typeof users> = { ...fields };
    // Spec §4: activating sets active_at to now, deactivating to 0. An account
    // that is already active keeps its activation time (the modal may resend it).
    if (active_at !== undefined) set.active_at = active_at > 0 ? existing.active_at || Date.now() : 0;
    // A role, e-mail or deactivation change ends every session of the account.
    const revokes =
      (fields.role !== undefined && fields.role !== existing.role) ||
      (fields.user_name !== undefined && fields.user_name !== existing.user_name) ||
      (active_at === 0 && existing.active_at > 0);
    if (revokes) set.token_version = sql`${users.token_version} + 1`;
    if (existing.pending) {
      // An invite's code belongs to the address it was sent to: a corrected address gets a
      // new one (sent by Resend Invite), and the first address's link stops working.
      if (fields.user_name !== undefined && fields.user_name !== existing.user_name) set.invite_code = newInviteCode();
      // A deactivated invitee cannot register: the code is voided until an invite is resent.
      if (active_at === 0) set.invite_code = null;
    }
    if (Object.keys(set).length > 0) {
      const [after] = await tx
        .update(users)
        .set(set)
        .where(eq(users.id, id))
        .returning(AUDITED)
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? emailInUse(fields.user_name ?? '') : error;
        });
      if (after) await audit(tx, ...userUpdated(id, existing, after));
    }

    await setAdminUnits(tx, id, existing, fields.role ?? existing.role, adminUnitsGiven);

    if (dueDates && dueDates.length > 0) {
      const keys = [...new Set(dueDates.map((d) => d.key))];
      const found = await tx
        .select()
        .from(assignments)
        .where(and(eq(assignments.user_id, id), inArray(assignments.module_id, keys)));
      const stored = new Map(found.map((f) => [f.module_id, f]));
      const unknown = keys.filter((k) => !stored.has(k));
      if (unknown.length > 0) throw new HttpError(400, `assignments: not assigned to this user: ${unknown.join(', ')}`);
      // What a client read and sends back is fine; only a real change of a read-only field is refused.
      for (const d of dueDates) {
        const row = stored.get(d.key);
        // The kept run's score, as the user's JSON shows it.
        const kept = row?.run_score_points == null ? null : { points: row.run_score_points, stars: row.run_stars ?? 0 };
        const changed = ASSIGNMENT_READ_ONLY_FIELDS.filter((field) =>
          field === 'score'
            ? d.score !== undefined && JSON.stringify(d.score) !== JSON.stringify(kept)
            : d[field] !== undefined && d[field] !== row?.[field],
        );
        if (changed.length > 0)
          throw new HttpError(400, `assignments: ${d.key}: ${changed.join(', ')} cannot be changed, only due_at`);
      }
      const moved: AuditEntry[] = [];
      const user = { id, user_name: fields.user_name ?? existing.user_name };
      for (const d of dueDates) {
        const [row] = await tx
          .update(assignments)
          .set({ due_at: d.due_at })
          .where(and(eq(assignments.user_id, id), eq(assignments.module_id, d.key)))
          .returning({ due_at: assignments.due_at });
        const was = stored.get(d.key);
        const entry = was && row && dueDateChanged(user, d.key, was.due_at, row.due_at);
        if (entry) moved.push(entry);
        // The same key twice: the second moves it from where the first left it.
        if (was && row) stored.set(d.key, { ...was, due_at: row.due_at });
      }
      await audit(tx, ...moved);
    }
  });
}

/**
 * A unit administrator's units: replaced when given (only for that role), required for it, and
 * dropped when the account leaves it; a change audited as user.scope.
 */
async function setAdminUnits(
  tx: Db,
  id: string,
  existing: { role: string; user_name: string },
  role: string,
  given: string[] | undefined,
): Promise<void> {
  if (given !== undefined && role !== 'unit_admin')
    throw new HttpError(400, 'admin_units: only a unit administrator (role unit_admin) has units');
  const before = (
    await tx
      .select({ unit: adminUnits.unit })
      .from(adminUnits)
      .where(eq(adminUnits.user_id, id))
      .orderBy(adminUnits.unit)
  ).map((r) => r.unit);
  let after = role === 'unit_admin' ? before : [];
  if (given !== undefined) after = [...new Set(given.map((u) => u.trim()))].sort();
  if (role === 'unit_admin' && after.length === 0)
    throw new HttpError(400, 'admin_units: a unit administrator needs at least one unit');
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  await tx.delete(adminUnits).where(eq(adminUnits.user_id, id));
  if (after.length > 0) await tx.insert(adminUnits).values(after.map((unit) => ({ user_id: id, unit })));
  await audit(tx, {
    action: 'user.scope',
    target: { kind: 'user', id, name: existing.user_name },
    before: { admin_units: before },
    after: { admin_units: after },
  });
}

/**
 * Deactivates these users as `updateUser` does with `active_at: 0`: a
 * registered account gets active_at 0 and a new token version (every session
 * ends); a pending invitee's code is voided until an invite is resent. In two
 * statements, whatever the number.
 */
export async function deactivateUsers(db: Db, targets: { id: string; pending: boolean }[]): Promise<void> {
  const registered = targets.filter((t) => !t.pending).map((t) => t.id);
  const pending = targets.filter((t) => t.pending).map((t) => t.id);
  if (registered.length > 0) {
    await db
      .update(users)
      .set({ active_at: 0, token_version: sql`${users.token_version} + 1` })
      .where(inArray(users.id, registered));
  }
  if (pending.length > 0) await db.update(users).set({ invite_code: null }).where(inArray(users.id, pending));
}

/** Clears an account's sign-in failures (it signs in from anywhere again), with its audit entry. */
export async function clearSignInLock(db: Db, row: UserRow): Promise<void> {
  await transaction(db, async (tx) => {
    const before = await signInStatus(tx, row);
    await clearSignInFailures(tx, row.user_name);
    await audit(tx, {
      action: 'user.sign_in_cleared',
      target: { kind: 'user', id: row.id, name: row.user_name },
      before: { ...before },
      after: { ...(await signInStatus(tx, row)) },
    });
  });
}
