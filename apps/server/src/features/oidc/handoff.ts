/**
 * The provider's answer on its way to the browser that started the sign-in.
 * The callback stores a hand-off and gives the browser two halves: a one-time
 * code in the fragment of /login and a secret in an HttpOnly cookie on
 * /api/oidc (flow-cookie.ts). POST oidc/session needs both: a code alone (a
 * link someone was sent, a copied address bar) signs nobody in, and neither is
 * stored but as its SHA-256. A code is used once, within 2 minutes; the
 * password step of an administrator's first sign-in keeps its code 10 minutes,
 * used once by the right password.
 */
import crypto from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '#db/database.ts';
import { oidcHandoffs } from '#db/schema.ts';

export const SESSION_HANDOFF_TTL_MS = 2 * 60 * 1000;
export const PASSWORD_HANDOFF_TTL_MS = 10 * 60 * 1000;

/** session: signs in at once; password: links an administrator's account once its password is given. */
export type HandoffStep = 'session' | 'password';

export interface Handoff {
  userId: string;
  step: HandoffStep;
  /** The provider identity the password step links. */
  issuer: string;
  subject: string;
}

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
const secret = () => crypto.randomBytes(32).toString('base64url');

/** Stores a hand-off; answers the code for the URL and the secret for the browser's cookie. */
export async function createHandoff(db: Db, handoff: Handoff, now: number): Promise<{ code: string; browser: string }> {
  const code = secret();
  const browser = secret();
  // Those nobody came for are of no use: gone with the next sign-in.
  await db.delete(oidcHandoffs).where(lt(oidcHandoffs.expires_at, now));
  await db.insert(oidcHandoffs).values({
    code_hash: sha256(code),
    browser_hash: sha256(browser),
    user_id: handoff.userId,
    step: handoff.step,
    issuer: handoff.issuer,
    subject: handoff.subject,
    created_at: now,
    expires_at: now + (handoff.step === 'password' ? PASSWORD_HANDOFF_TTL_MS : SESSION_HANDOFF_TTL_MS),
  });
  return { code, browser };
}

function live(code: string, browser: string, now: number) {
  return and(
    eq(oidcHandoffs.code_hash, sha256(code)),
    eq(oidcHandoffs.browser_hash, sha256(browser)),
    eq(oidcHandoffs.used_at, 0),
    gt(oidcHandoffs.expires_at, now),
  );
}

const columns = {
  userId: oidcHandoffs.user_id,
  step: oidcHandoffs.step,
  issuer: oidcHandoffs.issuer,
  subject: oidcHandoffs.subject,
};

function asHandoff(row: { userId: string; step: string; issuer: string; subject: string }): Handoff {
  return { ...row, step: row.step === 'password' ? 'password' : 'session' };
}

/** The live (unused, unexpired) hand-off of this code, when this browser holds its cookie. */
export async function findHandoff(
  db: Db,
  code: string,
  browser: string | undefined,
  now: number,
): Promise<Handoff | undefined> {
  if (!browser) return undefined;
  const [row] = await db
    .select(columns)
    .from(oidcHandoffs)
    .where(live(code, browser, now))
    .limit(1);
  return row && asHandoff(row);
}

/** Uses the hand-off, once: of two requests with the same code, one gets it. */
export async function useHandoff(
  db: Db,
  code: string,
  browser: string | undefined,
  now: number,
): Promise<Handoff | undefined> {
  if (!browser) return undefined;
  const [row] = await db
    .update(oidcHandoffs)
    .set({ used_at: now })
    .where(live(code, browser, now))
    .returning(columns);
  return row && asHandoff(row);
}
