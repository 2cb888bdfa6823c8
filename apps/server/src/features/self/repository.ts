/** The caller's own account as POST self changes it. */
import { eq, sql } from 'drizzle-orm';
import type { SelfProfileRequest } from '@airman/contracts/api.ts';
import type { Db } from '#db/database.ts';
import { users } from '#db/schema.ts';
import type { UserRow } from '#auth/account.ts';

/** A new password hash; every token of the account stops working. Undefined when the account is gone. */
export async function savePassword(db: Db, id: string, passwordHash: string): Promise<UserRow | undefined> {
  const [saved] = await db
    .update(users)
    .set({ password_hash: passwordHash, token_version: sql`${users.token_version} + 1` })
    .where(eq(users.id, id))
    .returning();
  return saved;
}

/** The profile's fields; `endSessions` also stops every token. Undefined when the account is gone. */
export async function saveProfile(
  db: Db,
  id: string,
  profile: SelfProfileRequest,
  endSessions: boolean,
): Promise<UserRow | undefined> {
  const [saved] = await db
    .update(users)
    .set({ ...profile, ...(endSessions ? { token_version: sql`${users.token_version} + 1` } : {}) })
    .where(eq(users.id, id))
    .returning();
  return saved;
}
