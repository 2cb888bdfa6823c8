/** Report download tokens: single use, 60 s, scoped to one module and the admin who asked. */
import crypto from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '#db/database.ts';
import { reportTokens } from '#db/schema.ts';

export const REPORT_TOKEN_TTL_MS = 60_000;

const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export async function issueReportToken(db: Db, adminId: string, moduleId: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = Date.now();
  await db
    .insert(reportTokens)
    .values({ token_hash: hash(token), module_id: moduleId, admin_id: adminId, expires_at: now + REPORT_TOKEN_TTL_MS });
  return token;
}

/** Burns the token (one statement, so two downloads cannot share it); who asked for it, or null. */
export async function redeemReportToken(db: Db, token: string, moduleId: string): Promise<string | null> {
  const now = Date.now();
  const [row] = await db
    .update(reportTokens)
    .set({ used_at: now })
    .where(
      and(
        eq(reportTokens.token_hash, hash(token)),
        eq(reportTokens.used_at, 0),
        gt(reportTokens.expires_at, now),
        eq(reportTokens.module_id, moduleId),
      ),
    )
    .returning({ admin_id: reportTokens.admin_id });
  return row?.admin_id ?? null;
}
