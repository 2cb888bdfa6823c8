/**
 * The database side of the invite from a file: the modules and existing
 * accounts a file is checked against, and the invitees created with their
 * assignments and queued e-mails in one transaction (users/invites.ts).
 */
import { sql } from 'drizzle-orm';
import { transaction, type Db } from '#db/database.ts';
import { modules, users } from '#db/schema.ts';
import { HttpError } from '#lib/http-error.ts';
import { pgTextArray } from '#mail/outbox.ts';
import { createInvites, type InviteSite } from '../invites/invites.ts';
import { isUniqueViolation } from '#db/errors.ts';
import { checkInviteFile, fileEmails, type CheckedFile } from './check.ts';
import type { ParsedInviteFile } from './csv-file.ts';

async function checkAgainst(db: Db, file: ParsedInviteFile, now: number): Promise<CheckedFile> {
  const known = await db
    .select({ id: modules.id, title: modules.game_title, archived_at: modules.archived_at })
    .from(modules);
  const emails = fileEmails(file);
  const found =
    emails.length === 0
      ? []
      : await db
          .select({ user_name: users.user_name })
          .from(users)
          .where(sql`${users.user_name} = ANY(${pgTextArray(emails)}::text[])`);
  return checkInviteFile(file, {
    modules: known.map((m) => ({ id: m.id, title: m.title, archived: m.archived_at > 0 })),
    existing: new Set(found.map((f) => f.user_name)),
    now,
  });
}

/** The dry run: what applying the file would do now. Nothing is written. */
export function checkFile(db: Db, file: ParsedInviteFile): Promise<CheckedFile> {
  return checkAgainst(db, file, Date.now());
}

/**
 * Checks the file again and creates its invitees, their assignments and their
 * invite e-mails, all or nothing. An address invited by someone else between
 * the check and the insert rolls it all back (409): checking again shows it as
 * existing.
 */
export async function applyFile(db: Db, site: InviteSite, file: ParsedInviteFile): Promise<CheckedFile> {
  try {
    return await transaction(db, async (tx) => {
      const checked = await checkAgainst(tx, file, Date.now());
      await createInvites(tx, site, checked.invitees, 'file');
      return checked;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError(
        409,
        'Some of these addresses were invited by someone else meanwhile. Nothing was created: check the file again.',
      );
    throw error;
  }
}
