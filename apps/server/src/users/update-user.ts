/** Applying an administrator's changes to a user (spec §7 POST admin/users/{id}). */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { UserUpdateRequest } from '@airman/contracts/api.ts';
import type { Db } from '../db/database.ts';
import { assignments, users } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import type { UserRow } from './presenter.ts';

/** Postgres unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

export async function updateUser(db: Db, existing: UserRow, patch: UserUpdateRequest): Promise<void> {
  const { assignments: dueDates, active_at, ...fields } = patch;
  const set: Partial<typeof users.$inferInsert> = { ...fields };
  if (active_at !== undefined) set.active_at = active_at > 0 ? (existing.active_at > 0 ? existing.active_at : Date.now()) : 0;
  // Tokens of the account stop working when its role, e-mail or activity changes.
  const revokes =
    (fields.role !== undefined && fields.role !== existing.role) ||
    (fields.user_name !== undefined && fields.user_name !== existing.user_name) ||
    (active_at !== undefined && active_at === 0 && existing.active_at > 0);
  await db.transaction(async (tx) => {
    if (Object.keys(set).length > 0 || revokes) {
      try {
        await tx
          .update(users)
          .set({ ...set, ...(revokes ? { token_version: sql`${users.token_version} + 1` } : {}) })
          .where(eq(users.id, existing.id));
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, `The e-mail ${fields.user_name ?? ''} is already in use`);
        throw error;
      }
    }
    if (dueDates && dueDates.length > 0) {
      const keys = dueDates.map((d) => d.key);
      const found = await tx
        .select({ key: assignments.module_id })
        .from(assignments)
        .where(and(eq(assignments.user_id, existing.id), inArray(assignments.module_id, keys)));
      const known = new Set(found.map((f) => f.key));
      const unknown = keys.filter((k) => !known.has(k));
      if (unknown.length > 0) throw new HttpError(400, `assignments: not assigned: ${unknown.join(', ')}`);
      for (const d of dueDates) {
        await tx
          .update(assignments)
          .set({ due_at: d.due_at })
          .where(and(eq(assignments.user_id, existing.id), eq(assignments.module_id, d.key)));
      }
    }
  });
}
