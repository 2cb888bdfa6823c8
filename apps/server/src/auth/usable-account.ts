/**
 * The one rule for an account that may sign in and be served: registered (no
 * longer a pending invitee) and active (active_at not 0). It is written twice,
 * side by side, for code and for statements: change both together. Every
 * check of an account goes through these: the auth hook, sign-in, the forgot
 * request, the report's own check of its admin, reminders and digests, and the
 * users list's "active" filter.
 */
import type { TokenClaims } from './tokens.ts';
import type { UserRow } from './account.ts';

export function isUsableAccount(row: Pick<UserRow, 'active_at' | 'pending'>): boolean {
  return row.active_at !== 0 && !row.pending;
}

/** The same rule in SQL, for the users row named `alias` (or the statement's only one). */
export function usableAccountSql(alias?: string): string {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  return `${column('active_at')} <> 0 AND NOT ${column('pending')}`;
}

/** The claims a statement checking its own caller needs (currentAdminSql's parameters). */
export type CallerClaims = Pick<TokenClaims, 'user_id' | 'tv'>;

/**
 * SQL that is true when the token's account is a current admin: what
 * plugins/auth.ts accepts, for a token whose role claim is admin (`id` and `tv`:
 * the statement's parameters, such as '$1', holding those claims). For a
 * hot read that checks its caller in its own statement instead of reading the
 * account first (features/admin-users/list-users.ts); a statement that finds nothing must
 * fall back to the ordinary check, which says why.
 */
export function currentAdminSql(id: string, tv: string): string {
  return `EXISTS (SELECT 1 FROM users caller WHERE caller.id = ${id} AND caller.role = 'admin' AND ${usableAccountSql('caller')} AND caller.token_version = ${tv})`;
}
