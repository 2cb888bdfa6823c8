/**
 * Creating pending invitees and (re)sending their invites: the users rows, their
 * assignments and their e-mails (outbox rows) in the caller's transaction, so
 * nothing is sent for a change that is rolled back. Used by PUT admin/invite,
 * the reinvite calls and the invite from a file.
 */
import crypto from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/database.ts';
import { assignments, modules, users } from '#db/schema.ts';
import { enqueueEmails, pgTextArray } from '#mail/outbox.ts';
import { inviteEmail, type InviteFacts, type NamedModule } from '#mail/templates.ts';
import { newInviteCode } from '#auth/invite-code.ts';
import { audit, currentCallerInWords } from '#lib/audit.ts';
import type { Config } from '#config.ts';

/** One invitee: a new address, what is known of them, and the module they are given. */
export interface Invitee {
  email: string;
  first_name?: string;
  last_name?: string;
  rank?: string;
  unit?: string;
  /** A live module (checked by the caller) and its due date (epoch ms, 0 = none). */
  module?: { id: string; title: string; due_at: number };
}

/** Where an invite's link points, and how long it works (INVITE_TTL_DAYS). */
export type InviteSite = Pick<Config, 'publicUrl' | 'inviteTtlMs'>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What an invite sent now says of its sender (the administrator serving the request) and its link's end. */
function inviteFacts(site: InviteSite, now: number): InviteFacts {
  return {
    inviter: currentCallerInWords(),
    expiresAt: now + site.inviteTtlMs,
    days: Math.round(site.inviteTtlMs / DAY_MS),
  };
}

/** Rows a statement writes at most (each row a handful of parameters). */
const CHUNK = 1000;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * Stores these invitees as pending users (their addresses must be free: the
 * caller checked, a unique violation rolls everything back), with their
 * assignments, and queues their invites. Returns the new users' ids and the
 * queued e-mails' ids, in the invitees' order.
 */
export async function createInvites(
  tx: Db,
  site: InviteSite,
  invitees: Invitee[],
  /** How the invite was given, for the audit log: a list of addresses, or a file. */
  via: 'list' | 'file' = 'list',
): Promise<{ ids: string[]; emails: string[] }> {
  const now = Date.now();
  const rows = invitees.map((invitee) => ({ invitee, id: crypto.randomUUID(), code: newInviteCode() }));
  for (const part of chunks(rows)) {
    await tx.insert(users).values(
      part.map(({ invitee, id, code }) => ({
        id,
        user_name: invitee.email,
        first_name: invitee.first_name ?? '',
        last_name: invitee.last_name ?? '',
        rank: invitee.rank ?? '',
        unit: invitee.unit ?? '',
        pending: true,
        invite_code: code,
        last_invite_at: now,
        created_at: now,
      })),
    );
    const given = part.flatMap(({ invitee, id }) =>
      invitee.module
        ? [{ user_id: id, module_id: invitee.module.id, created_at: now, due_at: invitee.module.due_at }]
        : [],
    );
    if (given.length > 0) await tx.insert(assignments).values(given);
  }
  const facts = inviteFacts(site, now);
  const emails = await enqueueEmails(
    tx,
    rows.map(({ invitee, id, code }) => {
      const named: NamedModule[] = invitee.module
        ? [{ title: invitee.module.title, due_at: invitee.module.due_at }]
        : [];
      return {
        to: invitee.email,
        user_id: id,
        secret: { value: code, expires_at: facts.expiresAt },
        ...inviteEmail(site.publicUrl, code, facts, named),
      };
    }),
  );
  await audit(
    tx,
    ...rows.map(({ invitee, id }) => ({
      action: 'user.invite',
      target: { kind: 'user' as const, id, name: invitee.email },
      before: null,
      after: {
        user_name: invitee.email,
        first_name: invitee.first_name ?? '',
        last_name: invitee.last_name ?? '',
        rank: invitee.rank ?? '',
        unit: invitee.unit ?? '',
        module: invitee.module?.id ?? null,
        due_at: invitee.module?.due_at ?? 0,
        via: invitees.length > 1 && via === 'list' ? 'bulk' : via,
      },
    })),
  );
  return { ids: rows.map((r) => r.id), emails };
}

/**
 * Resends the invites of these pending users: each gets a new code (the old
 * link stops working, the TTL starts again) and an e-mail naming what they are
 * assigned and not yet completed, as the first invite did. Returns the queued
 * e-mails' ids by user id.
 */
export async function reinviteUsers(
  tx: Db,
  site: InviteSite,
  invitees: { id: string; user_name: string }[],
): Promise<Map<string, string>> {
  if (invitees.length === 0) return new Map();
  const now = Date.now();
  const codes = invitees.map(() => newInviteCode());
  await tx.execute(sql`UPDATE users SET invite_code = t.code, last_invite_at = ${now}::bigint
    FROM unnest(${pgTextArray(invitees.map((i) => i.id))}::text[], ${pgTextArray(codes)}::text[]) AS t(id, code)
    WHERE users.id = t.id`);
  const assigned = await tx
    .select({ user_id: assignments.user_id, title: modules.game_title, due_at: assignments.due_at })
    .from(assignments)
    .innerJoin(modules, eq(modules.id, assignments.module_id))
    .where(
      and(
        sql`${assignments.user_id} = ANY(${pgTextArray(invitees.map((i) => i.id))}::text[])`,
        eq(assignments.completed_at, 0),
      ),
    )
    .orderBy(asc(assignments.user_id), asc(assignments.created_at));
  const named = new Map<string, NamedModule[]>();
  for (const a of assigned)
    named.set(a.user_id, [...(named.get(a.user_id) ?? []), { title: a.title, due_at: a.due_at }]);
  const facts = inviteFacts(site, now);
  const ids = await enqueueEmails(
    tx,
    invitees.map((invitee, i) => ({
      to: invitee.user_name,
      user_id: invitee.id,
      secret: { value: codes[i] as string, expires_at: facts.expiresAt },
      ...inviteEmail(site.publicUrl, codes[i] as string, facts, named.get(invitee.id) ?? []),
    })),
  );
  await audit(
    tx,
    ...invitees.map((invitee) => ({
      action: 'user.resend',
      target: { kind: 'user' as const, id: invitee.id, name: invitee.user_name },
      before: null,
      after: { invite: 'resent' },
    })),
  );
  return new Map(invitees.map((invitee, i) => [invitee.id, ids[i] as string]));
}
