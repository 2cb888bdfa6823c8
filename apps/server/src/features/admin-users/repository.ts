/** Reading and writing users. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import type { UserRow } from '../../auth/account.ts';

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Db, userName: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.user_name, userName.toLowerCase())).limit(1);
  return row;
}
