/** Users (spec §7): list, get, update, assign, unassign, delete; the units users are in. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignRequestSchema,
  idParamsSchema,
  userModuleParamsSchema,
  userUpdateRequestSchema,
  usersPageSchema,
  usersQuerySchema,
  unitsResponseSchema,
  type UsersPage,
} from '@airman/contracts/api.ts';
import { signInStatusSchema, userSchema, type User } from '@airman/contracts/user.ts';
import type { Database } from '#db/database.ts';
import { HttpError } from '#lib/http-error.ts';
import { emptyResponseSchema, errorResponses } from '#plugins/schemas.ts';
import { signInStatus } from '#auth/throttle.ts';
import { caller, type RequestAuth } from '#plugins/auth.ts';
import { assertUnitInScope, assertUserInScope } from '#lib/scope.ts';
import { sendModuleReport } from '../reports/module-report.ts';
import { usersLister } from './list-users.ts';
import { sendJsonText, type JsonText } from '#lib/json-text.ts';
import { userJson } from '#auth/account.ts';
import { deleteUser, findUserById } from './repository.ts';
import { assignModule, unassignModule } from './assign-module.ts';
import { clearSignInLock, updateUser } from './update-user.ts';
import type { ApiTag } from '#plugins/openapi-components.ts';
import { listUnits } from './units.ts';
import { keyedTransaction } from '#plugins/idempotency.ts';

/** The user as an administrator sees it, with a unit administrator's units, or 404. */
async function adminViewOfUser(database: Database, id: string): Promise<JsonText<User>> {
  const row = await findUserById(database.db, id);
  if (!row) throw new HttpError(404, 'No such user');
  const units = await database.query<{ unit: string }>(
    'SELECT unit FROM admin_units WHERE user_id = $1 ORDER BY unit',
    [id],
  );
  const json: string = userJson(row);
  return `${json.slice(0, -1)},"admin_units":${JSON.stringify(units.map((u) => u.unit))}}`;
}

/** 404 unless the caller may reach this user (a unit administrator: a trainee of its units). */
async function reachable(database: Database, request: FastifyRequest, id: string): Promise<void> {
  await assertUserInScope(database, caller(request).scope, id);
}

/** The CSV report of GET admin/users?csv=1 (features/reports/module-report.ts). */
const reportCsv = z
  .string()
  .describe('The module report as CSV (csv=1&module&token): text/csv, one row per assigned user.');

const user = { 200: userSchema, ...errorResponses };
const signIn = { 200: signInStatusSchema, ...errorResponses };

const tags: ApiTag[] = ['Users'];

export function adminUserRoutes(server: FastifyInstance, database: Database, auth: RequestAuth): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const listUsers = usersLister(database);

  // Public at the router because a report download (csv=1) carries its own
  // single-use token instead of the bearer token; the listing checks the bearer itself.
  const list = {
    operationId: 'listUsers',
    summary: 'List users a page at a time, or download the module report as CSV',
    tags,
    querystring: usersQuerySchema,
    response: {
      200: {
        description: 'A page of users, or with csv=1 the report',
        content: { 'application/json': { schema: usersPageSchema }, 'text/csv': { schema: reportCsv } },
      },
      ...errorResponses,
    },
  };
  app.get('/api/admin/users', { config: { access: 'public' }, schema: list }, async (request, reply) => {
    const { query } = request;
    if (query.csv === '1') {
      await sendModuleReport(query, reply, database);
      return undefined;
    }
    // An admin's token, on PostgreSQL: the page's own statement checks the account
    // (features/admin-users/list-users.ts), one round trip instead of two. Anything else, or no page
    // from it, goes the ordinary way, which says why not.
    const claims = await auth.claims(request);
    if (claims.user_role === 'admin' && listUsers.checkingCaller) {
      const page = await listUsers.checkingCaller(query, claims);
      if (page !== undefined) return sendJsonText<UsersPage>(reply, page);
    }
    const account = await auth.account(claims);
    // Spec §6: a non-admin loading users gets an empty list.
    if (account.role === 'user') return { count: 0, users: [] } satisfies UsersPage;
    // A unit administrator: the trainees of its units only (features/admin-users/list-users.ts, inScope).
    if (account.scope !== null) return sendJsonText<UsersPage>(reply, await listUsers.inScope(query, account.scope));
    return sendJsonText<UsersPage>(reply, await listUsers(query));
  });

  const units = {
    operationId: 'listUnits',
    summary: 'List the units of users, each with its number of users',
    tags,
    response: { 200: unitsResponseSchema, ...errorResponses },
  };
  app.get('/api/admin/units', { config: { access: 'unit_admin' }, schema: units }, async (request) =>
    listUnits(database, caller(request).scope ?? undefined),
  );

  app.get(
    '/api/admin/users/:id',
    {
      config: { access: 'unit_admin' },
      schema: { operationId: 'getUser', summary: 'Get a user', tags, params: idParamsSchema, response: user },
    },
    async (request, reply) => {
      await reachable(database, request, request.params.id);
      return sendJsonText(reply, await adminViewOfUser(database, request.params.id));
    },
  );

  const update = {
    operationId: 'updateUser',
    summary: 'Update a user: profile, role, activation, assignments',
    tags,
    params: idParamsSchema,
    body: userUpdateRequestSchema.optional(),
    response: user,
  };
  // The user as answered holds a pending user's invite code, a credential: the change is carried
  // out once per Idempotency-Key, but its answer is not kept (a repeat answers 409). So for the
  // assignments below.
  app.post(
    '/api/admin/users/:id',
    { config: { access: 'unit_admin', idempotency: 'once' }, schema: update },
    async (request, reply) => {
      const { id } = request.params;
      const body = request.body ?? {};
      const { scope } = caller(request);
      await reachable(database, request, id);
      if (scope !== null) {
        // Roles and scopes are a full administrator's to change.
        if (body.role !== undefined || body.admin_units !== undefined)
          throw new HttpError(403, 'Only an administrator changes roles and the units a unit administrator has');
        if (body.unit !== undefined) assertUnitInScope(scope, body.unit);
      }
      await keyedTransaction(request, db, (tx) => updateUser(tx, id, body));
      return sendJsonText(reply, await adminViewOfUser(database, id));
    },
  );

  const assign = {
    operationId: 'assignModule',
    summary: 'Assign a module to a user',
    tags,
    params: idParamsSchema,
    body: assignRequestSchema,
    response: user,
  };
  app.post(
    '/api/admin/users/:id/assign',
    { config: { access: 'unit_admin', idempotency: 'once' }, schema: assign },
    async (request, reply) => {
      const { id } = request.params;
      await reachable(database, request, id);
      await keyedTransaction(request, db, (tx) => assignModule(tx, id, request.body.module));
      return sendJsonText(reply, await adminViewOfUser(database, id));
    },
  );

  const unassign = {
    operationId: 'unassignModule',
    summary: 'Take a module away from a user',
    tags,
    params: userModuleParamsSchema,
    response: user,
  };
  app.delete(
    '/api/admin/users/:id/assign/:moduleId',
    { config: { access: 'unit_admin', idempotency: 'once' }, schema: unassign },
    async (request, reply) => {
      const { id, moduleId } = request.params;
      await reachable(database, request, id);
      await keyedTransaction(request, db, (tx) => unassignModule(tx, id, moduleId));
      return sendJsonText(reply, await adminViewOfUser(database, id));
    },
  );

  // Sign-in throttling of an account (auth/throttle.ts): how many recent failures, locked until when.
  app.get(
    '/api/admin/users/:id/sign-in',
    {
      config: { access: 'unit_admin' },
      schema: {
        operationId: 'getSignInStatus',
        summary: "Get a user's sign-in failures and lock",
        tags,
        params: idParamsSchema,
        response: signIn,
      },
    },
    async (request) => {
      await reachable(database, request, request.params.id);
      const row = await findUserById(db, request.params.id);
      if (!row) throw new HttpError(404, 'No such user');
      return signInStatus(db, row);
    },
  );

  // Clears it: the account signs in from anywhere again, as if no failure had happened.
  app.delete(
    '/api/admin/users/:id/sign-in',
    {
      config: { access: 'unit_admin', idempotency: 'replay' },
      schema: {
        operationId: 'clearSignInLock',
        summary: "Clear a user's sign-in failures and lock",
        tags,
        params: idParamsSchema,
        response: signIn,
      },
    },
    async (request) => {
      await reachable(database, request, request.params.id);
      const row = await findUserById(db, request.params.id);
      if (!row) throw new HttpError(404, 'No such user');
      await keyedTransaction(request, db, (tx) => clearSignInLock(tx, row));
      return signInStatus(db, row);
    },
  );

  // An admin may delete themself (spec §6); their tokens die with the account. Full administrators only.
  app.delete(
    '/api/admin/users/:id',
    {
      config: { access: 'admin', idempotency: 'replay' },
      schema: {
        operationId: 'deleteUser',
        summary: 'Delete a user',
        tags,
        params: idParamsSchema,
        response: { 200: emptyResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await keyedTransaction(request, db, (tx) => deleteUser(tx, id)))) throw new HttpError(404, 'No such user');
      return {};
    },
  );
}
