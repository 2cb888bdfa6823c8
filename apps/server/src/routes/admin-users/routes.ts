/** Users (spec §7): list, get, update, assign, unassign, delete. */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assignRequestSchema, userUpdateRequestSchema, usersQuerySchema, type UsersPage } from '@airman/contracts/api.ts';
import type { User } from '@airman/contracts/user.ts';
import type { Database, Db } from '../../db/database.ts';
import { assignments, modules, users } from '../../db/schema.ts';
import { HttpError, parseInput } from '../../lib/http-error.ts';
import type { Authenticator } from '../../plugins/auth.ts';
import { sendModuleReport } from '../../reports/module-report.ts';
import { listUsers } from '../../users/list-users.ts';
import { presentUser } from '../../users/presenter.ts';
import { assignmentsOf, findUserById } from '../../users/repository.ts';
import { updateUser } from '../../users/update-user.ts';

function userIdParam(request: FastifyRequest): string {
  const id = (request.params as { id?: unknown }).id;
  if (typeof id !== 'string' || id.length === 0 || id.length > 100) throw new HttpError(400, 'id: invalid user id');
  return id;
}

/** The user as an administrator sees it, or 404. */
export async function adminViewOfUser(db: Db, id: string): Promise<User> {
  const row = await findUserById(db, id);
  if (!row) throw new HttpError(404, 'No such user');
  return presentUser(row, await assignmentsOf(db, id), { withInviteCode: true });
}

export function adminUserRoutes(app: FastifyInstance, database: Database, authenticateRequest: Authenticator): void {
  const { db } = database;

  // Public at the router because a report download (csv=1) carries its own
  // single-use token instead of the bearer token; the listing checks the bearer itself.
  app.get('/api/admin/users', { config: { access: 'public' } }, async (request, reply): Promise<UsersPage | undefined> => {
    const query = parseInput(usersQuerySchema, request.query);
    if (query.csv === '1') {
      await sendModuleReport(request, reply, database);
      return undefined;
    }
    const caller = await authenticateRequest(request);
    // Spec §6: a non-admin loading users gets an empty list.
    if (caller.role !== 'admin') return { count: 0, users: [] };
    return listUsers(db, query);
  });

  app.get('/api/admin/users/:id', { config: { access: 'admin' } }, async (request) => adminViewOfUser(db, userIdParam(request)));

  app.post('/api/admin/users/:id', { config: { access: 'admin' } }, async (request): Promise<User> => {
    const id = userIdParam(request);
    const patch = parseInput(userUpdateRequestSchema, request.body);
    const existing = await findUserById(db, id);
    if (!existing) throw new HttpError(404, 'No such user');
    await updateUser(db, existing, patch);
    return adminViewOfUser(db, id);
  });

  app.post('/api/admin/users/:id/assign', { config: { access: 'admin' } }, async (request): Promise<User> => {
    const id = userIdParam(request);
    const { module } = parseInput(assignRequestSchema, request.body);
    const user = await findUserById(db, id);
    if (!user) throw new HttpError(404, 'No such user');
    const [m] = await db.select({ archived_at: modules.archived_at }).from(modules).where(eq(modules.id, module)).limit(1);
    if (!m) throw new HttpError(404, `No module '${module}'`);
    if (m.archived_at > 0) throw new HttpError(409, 'Archived modules cannot be assigned');
    const inserted = await db
      .insert(assignments)
      .values({ user_id: id, module_id: module, created_at: Date.now() })
      .onConflictDoNothing()
      .returning({ key: assignments.module_id });
    if (inserted.length === 0) throw new HttpError(409, 'This module is already assigned to this user');
    return adminViewOfUser(db, id);
  });

  app.delete('/api/admin/users/:id/assign/:moduleId', { config: { access: 'admin' } }, async (request): Promise<User> => {
    const id = userIdParam(request);
    const moduleId = (request.params as { moduleId: string }).moduleId;
    const [a] = await db
      .select({ completed_at: assignments.completed_at })
      .from(assignments)
      .where(and(eq(assignments.user_id, id), eq(assignments.module_id, moduleId)))
      .limit(1);
    if (!a) throw new HttpError(404, 'This module is not assigned to this user');
    if (a.completed_at > 0) throw new HttpError(409, 'A completed assignment cannot be removed');
    await db.delete(assignments).where(and(eq(assignments.user_id, id), eq(assignments.module_id, moduleId)));
    return adminViewOfUser(db, id);
  });

  // An admin may delete themself (spec §6); their tokens die with the account.
  app.delete('/api/admin/users/:id', { config: { access: 'admin' } }, async (request) => {
    const id = userIdParam(request);
    const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    if (deleted.length === 0) throw new HttpError(404, 'No such user');
    return {};
  });
}
