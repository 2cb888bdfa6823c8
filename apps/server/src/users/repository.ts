/** Reading and writing users. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { assignments, users } from '../db/schema.ts';
import type { UserRow } from './presenter.ts';
import { type AssignmentRow } from './presenter.ts';

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Db, userName: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.user_name, userName.toLowerCase())).limit(1);
  return row;
}

export function assignmentsOf(db: Db, userId: string): Promise<AssignmentRow[]> {
  return db.select().from(assignments).where(eq(assignments.user_id, userId)).orderBy(asc(assignments.created_at));
}

/** assignmentsOf as a prepared statement, for hot routes (build once per app). */
export function assignmentsQuery(db: Db): (userId: string) => Promise<AssignmentRow[]> {
  const query = db
    .select()
    .from(assignments)
    .where(eq(assignments.user_id, sql.placeholder('userId')))
    .orderBy(asc(assignments.created_at))
    .prepare('assignments_of_user');
  return (userId) => query.execute({ userId });
}

/** An account may sign in and call the API: registered and active. */
export function isActiveAccount(row: Pick<UserRow, 'active_at' | 'pending'>): boolean {
  return row.active_at > 0 && !row.pending;
}
