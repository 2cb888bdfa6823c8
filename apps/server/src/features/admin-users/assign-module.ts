/** Assigning and unassigning modules (spec §7 POST/DELETE admin/users/{id}/assign, and in bulk). */
import { and, eq, sql } from 'drizzle-orm';
import { transaction, type Db } from '#db/database.ts';
import { assignments, modules, users } from '#db/schema.ts';
import { HttpError } from '#lib/http-error.ts';
import { isForeignKeyViolation } from '#db/errors.ts';
import { pgTextArray } from '#mail/outbox.ts';
import { audit } from '#lib/audit.ts';
import { moduleAssigned, moduleUnassigned } from '../audit/entries.ts';

/** A module that may be assigned: it exists and is live; 404 or 400 otherwise. */
export async function assignableModule(db: Db, moduleId: string): Promise<{ id: string; title: string }> {
  const [m] = await db
    .select({ archived_at: modules.archived_at, title: modules.game_title })
    .from(modules)
    .where(eq(modules.id, moduleId))
    .limit(1);
  if (!m) throw new HttpError(404, `No module '${moduleId}'`);
  if (m.archived_at > 0) throw new HttpError(400, `module: '${moduleId}' is archived and cannot be assigned`);
  return { id: moduleId, title: m.title };
}

/**
 * Assigns a module to these users (added now, with this due date or none, In
 * Progress, not started), in one statement; a user who has it already keeps
 * their assignment as it is. Returns the users it was added to.
 */
export async function assignModuleToUsers(
  db: Db,
  userIds: string[],
  moduleId: string,
  dueAt = 0,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const result = await db.execute(sql`INSERT INTO assignments (user_id, module_id, created_at, due_at, game_status)
    SELECT t.user_id, ${moduleId}::text, ${Date.now()}::bigint, ${dueAt}::bigint, 0 FROM unnest(${pgTextArray(userIds)}::text[]) AS t(user_id)
    ON CONFLICT DO NOTHING RETURNING user_id`);
  const inserted = (result as unknown as { rows: { user_id: string }[] }).rows;
  return new Set(inserted.map((r) => r.user_id));
}

/**
 * Assigns a live module: added now, no due date, In Progress, not started.
 * Assigning it again is a 409 rather than a silent success, so two admins
 * working on the same user learn that the other one was first.
 */
export async function assignModule(db: Db, userId: string, moduleId: string): Promise<void> {
  const [user] = await db
    .select({ id: users.id, user_name: users.user_name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new HttpError(404, 'No such user');
  await assignableModule(db, moduleId);
  try {
    await transaction(db, async (tx) => {
      const added = await assignModuleToUsers(tx, [userId], moduleId);
      if (added.size === 0) throw new HttpError(409, `Module '${moduleId}' is already assigned to this user`);
      await audit(tx, moduleAssigned(user, moduleId, 0));
    });
  } catch (error) {
    // The user was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) throw new HttpError(404, 'No such user');
    throw error;
  }
}

/**
 * Removes these users' assignments of a module that are not completed, in one
 * statement (a run completing meanwhile is never lost: a completed one is the
 * record of the result). Returns the users it was removed from.
 */
export async function unassignModuleFromUsers(db: Db, userIds: string[], moduleId: string): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const deleted = await db
    .delete(assignments)
    .where(
      and(
        sql`${assignments.user_id} = ANY(${pgTextArray(userIds)}::text[])`,
        eq(assignments.module_id, moduleId),
        eq(assignments.completed_at, 0),
      ),
    )
    .returning({ user_id: assignments.user_id });
  return new Set(deleted.map((r) => r.user_id));
}

/** Removes an assignment that is not completed (a completed one is the record of the result). */
export async function unassignModule(db: Db, userId: string, moduleId: string): Promise<void> {
  const removed = await transaction(db, async (tx) => {
    // Locked: the due date the entry says it had is the one removed.
    const [was] = await tx
      .select({ id: users.id, due_at: assignments.due_at, user_name: users.user_name })
      .from(assignments)
      .innerJoin(users, eq(users.id, assignments.user_id))
      .where(and(eq(assignments.user_id, userId), eq(assignments.module_id, moduleId)))
      .for('update', { of: assignments });
    const gone = await unassignModuleFromUsers(tx, [userId], moduleId);
    if (gone.size > 0 && was) await audit(tx, moduleUnassigned(was, moduleId, was.due_at));
    return gone;
  });
  if (removed.size > 0) return;
  const where = and(eq(assignments.user_id, userId), eq(assignments.module_id, moduleId));
  const [left] = await db.select({ completed_at: assignments.completed_at }).from(assignments).where(where).limit(1);
  if (left) throw new HttpError(409, 'A completed assignment cannot be removed');
  throw new HttpError(404, `Module '${moduleId}' is not assigned to this user`);
}
