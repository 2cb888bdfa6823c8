/**
 * Who may call each administrative route (docs/security.md, "Roles"): every route whose access is
 * 'admin' or 'unit_admin', or whose path is under /api/admin, against a full administrator, a unit
 * administrator whose units hold the target user, one whose units do not, a trainee and an
 * anonymous caller. A route registered without its row here fails the first test, by name.
 */
import { expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { usersPageSchema } from '@airman/contracts/api.ts';
import { adminToken, describeApi, type TestContext } from '#test/harness.ts';

type Caller = 'admin' | 'unitIn' | 'unitOut' | 'trainee' | 'anonymous';
const CALLERS: Caller[] = ['admin', 'unitIn', 'unitOut', 'trainee', 'anonymous'];

/**
 * allowed: past the access check (neither 401 nor 403); reached: allowed and the target found (not
 * 404 either); hidden: 404, as if the target did not exist; forbidden: 403; unauthenticated: 401.
 * Or a check of the answer of its own.
 */
type Outcome =
  | 'allowed'
  | 'reached'
  | 'hidden'
  | 'forbidden'
  | 'unauthenticated'
  | ((res: LightMyRequestResponse, ids: Ids) => void);

interface Ids {
  /** A trainee in 655 ISRW/Det 2: within the unit administrator "in scope"'s units (655 ISRW). */
  target: string;
  targetEmail: string;
  /** Another such trainee, for the delete. */
  victim: string;
}

interface Row {
  request(ids: Ids): InjectOptions;
  expect: Record<Caller, Outcome>;
}

const MODULE = 'ready_airman_training';
/** Administrators only. */
const ADMIN_ONLY = {
  admin: 'allowed',
  unitIn: 'forbidden',
  unitOut: 'forbidden',
  trainee: 'forbidden',
  anonymous: 'unauthenticated',
} as const;
/** Administrators, and unit administrators on their users (others' are hidden). */
const SCOPED_USER = {
  admin: 'reached',
  unitIn: 'reached',
  unitOut: 'hidden',
  trainee: 'forbidden',
  anonymous: 'unauthenticated',
} as const;
/** Administrators, and unit administrators (who read only their units' part of it). */
const SCOPED_LIST = {
  admin: 'reached',
  unitIn: 'reached',
  unitOut: 'reached',
  trainee: 'forbidden',
  anonymous: 'unauthenticated',
} as const;

const listed = (shown: boolean) => (res: LightMyRequestResponse, ids: Ids) => {
  expect(res.statusCode).toBe(200);
  expect(usersPageSchema.parse(res.json()).users.some((u) => u.id === ids.target)).toBe(shown);
};

/** Every administrative route: `METHOD path` as registered. Add a route's row with the route. */
export const ACCESS_ROWS: Record<string, Row> = {
  'GET /api/admin/users': {
    request: (ids) => ({ method: 'GET', url: `/api/admin/users?search=${encodeURIComponent(ids.targetEmail)}` }),
    expect: {
      admin: listed(true),
      unitIn: listed(true),
      unitOut: listed(false),
      // Spec §6: a trainee loading users gets an empty list.
      trainee: (res) => expect(res.json()).toEqual({ count: 0, users: [] }),
      anonymous: 'unauthenticated',
    },
  },
  'GET /api/admin/units': { request: () => ({ method: 'GET', url: '/api/admin/units' }), expect: SCOPED_LIST },
  'GET /api/admin/progress': { request: () => ({ method: 'GET', url: '/api/admin/progress' }), expect: SCOPED_LIST },
  'GET /api/admin/audit': { request: () => ({ method: 'GET', url: '/api/admin/audit' }), expect: SCOPED_LIST },
  'GET /api/admin/users/:id': {
    request: (ids) => ({ method: 'GET', url: `/api/admin/users/${ids.target}` }),
    expect: SCOPED_USER,
  },
  'POST /api/admin/users/:id': {
    request: (ids) => ({ method: 'POST', url: `/api/admin/users/${ids.target}`, payload: { first_name: 'Tess' } }),
    expect: SCOPED_USER,
  },
  'POST /api/admin/users/:id/assign': {
    request: (ids) => ({ method: 'POST', url: `/api/admin/users/${ids.target}/assign`, payload: { module: MODULE } }),
    expect: SCOPED_USER,
  },
  'DELETE /api/admin/users/:id/assign/:moduleId': {
    request: (ids) => ({ method: 'DELETE', url: `/api/admin/users/${ids.target}/assign/${MODULE}` }),
    // Assigned by the row before; the unit administrator unassigns it, the administrator then finds it gone.
    expect: { ...SCOPED_USER, admin: 'allowed' },
  },
  'GET /api/admin/users/:id/sign-in': {
    request: (ids) => ({ method: 'GET', url: `/api/admin/users/${ids.target}/sign-in` }),
    expect: SCOPED_USER,
  },
  'DELETE /api/admin/users/:id/sign-in': {
    request: (ids) => ({ method: 'DELETE', url: `/api/admin/users/${ids.target}/sign-in` }),
    expect: SCOPED_USER,
  },
  'POST /api/admin/users/:id/reinvite': {
    // Registered already: 409 to whoever reaches it.
    request: (ids) => ({ method: 'POST', url: `/api/admin/users/${ids.target}/reinvite` }),
    expect: SCOPED_USER,
  },
  'POST /api/admin/users/bulk': {
    request: (ids) => ({
      method: 'POST',
      url: '/api/admin/users/bulk',
      payload: { ids: [ids.target], action: 'assign', module: MODULE },
    }),
    expect: SCOPED_USER,
  },
  'PUT /api/admin/invite': {
    request: () => ({
      method: 'PUT',
      url: '/api/admin/invite',
      payload: { emails: ['matrix-invitee@example.com'], unit: '655 ISRW/Det 2' },
    }),
    // The unit is outside the second unit administrator's units: refused.
    expect: { ...SCOPED_USER, unitOut: 'forbidden' },
  },
  'DELETE /api/admin/users/:id': {
    request: (ids) => ({ method: 'DELETE', url: `/api/admin/users/${ids.victim}` }),
    expect: ADMIN_ONLY,
  },
  'GET /api/admin/users/:id/emails': {
    request: (ids) => ({ method: 'GET', url: `/api/admin/users/${ids.target}/emails` }),
    expect: ADMIN_ONLY,
  },
  'GET /api/admin/users/:id/sign-in-method': {
    request: (ids) => ({ method: 'GET', url: `/api/admin/users/${ids.target}/sign-in-method` }),
    expect: ADMIN_ONLY,
  },
  'DELETE /api/admin/users/:id/provider-link': {
    request: (ids) => ({ method: 'DELETE', url: `/api/admin/users/${ids.target}/provider-link` }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/invite/file/check': {
    request: () => ({ method: 'POST', url: '/api/admin/invite/file/check' }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/invite/file': {
    request: () => ({ method: 'POST', url: '/api/admin/invite/file' }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/reports/token': {
    request: () => ({ method: 'POST', url: '/api/admin/reports/token', payload: { module: MODULE } }),
    expect: SCOPED_LIST,
  },
  // The training record, reminders and whom they reach, the xAPI export: of the caller's trainees.
  'GET /api/admin/users/:id/record': {
    request: (ids) => ({ method: 'GET', url: `/api/admin/users/${ids.target}/record` }),
    expect: SCOPED_USER,
  },
  'GET /api/admin/users/:id/record.csv': {
    request: (ids) => ({ method: 'GET', url: `/api/admin/users/${ids.target}/record.csv` }),
    expect: SCOPED_USER,
  },
  'POST /api/admin/reminders/nudge': {
    request: (ids) => ({ method: 'POST', url: '/api/admin/reminders/nudge', payload: { user_ids: [ids.target] } }),
    expect: SCOPED_USER,
  },
  'GET /api/admin/progress/overdue-trainees': {
    request: () => ({ method: 'GET', url: '/api/admin/progress/overdue-trainees' }),
    expect: SCOPED_LIST,
  },
  'GET /api/admin/reports/xapi': {
    request: () => ({ method: 'GET', url: '/api/admin/reports/xapi?from=2099-01-01' }),
    expect: SCOPED_LIST,
  },
  'GET /api/self/email-settings': {
    request: () => ({ method: 'GET', url: '/api/self/email-settings' }),
    expect: ADMIN_ONLY,
  },
  'POST /api/self/email-settings': {
    request: () => ({ method: 'POST', url: '/api/self/email-settings', payload: {} }),
    expect: ADMIN_ONLY,
  },
  // Modules: read (and play-tested) by unit administrators, changed by administrators only. The
  // writes are sent invalid or about no module, so that the administrator's passes change nothing.
  'GET /api/modules': { request: () => ({ method: 'GET', url: '/api/modules' }), expect: SCOPED_LIST },
  'GET /api/modules/:id': { request: () => ({ method: 'GET', url: `/api/modules/${MODULE}` }), expect: SCOPED_LIST },
  'POST /api/modules': { request: () => ({ method: 'POST', url: '/api/modules', payload: {} }), expect: ADMIN_ONLY },
  'PUT /api/modules/:id': {
    request: () => ({ method: 'PUT', url: `/api/modules/${MODULE}`, payload: {} }),
    expect: ADMIN_ONLY,
  },
  'DELETE /api/modules/:id': {
    request: () => ({ method: 'DELETE', url: '/api/modules/no-such-module' }),
    expect: ADMIN_ONLY,
  },
  'POST /api/modules/:id/unarchive': {
    request: () => ({ method: 'POST', url: '/api/modules/no-such-module/unarchive' }),
    expect: ADMIN_ONLY,
  },
  'GET /api/modules/:id/versions': {
    request: () => ({ method: 'GET', url: `/api/modules/${MODULE}/versions` }),
    expect: ADMIN_ONLY,
  },
  'GET /api/modules/:id/versions/:n': {
    request: () => ({ method: 'GET', url: `/api/modules/${MODULE}/versions/1` }),
    expect: ADMIN_ONLY,
  },
  'POST /api/modules/:id/versions/:n/restore': {
    request: () => ({ method: 'POST', url: '/api/modules/no-such-module/versions/1/restore' }),
    expect: ADMIN_ONLY,
  },
  'PUT /api/modules/questionnaire': {
    request: () => ({ method: 'PUT', url: '/api/modules/questionnaire', payload: {} }),
    expect: ADMIN_ONLY,
  },
};

function check(outcome: Outcome, res: LightMyRequestResponse, ids: Ids): void {
  if (typeof outcome === 'function') return outcome(res, ids);
  const status = res.statusCode;
  if (outcome === 'allowed') expect(status, res.body).not.toBeOneOf([401, 403]);
  if (outcome === 'reached') expect(status, res.body).not.toBeOneOf([401, 403, 404]);
  if (outcome === 'hidden') expect(status, res.body).toBe(404);
  if (outcome === 'forbidden') expect(status, res.body).toBe(403);
  if (outcome === 'unauthenticated') expect(status, res.body).toBe(401);
}

async function unitAdmin(ctx: TestContext, units: string[]): Promise<string> {
  const user = await ctx.createUser({ role: 'unit_admin' });
  for (const unit of units)
    await ctx.database.query('INSERT INTO admin_units (user_id, unit) VALUES ($1, $2)', [user.id, unit]);
  return user.token;
}

describeApi('the access matrix of the administrative routes', (ctx) => {
  it('has a row for every administrative route', () => {
    const routes = ctx.app
      .routeAccess()
      .filter((r) => r.method !== 'HEAD')
      .filter((r) => r.access === 'admin' || r.access === 'unit_admin' || r.url.startsWith('/api/admin'))
      .map((r) => `${r.method} ${r.url}`);
    const missing = routes.filter((route) => !(route in ACCESS_ROWS));
    expect(missing, `add these routes' rows to ACCESS_ROWS (plugins/access-matrix.api.test.ts)`).toEqual([]);
    const stale = Object.keys(ACCESS_ROWS).filter((route) => !routes.includes(route));
    expect(stale, 'rows of routes that are not administrative (or not registered)').toEqual([]);
  });

  it('lets each caller do what its role allows, on its own units only', async () => {
    const target = await ctx.createUser();
    const victim = await ctx.createUser();
    await ctx.database.query(`UPDATE users SET unit = '655 ISRW/Det 2' WHERE id = ANY($1::text[])`, [
      [target.id, victim.id],
    ]);
    const ids: Ids = { target: target.id, targetEmail: target.email, victim: victim.id };
    const tokens: Record<Caller, string | undefined> = {
      admin: await adminToken(ctx),
      unitIn: await unitAdmin(ctx, ['655 ISRW']),
      unitOut: await unitAdmin(ctx, ['70 ISRW', '655 ISRW/Det 3']),
      trainee: (await ctx.createUser()).token,
      anonymous: undefined,
    };
    for (const [route, row] of Object.entries(ACCESS_ROWS)) {
      // The administrator last: its delete of the victim must not hide the victim from the others.
      for (const who of [...CALLERS.slice(1), CALLERS[0]!]) {
        const res = await ctx.request(tokens[who], row.request(ids));
        try {
          check(row.expect[who], res, ids);
        } catch (error) {
          throw new Error(`${route} as ${who}: ${(error as Error).message}`, { cause: error });
        }
      }
    }
  });
});
