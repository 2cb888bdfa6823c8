/** Users (spec §7): list, get, update, assign, unassign, delete. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assignRequestSchema, userUpdateRequestSchema, usersQuerySchema, type UsersPage } from '@airman/contracts/api.ts';
import type { SignInStatus, User } from '@airman/contracts/user.ts';
import type { Database, Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { HttpError, parseInput } from '../../lib/http-error.ts';
import { clearSignInFailures, signInStatus } from '../../auth/throttle.ts';
import type { RequestAuth } from '../../plugins/auth.ts';
import { sendModuleReport } from '../../reports/module-report.ts';
import { usersLister } from '../../users/list-users.ts';
import { sendJsonText, type JsonText } from '../../lib/json-text.ts';
import { userJson } from '../../users/presenter.ts';
import { findUserById } from '../../users/repository.ts';
import { assignModule, unassignModule } from '../../users/assign-module.ts';
import { updateUser } from '../../users/update-user.ts';

/** A path parameter that can be an id (Fastify already answers 414 to one over 100 characters). */
function idParam(request: FastifyRequest, name: 'id' | 'moduleId'): string {
  const value = (request.params as Record<string, unknown>)[name];
  if (typeof value !== 'string' || value.length === 0 || value.length > 100) throw new HttpError(400, `${name}: not a valid id`);
  return value;
}

const userIdParam = (request: FastifyRequest) => idParam(request, 'id');

/** The user as an administrator sees it, or 404. */
export async function adminViewOfUser(db: Db, id: string): Promise<JsonText<User>> {
  const row = await findUserById(db, id);
  if (!row) throw new HttpError(404, 'No such user');
  return userJson(row);
}

export function adminUserRoutes(app: FastifyInstance, database: Database, auth: RequestAuth): void {
  const { db } = database;
  const listUsers = usersLister(database);

  // Public at the router because a report download (csv=1) carries its own
  // single-use token instead of the bearer token; the listing checks the bearer itself.
  app.get('/api/admin/users', { config: { access: 'public' } }, async (request, reply) => {
    const query = parseInput(usersQuerySchema, request.query);
    if (query.csv === '1') {
      await sendModuleReport(query, reply, database);
      return undefined;
    }
    // An admin's token, on PostgreSQL: the page's own statement checks the account
    // (users/list-users.ts), one round trip instead of two. Anything else, or no page
    // from it, goes the ordinary way, which says why not.
    const claims = auth.claims(request);
    if (claims.user_role === 'admin' && listUsers.checkingCaller) {
      const page = await listUsers.checkingCaller(query, claims);
      if (page !== undefined) return sendJsonText<UsersPage>(reply, page);
    }
    const caller = await auth.account(claims);
    // Spec §6: a non-admin loading users gets an empty list.
    if (caller.role !== 'admin') return { count: 0, users: [] } satisfies UsersPage;
    return sendJsonText<UsersPage>(reply, await listUsers(query));
  });

  app.get('/api/admin/users/:id', { config: { access: 'admin' } }, async (request, reply) =>
    sendJsonText(reply, await adminViewOfUser(db, userIdParam(request))),
  );

  app.post('/api/admin/users/:id', { config: { access: 'admin' } }, async (request, reply) => {
    const id = userIdParam(request);
    const patch = parseInput(userUpdateRequestSchema, request.body ?? {});
    await updateUser(db, id, patch);
    return sendJsonText(reply, await adminViewOfUser(db, id));
  });

  app.post('/api/admin/users/:id/assign', { config: { access: 'admin' } }, async (request, reply) => {
    const id = userIdParam(request);
    const { module } = parseInput(assignRequestSchema, request.body);
    await assignModule(db, id, module);
    return sendJsonText(reply, await adminViewOfUser(db, id));
  });

  app.delete('/api/admin/users/:id/assign/:moduleId', { config: { access: 'admin' } }, async (request, reply) => {
    const id = userIdParam(request);
    await unassignModule(db, id, idParam(request, 'moduleId'));
    return sendJsonText(reply, await adminViewOfUser(db, id));
  });

  // Sign-in throttling of an account (auth/throttle.ts): how many recent failures, locked until when.
  app.get('/api/admin/users/:id/sign-in', { config: { access: 'admin' } }, async (request): Promise<SignInStatus> => {
    const row = await findUserById(db, userIdParam(request));
    if (!row) throw new HttpError(404, 'No such user');
    return signInStatus(db, row.user_name);
  });

  // Clears it: the account signs in from anywhere again, as if no failure had happened.
  app.delete('/api/admin/users/:id/sign-in', { config: { access: 'admin' } }, async (request): Promise<SignInStatus> => {
    const row = await findUserById(db, userIdParam(request));
    if (!row) throw new HttpError(404, 'No such user');
    await clearSignInFailures(db, row.user_name);
    return signInStatus(db, row.user_name);
  });

  // An admin may delete themself (spec §6); their tokens die with the account.
  app.delete('/api/admin/users/:id', { config: { access: 'admin' } }, async (request) => {
    const id = userIdParam(request);
    const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    if (deleted.length === 0) throw new HttpError(404, 'No such user');
    return {};
  });
}
