/**
 * Certificates (docs/decisions/023-recertification-and-certificates.md): one is issued in the
 * transaction of each completion, with a random code and a copy of what it shows (the holder's
 * rank and name, the module's title, the completion and its expiry), so that it reads the same
 * after the holder is deleted or the module renamed. A recertifying module's completion lapses
 * `recertify_months` calendar months after it: the certificate expires then and the assignment
 * gets that date as renews_at.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '#db/database.ts';
import { certificates, modules } from '#db/schema.ts';
import type { UserRow } from '#auth/account.ts';

/** 18 random bytes: 144 bits, 24 base64url characters. */
const CODE_BYTES = 18;

export function newCertificateCode(): string {
  return crypto.randomBytes(CODE_BYTES).toString('base64url');
}

/**
 * `months` calendar months after `ms` (UTC), on the same day of the month, or the month's last
 * day when it has no such day (31 January + 1 month = 28 or 29 February).
 */
export function addCalendarMonths(ms: number, months: number): number {
  const d = new Date(ms);
  const day = d.getUTCDate();
  const target = new Date(ms);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.getTime();
}

/** "SSgt Jane Doe": the rank and name as a certificate shows them, or the e-mail when there is no name. */
export function holderName(user: Pick<UserRow, 'rank' | 'first_name' | 'last_name' | 'user_name'>): string {
  const name = [user.first_name.trim(), user.last_name.trim()].filter(Boolean).join(' ');
  return [user.rank.trim(), name || user.user_name].filter(Boolean).join(' ');
}

/**
 * Issues the certificate of a completion, in the completing transaction; returns the
 * assignment's renews_at (0: the module does not recertify).
 */
export async function issueCertificate(
  tx: Db,
  completion: {
    user: Pick<UserRow, 'id' | 'rank' | 'first_name' | 'last_name' | 'user_name'>;
    moduleId: string;
    runId: string;
    completedAt: number;
    dueAt: number;
  },
): Promise<number> {
  const [module] = await tx
    .select({ title: modules.game_title, content: modules.content })
    .from(modules)
    .where(eq(modules.id, completion.moduleId))
    .limit(1)
    // A save that ends the module's recertification (renewals.ts, endRenewals) waits for this
    // completion and then ends its renewal too, or this completion waits for the save and reads it.
    .for('share');
  const months = module?.content.recertify_months ?? null;
  const expiresAt = months ? addCalendarMonths(completion.completedAt, months) : 0;
  await tx.insert(certificates).values({
    code: newCertificateCode(),
    user_id: completion.user.id,
    module_id: completion.moduleId,
    run_id: completion.runId,
    holder_name: holderName(completion.user),
    module_title: module?.title ?? completion.moduleId,
    completed_at: completion.completedAt,
    due_at: completion.dueAt,
    expires_at: expiresAt,
    issued_at: completion.completedAt,
  });
  return expiresAt;
}
