/** A user's display name without the user's schema (user.ts re-exports it): the web app's pages that only show names load no zod. */
import type { User } from './user.ts';

/** The user's display name: 'First Last', or the e-mail when no name is known. */
export function displayName(u: Pick<User, 'first_name' | 'last_name' | 'user_name'>): string {
  const full = `${u.first_name} ${u.last_name}`.trim();
  return full || u.user_name;
}
