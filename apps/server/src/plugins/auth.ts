/**
 * Bearer authentication for every /api route. A route says who may call it with
 * `config: { access }`; the default is any signed-in user, so a route that
 * forgets to say is never public by mistake.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '@airman/contracts/constants.ts';
import type { Db } from '../db/database.ts';
import type { UsersChanges } from '../db/users-changes.ts';
import { versionedCache } from '../lib/versioned-cache.ts';
import { users } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { UserRow } from '../users/presenter.ts';

export type Access = 'public' | 'user' | 'admin';

export interface AuthUser {
  id: string;
  role: Role;
  tokenVersion: number;
  /** The account as loaded for this request (routes about the caller use it instead of reading again). */
  row: UserRow;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The caller, once authenticated; null on public routes without a token. */
    authUser: AuthUser | null;
  }
}

/** The authenticated caller; for use in routes whose access is 'user' or 'admin'. */
export function caller(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw new HttpError(401, 'Authentication required', 'token_missing');
  return request.authUser;
}

// One prepared primary-key read per authenticated request; on the embedded
// database, kept in memory until users change (db/users-changes.ts).
function accountLoader(db: Db, usersChanges: UsersChanges | undefined) {
  const query = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_load_account');
  const cached = versionedCache<UserRow | undefined>(usersChanges, 10_000);
  return (id: string) => cached(id, async () => (await query.execute({ id }))[0]);
}

type AccountLoader = ReturnType<typeof accountLoader>;

/** Authenticates a request by its bearer token (for routes that are public for another reason). */
export type Authenticator = (request: FastifyRequest) => Promise<AuthUser>;

/** The caller of a request with this Authorization header, or a 401 saying why not. */
export async function authenticate(loadAccount: AccountLoader, tokens: TokenService, header: string | undefined): Promise<AuthUser> {
  const match = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(header ?? '');
  if (!match?.[1]) throw new HttpError(401, 'Authentication required', 'token_missing');
  const result = tokens.verify(match[1]);
  if (!result.ok) {
    throw result.reason === 'expired'
      ? new HttpError(401, 'Session expired', 'token_expired')
      : new HttpError(401, 'Invalid session', 'token_invalid');
  }
  const { claims } = result;
  const row = await loadAccount(claims.user_id);
  // Deleted, deactivated, revoked (token version moved on) or role changed: no longer valid.
  if (!row || row.active_at === 0 || row.pending || row.token_version !== claims.tv || row.role !== claims.user_role) {
    throw new HttpError(401, 'Invalid session', 'token_invalid');
  }
  return { id: row.id, role: row.role as Role, tokenVersion: row.token_version, row };
}

export function registerAuth(app: FastifyInstance, db: Db, tokens: TokenService, usersChanges?: UsersChanges): Authenticator {
  const loadAccount = accountLoader(db, usersChanges);
  app.decorateRequest('authUser', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.is404) return;
    const access = request.routeOptions.config.access ?? 'user';
    if (access === 'public') return;
    request.authUser = await authenticate(loadAccount, tokens, request.headers.authorization);
    if (access === 'admin' && request.authUser.role !== 'admin') {
      throw new HttpError(403, 'Administrator access required');
    }
  });
  return (request) => authenticate(loadAccount, tokens, request.headers.authorization);
}
