/**
 * Who a provider sign-in is: the account linked to the provider's subject, or,
 * on a first sign-in, the account or invite of the person's verified e-mail
 * (linked then), or with auto-provisioning a new trainee.
 */
import crypto from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '#db/database.ts';
import { oidcLinks, users } from '#db/schema.ts';
import type { UserRow } from '#auth/account.ts';
import { isUsableAccount } from '#auth/usable-account.ts';
import type { ProviderPerson } from './provider-client.ts';

/** Why a person the provider vouched for may not come in. */
export type AccountRefusal = 'unverified' | 'no_account' | 'invite_expired' | 'inactive' | 'linked_elsewhere';

export type AccountMatch = { row: UserRow } | { refused: AccountRefusal };

export interface MatchRules {
  autoProvision: boolean;
  inviteTtlMs: number;
  now: number;
}

async function findLinkedUser(db: Db, issuer: string, subject: string): Promise<UserRow | undefined> {
  const [found] = await db
    .select({ user: users })
    .from(oidcLinks)
    .innerJoin(users, eq(users.id, oidcLinks.user_id))
    .where(and(eq(oidcLinks.issuer, issuer), eq(oidcLinks.subject, subject)))
    .limit(1);
  return found?.user;
}

/** Finds (or links, or creates) the account of this person, in one transaction. */
export async function matchAccount(db: Db, person: ProviderPerson, rules: MatchRules): Promise<AccountMatch> {
  return db.transaction(async (tx): Promise<AccountMatch> => {
    const linked = await findLinkedUser(tx, person.issuer, person.subject);
    if (linked) return isUsableAccount(linked) ? { row: linked } : { refused: 'inactive' };

    // A first sign-in: matched only by an address the provider says it verified.
    if (!person.email || !person.emailVerified) return { refused: 'unverified' };
    const [byEmail] = await tx.select().from(users).where(eq(users.user_name, person.email)).limit(1);
    let row: UserRow | undefined;
    if (byEmail && byEmail.pending) {
      // The invite is accepted as registration would (same TTL); rank and unit are asked on the first visit.
      const [registered] = await tx
        .update(users)
        .set({
          pending: false,
          active_at: rules.now,
          invite_code: null,
          first_name: byEmail.first_name || person.firstName,
          last_name: byEmail.last_name || person.lastName,
        })
        .where(
          and(
            eq(users.id, byEmail.id),
            eq(users.pending, true),
            gt(users.last_invite_at, rules.now - rules.inviteTtlMs),
          ),
        )
        .returning();
      if (!registered) return { refused: 'invite_expired' };
      row = registered;
    } else if (byEmail) {
      if (!isUsableAccount(byEmail)) return { refused: 'inactive' };
      row = byEmail;
    } else if (rules.autoProvision) {
      [row] = await tx
        .insert(users)
        .values({
          id: crypto.randomUUID(),
          user_name: person.email,
          first_name: person.firstName,
          last_name: person.lastName,
          role: 'user',
          active_at: rules.now,
          created_at: rules.now,
        })
        .returning();
    }
    if (!row) return { refused: 'no_account' };
    // One provider identity per account: an account already linked to another subject is not taken over.
    const [other] = await tx
      .select({ subject: oidcLinks.subject })
      .from(oidcLinks)
      .where(and(eq(oidcLinks.user_id, row.id), eq(oidcLinks.issuer, person.issuer)))
      .limit(1);
    if (other) return { refused: 'linked_elsewhere' };
    await tx
      .insert(oidcLinks)
      .values({ issuer: person.issuer, subject: person.subject, user_id: row.id, linked_at: rules.now });
    return { row };
  });
}

/** An account's provider link, if any. */
export async function findLink(db: Db, userId: string): Promise<{ issuer: string; linked_at: number } | undefined> {
  const [link] = await db
    .select({ issuer: oidcLinks.issuer, linked_at: oidcLinks.linked_at })
    .from(oidcLinks)
    .where(eq(oidcLinks.user_id, userId))
    .limit(1);
  return link;
}

export async function removeLinks(db: Db, userId: string): Promise<number> {
  const removed = await db.delete(oidcLinks).where(eq(oidcLinks.user_id, userId)).returning({ s: oidcLinks.subject });
  return removed.length;
}
