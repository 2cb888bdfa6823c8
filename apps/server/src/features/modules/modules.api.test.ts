import { expect, it } from 'vitest';
import { DEFAULT_GAME_RECORD, type Module } from '@airman/contracts/module.ts';
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';
import { adminToken, describeApi, type TestContext } from '#test/harness.ts';

/** 'Customize A Copy' as the web app sends it: empty id, the base's type. */
const copy = (title = 'Ready Airman Training Copy 2026-11-22'): Module => ({
  ...readyAirmanModule,
  id: '',
  game_title: title,
});

async function create(ctx: TestContext, admin: string, m: Module): Promise<Module> {
  const res = await ctx.request(admin, { method: 'POST', url: '/api/modules', payload: m });
  expect(res.statusCode).toBe(201);
  return res.json<Module>();
}

const message = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;

describeApi('modules', (ctx) => {
  it('creates a copy with a new id, keeping the base type; a new module may have no type', async () => {
    const admin = await adminToken(ctx);
    const m = await create(ctx, admin, copy());
    expect(m.id).toMatch(/^m_[\w-]{12}$/);
    expect(m).toEqual({ ...copy(), id: m.id });
    const { daily_change: _d, healthy_range: _h, events: _e, scoring: _s, lessons: _l, ...rules } = copy('Blank');
    const blank = await create(ctx, admin, {
      ...rules,
      game_type: '',
      starting_gauges: {},
      objectives: [],
      actions: [],
    });
    expect(blank.game_type).toBe('');
    const got = await ctx.request(admin, { method: 'GET', url: `/api/modules/${m.id}` });
    expect(got.json()).toEqual(m);
  });

  it('creates a module from scratch (the default game record, titled): no type, so not a base module, and it can be archived', async () => {
    const admin = await adminToken(ctx);
    const m = await create(ctx, admin, { ...DEFAULT_GAME_RECORD, game_title: 'From scratch' });
    expect(m).toEqual({ ...DEFAULT_GAME_RECORD, game_title: 'From scratch', id: m.id });
    const archived = await ctx.request(admin, { method: 'DELETE', url: `/api/modules/${m.id}` });
    expect(archived.statusCode).toBe(200);
    expect(archived.json<Module>().archived_at).toBeGreaterThan(0);
  });

  it('refuses a POST with an id', async () => {
    const admin = await adminToken(ctx);
    const res = await ctx.request(admin, { method: 'POST', url: '/api/modules', payload: { ...copy(), id: 'mine' } });
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe('Module JSON, “id”: Must be empty ("") for a new module: the server gives it its id.');
  });

  it('updates a module; the body id must match the path', async () => {
    const admin = await adminToken(ctx);
    const m = await create(ctx, admin, copy());
    const updated = await ctx.request(admin, {
      method: 'PUT',
      url: `/api/modules/${m.id}`,
      payload: { ...m, days: 5, game_title: 'Renamed' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<Module>()).toMatchObject({ id: m.id, days: 5, game_title: 'Renamed' });
    expect((await ctx.request(admin, { method: 'GET', url: `/api/modules/${m.id}` })).json<Module>().days).toBe(5);

    const mismatch = await ctx.request(admin, {
      method: 'PUT',
      url: `/api/modules/${m.id}`,
      payload: { ...m, id: 'other' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(message(mismatch)).toBe(`Module JSON, “id”: Must stay “${m.id}”, the id of the module being saved.`);
    const ownType = await ctx.request(admin, {
      method: 'PUT',
      url: `/api/modules/${m.id}`,
      payload: { ...m, game_type: m.id },
    });
    expect(ownType.statusCode).toBe(400);
    expect(message(ownType)).toBe(
      'Module JSON, “game_type”: Only a base module is its own type: put back the type it was copied from, “ready_airman_training”.',
    );
    const unknown = await ctx.request(admin, {
      method: 'PUT',
      url: '/api/modules/m_nope',
      payload: { ...m, id: 'm_nope' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('updates a base module but keeps its id and type', async () => {
    const admin = await adminToken(ctx);
    const url = '/api/modules/ready_airman_training';
    const res = await ctx.request(admin, {
      method: 'PUT',
      url,
      payload: { ...readyAirmanModule, game_description: 'Edited' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Module>().game_description).toBe('Edited');
    const retyped = await ctx.request(admin, {
      method: 'PUT',
      url,
      payload: { ...readyAirmanModule, game_type: 'other' },
    });
    expect(retyped.statusCode).toBe(400);
    expect(message(retyped)).toBe(
      'Module JSON, “game_type”: A base module keeps its own type: put back “ready_airman_training”.',
    );
    expect((await ctx.request(admin, { method: 'PUT', url, payload: readyAirmanModule })).statusCode).toBe(200);
  });

  it('archives a module, lists it with archived_at, and never archives a base module', async () => {
    const admin = await adminToken(ctx);
    const m = await create(ctx, admin, copy('Archive me'));
    const archived = await ctx.request(admin, { method: 'DELETE', url: `/api/modules/${m.id}` });
    expect(archived.statusCode).toBe(200);
    expect(archived.json<Module>().archived_at).toBeGreaterThan(0);
    const list = (await ctx.request(admin, { method: 'GET', url: '/api/modules' })).json<Module[]>();
    expect(list.find((x) => x.id === m.id)?.archived_at).toBeGreaterThan(0);
    const titles = list.map((x) => x.game_title);
    expect(titles).toEqual(
      [...titles].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0)),
    );

    const base = await ctx.request(admin, { method: 'DELETE', url: '/api/modules/ready_airman_training' });
    expect(base.statusCode).toBe(409);
    expect(message(base)).toBe('Base modules cannot be archived');
    expect((await ctx.request(admin, { method: 'DELETE', url: '/api/modules/m_nope' })).statusCode).toBe(404);
  });

  it('unarchives a module: live again, assignable, and a live one is left as it is', async () => {
    const admin = await adminToken(ctx);
    const m = await create(ctx, admin, copy('Back again'));
    await ctx.request(admin, { method: 'DELETE', url: `/api/modules/${m.id}` });
    const trainee = await ctx.createUser();
    const assign = () =>
      ctx.request(admin, { method: 'POST', url: `/api/admin/users/${trainee.id}/assign`, payload: { module: m.id } });
    expect((await assign()).statusCode).toBe(400);
    const live = await ctx.request(admin, { method: 'POST', url: `/api/modules/${m.id}/unarchive` });
    expect(live.statusCode).toBe(200);
    expect(live.json<Module>()).toMatchObject({ id: m.id, game_title: 'Back again', archived_at: 0 });
    expect((await assign()).statusCode).toBe(200);
    const again = await ctx.request(admin, { method: 'POST', url: `/api/modules/${m.id}/unarchive` });
    expect(again.json<Module>().archived_at).toBe(0);
    expect((await ctx.request(admin, { method: 'POST', url: '/api/modules/m_nope/unarchive' })).statusCode).toBe(404);
    const user = await ctx.createUser();
    expect((await ctx.request(user.token, { method: 'POST', url: `/api/modules/${m.id}/unarchive` })).statusCode).toBe(
      403,
    );
  });

  it('lists modules by title whatever the case, on both databases', async () => {
    const admin = await adminToken(ctx);
    const zulu = await create(ctx, admin, copy('Zulu drills'));
    const alpha = await create(ctx, admin, copy('alpha drills'));
    const ids = (await ctx.request(admin, { method: 'GET', url: '/api/modules' })).json<Module[]>().map((m) => m.id);
    expect(ids.indexOf(alpha.id)).toBeLessThan(ids.indexOf(zulu.id));
  });

  it('keeps the author’s order of gauges', async () => {
    const admin = await adminToken(ctx);
    const m = await create(ctx, admin, {
      ...copy(),
      starting_gauges: { spiritual: 40, mental: 55, social: 45, physical: 50 },
    });
    const got = await ctx.request(admin, { method: 'GET', url: `/api/modules/${m.id}` });
    expect(Object.keys(got.json<Module>().starting_gauges)).toEqual(['spiritual', 'mental', 'social', 'physical']);
  });

  it('refuses a module with undefined references or duplicate names, listing every reason', async () => {
    const admin = await adminToken(ctx);
    const bad = copy();
    const first = bad.actions[0]!;
    bad.actions = [
      {
        ...first,
        results: { stamina: 3 },
        required_objectives: ['Ghost'],
        changes_objectives: { add: ['Phantom'], remove: ['Spectre'] },
      },
      first,
      first,
    ];
    bad.objectives = [...bad.objectives, bad.objectives[0]!];
    const res = await ctx.request(admin, { method: 'POST', url: '/api/modules', payload: bad });
    expect(res.statusCode).toBe(400);
    // Each error in the editor's words, after its place in the editor (the row by its name).
    const objective = bad.objectives[0]!.name;
    expect(message(res)).toBe(
      [
        `Objectives: Two objectives are named “${objective}”: give each its own name.`,
        `Actions: Two actions are named “${first.name}”: give each its own name.`,
        `Actions, “${first.name}”, Result for “stamina”: There is no gauge “stamina”: add it under Gauges, or clear this value.`,
        `Actions, “${first.name}”, Required “Ghost”: There is no objective “Ghost”: add it under Objectives, or untick it here.`,
        `Actions, “${first.name}”, Added “Phantom”: There is no objective “Phantom”: add it under Objectives, or untick it here.`,
        `Actions, “${first.name}”, Removed “Spectre”: There is no objective “Spectre”: add it under Objectives, or untick it here.`,
      ].join(' '),
    );
  });

  it('refuses wrong types and non-integers where spec §5 wants integers', async () => {
    const admin = await adminToken(ctx);
    const cases: [unknown, RegExp][] = [
      [{ ...copy(), days: 2.5 }, /^Settings, Days: Must be a whole number from 1 to 60\.$/],
      [{ ...copy(), daily_time_tokens: '8' }, /^Settings, Daily time tokens: Must be a whole number from 1 to 1000\.$/],
      [
        { ...copy(), actions: [{ ...copy().actions[0]!, token_cost: 1.5 }] },
        /^Actions, “[^”]+”, Token cost: Must be a whole number, 0 or more\.$/,
      ],
      [{ ...copy(), actions: [{ ...copy().actions[0]!, set_cooldown: -1 }] }, /^Actions, “[^”]+”, Cooldown \(days\): /],
      [
        { ...copy(), starting_gauges: { mental: 101 } },
        /^Gauges, “mental”, Starting value: Must be a whole number from 0 to 100\.$/,
      ],
      [{ ...copy(), game_title: ' ' }, /^Settings, Title: Must not be empty\.$/],
      [{ ...copy(), extra: 1 }, /^The module format has no field “extra”: remove it\.$/],
      [[1, 2], /^Must be a set of fields \(a JSON object\)\.$/],
      [null, /^Must be a set of fields \(a JSON object\)\.$/],
    ];
    for (const [payload, reason] of cases) {
      const res = await ctx.request(admin, {
        method: 'POST',
        url: '/api/modules',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(message(res)).toMatch(reason);
    }
    const malformed = await ctx.request(admin, {
      method: 'POST',
      url: '/api/modules',
      headers: { 'content-type': 'application/json' },
      payload: '{"id": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('message');
    const empty = await ctx.request(admin, { method: 'POST', url: '/api/modules' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toHaveProperty('message');
  });

  it('answers an unknown or oversize id with 404 or 400, never 500', async () => {
    const admin = await adminToken(ctx);
    const missing = await ctx.request(admin, { method: 'GET', url: '/api/modules/nope' });
    expect(missing.statusCode).toBe(404);
    expect(message(missing)).toBe("No module 'nope'");
    const long = await ctx.request(admin, { method: 'GET', url: `/api/modules/${'x'.repeat(101)}` });
    expect(long.statusCode).toBeGreaterThanOrEqual(400);
    expect(long.statusCode).toBeLessThan(500);
  });

  it('lets only admins in', async () => {
    const admin = await adminToken(ctx);
    const user = await ctx.createUser();
    const m = await create(ctx, admin, copy('Matrix'));
    const calls: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: Module }[] = [
      { method: 'GET', url: '/api/modules' },
      { method: 'GET', url: `/api/modules/${m.id}` },
      { method: 'POST', url: '/api/modules', payload: copy('Matrix 2') },
      { method: 'PUT', url: `/api/modules/${m.id}`, payload: m },
      { method: 'DELETE', url: `/api/modules/${m.id}` },
    ];
    for (const call of calls) {
      const anonymous = await ctx.request(undefined, call);
      expect(anonymous.statusCode, `${call.method} ${call.url} anonymous`).toBe(401);
      expect(anonymous.json()).toHaveProperty('message');
      const asUser = await ctx.request(user.token, call);
      expect(asUser.statusCode, `${call.method} ${call.url} as user`).toBe(403);
      expect(asUser.json()).toHaveProperty('message');
      const asAdmin = await ctx.request(admin, call);
      expect(asAdmin.statusCode, `${call.method} ${call.url} as admin`).toBeLessThan(300);
    }
  });
});
