/** Invitees and their codes: creating them, sending again, registering. */
import { and, eq, gt, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { Db } from '#db/database.ts';
import { modules, users } from '#db/schema.ts';
import type { UserRow } from '#auth/account.ts';

/** A module's title and whether it is archived; undefined when there is none. */
export async function findModuleTitle(db: Db, id: string): Promise<{ archived_at: number; title: string } | undefined> {
  const [m] = await db
    .select({ archived_at: modules.archived_at, title: modules.game_title })
    .from(modules)
    .where(eq(modules.id, id))
    .limit(1);
  return m;
}

/** Those of these addresses that already have an account. */
export async function takenEmails(db: Db, emails: string[]): Promise<Set<string>> {
  const found = await db.select({ user_name: users.user_name }).from(users).where(inArray(users.user_name, emails));
  return new Set(found.map((f) => f.user_name));
}

export async function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export interface Invite {
  id: string;
  user_name: string;
  last_invite_at: number;
}

/** The pending invitee holding this code, whenever it was sent. */
export async function findInviteByCode(db: Db, code: string): Promise<Invite | undefined> {
  const [user] = await db
    .select({ id: users.id, user_name: users.user_name, last_invite_at: users.last_invite_at })
    .from(users)
    .where(and(eq(users.invite_code, code), eq(users.pending, true)))
    .limit(1);
  return user;
}

export interface Registration {
  rank: string;
  unit: string;
  first_name: string;
  last_name: string;
  password_hash: string;
}

/**
 * The rule of an invite that may still be accepted, by registration or by a
 * provider sign-in: the invitee is still pending, the invite's code was not
 * voided (deactivating an invitee voids it) and was sent less than the TTL ago.
 */
export function openInvite(ttlMs: number, now: number): SQL {
  return and(eq(users.pending, true), isNotNull(users.invite_code), gt(users.last_invite_at, now - ttlMs)) as SQL;
}

/**
 * Registers the invitee, in one statement under the code's conditions (a
 * pending invitee's current code, sent less than the TTL ago): of two
 * registrations racing with one code, one wins. False when the code no longer holds.
 */
export async function register(db: Db, id: string, code: string, ttlMs: number, r: Registration): Promise<boolean> {
  const now = Date.now();
  const done = await db
    .update(users)
    .set({ ...r, pending: false, active_at: now, invite_code: null })
    .where(and(eq(users.id, id), eq(users.invite_code, code), openInvite(ttlMs, now)))
    .returning({ id: users.id });
  return done.length > 0;
}
