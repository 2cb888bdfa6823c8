/** The accounts as signing in and out reads and writes them. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#db/database.ts';
import { users } from '#db/schema.ts';
import type { UserRow } from '#auth/account.ts';

export async function findUserByEmail(db: Db, userName: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.user_name, userName.toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function recordSignIn(db: Db, id: string, at: number): Promise<void> {
  await db.update(users).set({ last_login_at: at }).where(eq(users.id, id));
}

/** Every token of the account stops working (its version moves on). */
export async function revokeTokens(db: Db, id: string): Promise<void> {
  await db
    .update(users)
    .set({ token_version: sql`${users.token_version} + 1` })
    .where(eq(users.id, id));
}
