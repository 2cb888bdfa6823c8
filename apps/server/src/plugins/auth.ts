/**
 * Bearer authentication for every route. A route says who may call it with
 * `config: { access }`; the default is any signed-in user, so a route that
 * forgets to say is never public by mistake (the web app's files say 'public'
 * in plugins/web-app.ts).
 */
import { getTableColumns } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Role } from '@airman/contracts/constants.ts';
import type { Database } from '../db/database.ts';
import { versionedCache } from '../lib/versioned-cache.ts';
import { users } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import type { TokenClaims, TokenService } from '../auth/tokens.ts';
import type { UserRow } from '../auth/account.ts';
import { isUsableAccount } from '../auth/usable-account.ts';

/**
 * Who may call a route: anyone; any signed-in user; a full administrator only; or a full
 * administrator and a unit administrator, the latter within its scope (the route narrows what it
 * reads and refuses what is outside: lib/scope.ts).
 */
export type Access = 'public' | 'user' | 'admin' | 'unit_admin';

export interface AuthUser {
  id: string;
  role: Role;
  tokenVersion: number;
  /** The account as loaded for this request (routes about the caller use it instead of reading again). */
  row: UserRow;
  /**
   * A unit administrator's units (each with the units under it), read from admin_units on each
   * request so a change applies at once; null for any other role (a full administrator: no limit).
   */
  scope: readonly string[] | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every route registered, with who may call it (read after app.ready()). */
    routeAccess(): RouteAccess[];
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

// One prepared primary-key read per authenticated request, without Drizzle (its
// mapping was 6% of a busy server's CPU; the columns are named as UserRow's
// keys). On the embedded database, kept in memory until users change
// (db/users-changes.ts).
function accountLoader(database: Database) {
  const cached = versionedCache<UserRow | undefined>(database.usersChanges, 10_000);
  return (id: string) =>
    cached(id, async () => (await database.query<UserRow>(ACCOUNT_SQL, [id], 'auth_load_account'))[0]);
}

/** The account read of every authenticated request ($1: the user's id). */
export const ACCOUNT_SQL = `SELECT ${Object.entries(getTableColumns(users))
  .map(([key, column]) => `"${column.name}" AS "${key}"`)
  .join(', ')} FROM users WHERE id = $1 LIMIT 1`;

type AccountLoader = ReturnType<typeof accountLoader>;

/** The claims of a request's bearer token, or a 401 saying why not (the account is not read). */
async function bearerClaims(tokens: TokenService, header: string | undefined): Promise<TokenClaims> {
  const match = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(header ?? '');
  if (!match?.[1]) throw new HttpError(401, 'Authentication required', 'token_missing');
  const result = await tokens.verify(match[1]);
  if (!result.ok) {
    throw result.reason === 'expired'
      ? new HttpError(401, 'Session expired', 'token_expired')
      : new HttpError(401, 'Invalid session', 'token_invalid');
  }
  return result.claims;
}

/** The account of verified claims, if it still accepts them, or a 401. */
async function accountOf(database: Database, loadAccount: AccountLoader, claims: TokenClaims): Promise<AuthUser> {
  // A unit administrator's token: its units read beside its account, not after it (one round trip).
  const [row, units] = await Promise.all([
    loadAccount(claims.user_id),
    claims.user_role === 'unit_admin'
      ? database.query<{ unit: string }>(SCOPE_SQL, [claims.user_id], 'auth_load_scope')
      : undefined,
  ]);
  // Deleted, deactivated, revoked (token version moved on) or role changed: no longer valid.
  // auth/usable-account.ts's currentAdminSql says the same in SQL: change both together.
  if (!row || !isUsableAccount(row) || row.token_version !== claims.tv || row.role !== claims.user_role) {
    throw new HttpError(401, 'Invalid session', 'token_invalid');
  }
  const role = row.role as Role;
  // The role is the token's (checked above), so a unit administrator's units were read; none, no one in reach.
  const scope = role === 'unit_admin' ? (units ?? []).map((r) => r.unit) : null;
  return { id: row.id, role, tokenVersion: row.token_version, row, scope };
}

/** A unit administrator's units ($1: its id). */
const SCOPE_SQL = 'SELECT unit FROM admin_units WHERE user_id = $1 ORDER BY unit';

/** The caller of a request with this Authorization header, or a 401 saying why not. */
async function authenticate(
  database: Database,
  loadAccount: AccountLoader,
  tokens: TokenService,
  header: string | undefined,
): Promise<AuthUser> {
  return accountOf(database, loadAccount, await bearerClaims(tokens, header));
}

/**
 * Authentication in two steps, for routes that are public for another reason
 * or check their caller themselves: the token, then (unless the route's own
 * statement did) the account.
 */
export interface RequestAuth {
  /** The bearer token's claims only, or a 401: the account is still to be checked. */
  claims(request: FastifyRequest): Promise<TokenClaims>;
  /** The account of those claims, read and checked, or a 401. */
  account(claims: TokenClaims): Promise<AuthUser>;
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

export function registerAuth(app: FastifyInstance, database: Database, tokens: TokenService): RequestAuth {
  const loadAccount = accountLoader(database);
  // Route options as registered; later onRoute hooks (web-app.ts) may still set their access.
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.decorate('routeAccess', () =>
    routes.flatMap((route) =>
      [route.method].flat().map((method) => ({ method, url: route.url, access: route.config?.access ?? 'user' })),
    ),
  );
  app.decorateRequest('authUser', null);
  app.addHook('onRequest', async (request) => {
    // Decided on the route that matched, never on the URL's text: the router
    // decodes the path (`/%61pi/…` is `/api/…`), a prefix test does not.
    if (request.is404) return;
    const access = request.routeOptions.config.access ?? 'user';
    if (access === 'public') return;
    request.authUser = await authenticate(database, loadAccount, tokens, request.headers.authorization);
    const { role } = request.authUser;
    if ((access === 'admin' && role !== 'admin') || (access === 'unit_admin' && role === 'user')) {
      throw new HttpError(403, 'Administrator access required');
    }
  });
  return {
    claims: (request) => bearerClaims(tokens, request.headers.authorization),
    account: (claims) => accountOf(database, loadAccount, claims),
  };
}
