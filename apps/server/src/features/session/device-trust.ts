/**
 * The owner's way in while the account is locked for new devices
 * (auth/throttle.ts): a right password from a device the lock holds back is
 * still answered 429, and the owner is e-mailed a link that signs that browser
 * in and makes it a known device. The link works once, for 15 minutes, only in
 * the browser that asked for it (its trust cookie, auth/device-cookie.ts); its
 * token is stored hashed. At most one such e-mail per account in 15 minutes.
 */
import crypto from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { transaction, type Db } from '#db/database.ts';
import { deviceTrusts } from '#db/schema.ts';
import { enqueueEmail } from '#mail/outbox.ts';
import { deviceTrustEmail, type SignInAttempt } from '#mail/templates.ts';

export const TRUST_LINK_TTL_MS = 15 * 60 * 1000;
/** One e-mail per account in this time, however many right passwords come. */
export const TRUST_LINK_EVERY_MS = 15 * 60 * 1000;
/** First half of the advisory lock key (auth/throttle.ts uses another). */
const LOCK_SPACE = 4_201_735;

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

export interface TrustLinkRequest extends SignInAttempt {
  userId: string;
  userName: string;
  /** The browser's trust cookie secret. */
  browserSecret: string;
}

/**
 * Stores a link and queues its e-mail, unless the account was sent one in the
 * last 15 minutes; answers the outbox id of the e-mail, or undefined.
 */
export async function offerTrustLink(db: Db, publicUrl: string, r: TrustLinkRequest): Promise<string | undefined> {
  return transaction(db, async (tx) => {
    // Two right passwords at once still send one e-mail.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_SPACE}, hashtext(${r.userId}))`);
    const [recent] = await tx
      .select({ at: deviceTrusts.created_at })
      .from(deviceTrusts)
      .where(and(eq(deviceTrusts.user_id, r.userId), gt(deviceTrusts.created_at, r.at - TRUST_LINK_EVERY_MS)))
      .limit(1);
    if (recent) return undefined;
    const token = crypto.randomBytes(32).toString('base64url');
    await tx.insert(deviceTrusts).values({
      token_hash: sha256(token),
      user_id: r.userId,
      browser_hash: sha256(r.browserSecret),
      created_at: r.at,
      expires_at: r.at + TRUST_LINK_TTL_MS,
    });
    const email = deviceTrustEmail(publicUrl, token, r);
    return enqueueEmail(tx, {
      ...email,
      to: r.userName,
      user_id: r.userId,
      secret: { value: token, expires_at: r.at + TRUST_LINK_TTL_MS },
    });
  });
}

/** What using a link came to: the account it signs in, or why not. */
export type TrustLinkUse = { userId: string } | 'invalid' | 'other_browser';

/**
 * Uses a link, once: live (unused, unexpired) and asked for by this browser.
 * A live link shown by another browser stays usable by the right one.
 */
export async function useTrustLink(
  db: Db,
  token: string,
  browserSecret: string | undefined,
  now: number,
): Promise<TrustLinkUse> {
  const live = and(
    eq(deviceTrusts.token_hash, sha256(token)),
    eq(deviceTrusts.used_at, 0),
    gt(deviceTrusts.expires_at, now),
  );
  const [used] = await db
    .update(deviceTrusts)
    .set({ used_at: now })
    .where(and(live, eq(deviceTrusts.browser_hash, sha256(browserSecret ?? ''))))
    .returning({ userId: deviceTrusts.user_id });
  if (used) return used;
  const [elsewhere] = await db.select({ id: deviceTrusts.user_id }).from(deviceTrusts).where(live).limit(1);
  return elsewhere ? 'other_browser' : 'invalid';
}
