/**
 * The User object of spec §3. The database builds it (function
 * user_listing_json, migration 0007) into users.listing whenever the user or
 * their assignments change; the server sends that text as it is.
 */
import type { User } from '@airman/contracts/user.ts';
import type { assignments, users } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import type { JsonText } from '../lib/json-text.ts';

export type UserRow = typeof users.$inferSelect;
export type AssignmentRow = typeof assignments.$inferSelect;

/**
 * The user's JSON. It carries the invite code, which lets anyone register as
 * the invitee: only administrators see pending users, and an account that can
 * sign in has none left (registration burns it).
 */
export function userJson(row: Pick<UserRow, 'listing'>): JsonText<User> {
  return row.listing;
}

/** The user as an object, for answers that add to it. */
export function userObject(row: Pick<UserRow, 'listing'>): User {
  return JSON.parse(row.listing) as User;
}

/** The refusal of an e-mail address another account already has. */
export function emailInUse(email: string): HttpError {
  return new HttpError(409, `The e-mail address ${email} is already used by another account`);
}
