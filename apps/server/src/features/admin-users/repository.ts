/** Reading and deleting users; the list, updates and assignments have their own modules beside this one. */
import { eq } from 'drizzle-orm';
import { transaction, type Db } from '#db/database.ts';
import { users } from '#db/schema.ts';
import type { UserRow } from '#auth/account.ts';
import { audit } from '#lib/audit.ts';

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Deletes the user (their assignments, runs and tokens go with them); false when there was none. */
export async function deleteUser(db: Db, id: string): Promise<boolean> {
  return transaction(db, async (tx) => {
    const [deleted] = await tx.delete(users).where(eq(users.id, id)).returning({
      user_name: users.user_name,
      first_name: users.first_name,
      last_name: users.last_name,
      rank: users.rank,
      unit: users.unit,
      role: users.role,
    });
    if (!deleted) return false;
    await audit(tx, {
      action: 'user.delete',
      target: { kind: 'user', id, name: deleted.user_name },
      before: deleted,
      after: null,
    });
    return true;
  });
}
