/**
 * A count of changes to users, told by the database itself (migration 0008).
 * Only the embedded database has one: PGlite lives inside this one process, so
 * every change passes through it and its notification is handled before the
 * writer's own answer goes out (PGlite calls listeners in a microtask queued
 * while it reads the committing statement's reply). With PostgreSQL, other
 * processes write too and a notification would arrive late, so nothing is kept.
 */
import type { PGlite } from '@electric-sql/pglite';

export interface UsersChanges {
  /** Grows by at least one with every committed change to users or their assignments. */
  readonly version: number;
}

const CHANNEL = 'users_changed';

export async function listenForUsersChanges(client: PGlite): Promise<UsersChanges> {
  const changes = { version: 0 };
  await client.listen(CHANNEL, () => {
    changes.version++;
  });
  // The trigger notifies only sessions that ask; PGlite has one session, this one.
  await client.exec("SET airman.notify_users_changed = 'on'");
  return changes;
}
