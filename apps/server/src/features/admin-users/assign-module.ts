/** Assigning and unassigning modules (spec §7 POST/DELETE admin/users/{id}/assign). */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { assignments, modules, users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';

/**
 * Assigns a live module: added now, no due date, In Progress, not started.
 * Assigning it again is a 409 rather than a silent success, so two admins
 * working on the same user learn that the other one was first.
 */
export async function assignModule(db: Db, userId: string, moduleId: string): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new HttpError(404, 'No such user');
  const [m] = await db.select({ archived_at: modules.archived_at }).from(modules).where(eq(modules.id, moduleId)).limit(1);
  if (!m) throw new HttpError(404, `No module '${moduleId}'`);
  if (m.archived_at > 0) throw new HttpError(400, `module: '${moduleId}' is archived and cannot be assigned`);
  try {
    const inserted = await db
      .insert(assignments)
      .values({ user_id: userId, module_id: moduleId, created_at: Date.now(), due_at: 0, game_status: 0 })
      .onConflictDoNothing()
      .returning({ key: assignments.module_id });
    if (inserted.length === 0) throw new HttpError(409, `Module '${moduleId}' is already assigned to this user`);
  } catch (error) {
    // The user was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) throw new HttpError(404, 'No such user');
    throw error;
  }
}

/** Removes an assignment that is not completed (a completed one is the record of the result). */
export async function unassignModule(db: Db, userId: string, moduleId: string): Promise<void> {
  const where = and(eq(assignments.user_id, userId), eq(assignments.module_id, moduleId));
  // One statement decides and deletes, so a run completing meanwhile is never lost.
  const deleted = await db
    .delete(assignments)
    .where(and(where, eq(assignments.completed_at, 0)))
    .returning({ key: assignments.module_id });
  if (deleted.length > 0) return;
  const [left] = await db.select({ completed_at: assignments.completed_at }).from(assignments).where(where).limit(1);
  if (left) throw new HttpError(409, 'A completed assignment cannot be removed');
  throw new HttpError(404, `Module '${moduleId}' is not assigned to this user`);
}
