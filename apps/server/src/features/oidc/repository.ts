/**
 * Who a provider sign-in is: the account linked to the provider's subject, or,
 * on a first sign-in, the account or invite of the person's verified e-mail
 * (linked then), or with auto-provisioning a new trainee. The same rules as a
 * password sign-in and a registration hold (auth/usable-account.ts and
 * invites/repository.ts's openInvite): a deactivated or deleted account, or an
 * invite voided or expired, lets nobody in. An administrator's account is never
 * linked by its e-mail alone: the browser is asked for its password first
 * (routes.ts, POST oidc/link). Every link, invite accepted and account made is
 * an audit entry in the same transaction.
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { transaction, type Db } from '#db/database.ts';
import { oidcLinks, users } from '#db/schema.ts';
import type { UserRow } from '#auth/account.ts';
import { isUsableAccount } from '#auth/usable-account.ts';
import { audit, type AuditEntry } from '#lib/audit.ts';
import { openInvite } from '../invites/repository.ts';
import type { ProviderPerson } from './provider-client.ts';

/** Why a person the provider vouched for may not come in. */
export type AccountRefusal =
  'unverified' | 'no_account' | 'invite_expired' | 'inactive' | 'linked_elsewhere' | 'admin_unlinked';

/**
 * Signed in; or an administrator's account the person's e-mail matched, which
 * the password step links; or refused (with the account, when one was found).
 */
export type AccountMatch = { row: UserRow } | { confirm: UserRow } | { refused: AccountRefusal; userId: string | null };

export interface MatchRules {
  autoProvision: boolean;
  inviteTtlMs: number;
  now: number;
}

/** How a link was proven: the provider's verified e-mail, or the account's password as well. */
export type LinkProof = 'verified_email' | 'password';

/** A refusal after the transaction wrote something: thrown so that all of it rolls back. */
class Refused extends Error {
  constructor(
    readonly refusal: AccountRefusal,
    readonly userId: string,
  ) {
    super(refusal);
  }
}

const refused = (refusal: AccountRefusal, userId: string | null = null): AccountMatch => ({ refused: refusal, userId });

async function findLinkedUser(db: Db, issuer: string, subject: string): Promise<UserRow | undefined> {
  const [found] = await db
    .select({ user: users })
    .from(oidcLinks)
    .innerJoin(users, eq(users.id, oidcLinks.user_id))
    .where(and(eq(oidcLinks.issuer, issuer), eq(oidcLinks.subject, subject)))
    .limit(1);
  return found?.user;
}

const self = (row: Pick<UserRow, 'id' | 'user_name'>) => ({ id: row.id, name: row.user_name });

function linkEntry(person: Pick<ProviderPerson, 'issuer' | 'subject'>, row: UserRow, proof: LinkProof): AuditEntry {
  return {
    action: 'user.provider_link',
    actor: self(row),
    target: { kind: 'user', id: row.id, name: row.user_name },
    before: null,
    after: { issuer: person.issuer, subject: person.subject, proof },
  };
}

/**
 * Links the account to the person, held by the database's two unique keys
 * ((issuer, subject) and (account, issuer)): false when the same link was made
 * meanwhile (nothing to audit); Refused when the account or the subject is
 * linked to another.
 */
async function link(tx: Db, person: Pick<ProviderPerson, 'issuer' | 'subject'>, row: UserRow, now: number) {
  const made = await tx
    .insert(oidcLinks)
    .values({ issuer: person.issuer, subject: person.subject, user_id: row.id, linked_at: now })
    .onConflictDoNothing()
    .returning({ user_id: oidcLinks.user_id });
  if (made.length > 0) return true;
  const [held] = await tx
    .select({ user_id: oidcLinks.user_id })
    .from(oidcLinks)
    .where(and(eq(oidcLinks.issuer, person.issuer), eq(oidcLinks.subject, person.subject)))
    .limit(1);
  if (held?.user_id === row.id) return false;
  throw new Refused('linked_elsewhere', row.id);
}

async function refusing(work: () => Promise<AccountMatch>): Promise<AccountMatch> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Refused) return refused(error.refusal, error.userId);
    throw error;
  }
}

/** A registered account the verified e-mail matched: linked now, unless it is an administrator's. */
async function existingAccount(tx: Db, person: ProviderPerson, row: UserRow, now: number): Promise<AccountMatch> {
  if (!isUsableAccount(row)) return refused('inactive', row.id);
  if (row.role === 'admin') {
    const [other] = await tx
      .select({ subject: oidcLinks.subject })
      .from(oidcLinks)
      .where(and(eq(oidcLinks.user_id, row.id), eq(oidcLinks.issuer, person.issuer)))
      .limit(1);
    if (other) return refused('linked_elsewhere', row.id);
    // Linked only once the password proves the person holds the account too (POST oidc/link).
    return row.password_hash === null ? refused('admin_unlinked', row.id) : { confirm: row };
  }
  if (await link(tx, person, row, now)) await audit(tx, linkEntry(person, row, 'verified_email'));
  return { row };
}

/** Finds (or links, or creates) the account of this person, in one transaction. */
export async function matchAccount(db: Db, person: ProviderPerson, rules: MatchRules): Promise<AccountMatch> {
  const { now } = rules;
  return refusing(() =>
    transaction(db, async (tx): Promise<AccountMatch> => {
      const linked = await findLinkedUser(tx, person.issuer, person.subject);
      if (linked) return isUsableAccount(linked) ? { row: linked } : refused('inactive', linked.id);

      // A first sign-in: matched only by an address the provider says it verified.
      if (!person.email || !person.emailVerified) return refused('unverified');
      const [byEmail] = await tx.select().from(users).where(eq(users.user_name, person.email)).limit(1);

      if (byEmail?.pending) {
        // The invite is accepted as registration would (an open invite: not voided, within its
        // TTL); rank and unit are asked on the first visit.
        const names = {
          first_name: byEmail.first_name || person.firstName,
          last_name: byEmail.last_name || person.lastName,
        };
        const [accepted] = await tx
          .update(users)
          .set({ pending: false, active_at: now, invite_code: null, ...names })
          .where(and(eq(users.id, byEmail.id), openInvite(rules.inviteTtlMs, now)))
          .returning();
        if (!accepted) {
          // The same person's other sign-in may have accepted it a moment ago.
          const meanwhile = await findLinkedUser(tx, person.issuer, person.subject);
          if (meanwhile && isUsableAccount(meanwhile)) return { row: meanwhile };
          return refused(byEmail.invite_code === null ? 'inactive' : 'invite_expired', byEmail.id);
        }
        await link(tx, person, accepted, now);
        await audit(
          tx,
          {
            action: 'user.register',
            actor: self(accepted),
            target: { kind: 'user', id: accepted.id, name: accepted.user_name },
            before: { pending: true },
            after: { pending: false, via: 'provider', ...names },
          },
          linkEntry(person, accepted, 'verified_email'),
        );
        return { row: accepted };
      }
      if (byEmail) return existingAccount(tx, person, byEmail, now);
      if (!rules.autoProvision) return refused('no_account');

      const [made] = await tx
        .insert(users)
        .values({
          id: crypto.randomUUID(),
          user_name: person.email,
          first_name: person.firstName,
          last_name: person.lastName,
          role: 'user',
          active_at: now,
          created_at: now,
        })
        .onConflictDoNothing({ target: users.user_name })
        .returning();
      if (!made) {
        // Another sign-in made the account a moment ago: it is an existing account now.
        const [other] = await tx.select().from(users).where(eq(users.user_name, person.email)).limit(1);
        return other ? existingAccount(tx, person, other, now) : refused('no_account');
      }
      await link(tx, person, made, now);
      await audit(
        tx,
        {
          action: 'user.provision',
          actor: self(made),
          target: { kind: 'user', id: made.id, name: made.user_name },
          before: null,
          after: { user_name: made.user_name, first_name: made.first_name, last_name: made.last_name, role: made.role },
        },
        linkEntry(person, made, 'verified_email'),
      );
      return { row: made };
    }),
  );
}

/**
 * The password step's link of an administrator's account (the password already
 * checked): the account as it is now, or why not.
 */
export async function linkConfirmed(
  db: Db,
  person: Pick<ProviderPerson, 'issuer' | 'subject'>,
  userId: string,
  now: number,
): Promise<AccountMatch> {
  return refusing(() =>
    transaction(db, async (tx): Promise<AccountMatch> => {
      const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!row || !isUsableAccount(row)) return refused('inactive', row?.id ?? null);
      if (await link(tx, person, row, now)) await audit(tx, linkEntry(person, row, 'password'));
      return { row };
    }),
  );
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

/** Removes the account's links, each an audit entry of the caller's (an administrator's), in one transaction. */
export async function removeLinks(db: Db, row: Pick<UserRow, 'id' | 'user_name'>): Promise<number> {
  return transaction(db, async (tx) => {
    const removed = await tx.delete(oidcLinks).where(eq(oidcLinks.user_id, row.id)).returning();
    await audit(
      tx,
      ...removed.map((r): AuditEntry => ({
        action: 'user.provider_unlink',
        target: { kind: 'user', id: row.id, name: row.user_name },
        before: { issuer: r.issuer, subject: r.subject, linked_at: r.linked_at },
        after: null,
      })),
    );
    return removed.length;
  });
}
