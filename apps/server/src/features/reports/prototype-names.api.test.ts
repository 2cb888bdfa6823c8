/**
 * Names JavaScript objects already answer to: a module and a questionnaire
 * whose every name is one of Object.prototype's members play, report and
 * show progress exactly as with ordinary names.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { READY_AIRMAN_MODULE_ID } from '@airman/contracts/constants.ts';
import type { GameCommand } from '@airman/contracts/game.ts';
import { blankAction, type Module } from '@airman/contracts/module.ts';
import type { ProgressResponse } from '@airman/contracts/progress.ts';
import { questionnaireSchema, type Questionnaire, type QuestionnaireAnswers } from '@airman/contracts/questionnaire.ts';
import { makeItem, makeQuestionnaire, scaleOf } from '@airman/contracts/test-questionnaire.ts';
import { validateStructure } from '@airman/engine/validate.ts';
import { assignments, modules } from '#db/schema.ts';
import { moduleContent } from '../modules/save-module.ts';
import { adminToken, describeApi, type TestContext } from '#test/harness.ts';
import { assignSeedModule, startSeedRun } from '#test/game-fixtures.ts';

/** Every member of Object.prototype: '__proto__', 'constructor', 'valueOf', 'toString', 'hasOwnProperty', … */
const MEMBERS = Object.getOwnPropertyNames(Object.prototype);
/**
 * Gauges and questionnaire items are keys of what a client sends (results, answers), and
 * the JSON parser refuses a '__proto__' key: the schemas refuse that one name for them.
 */
const KEY_MEMBERS = MEMBERS.filter((m) => m !== '__proto__');

/** The ordinary names of each kind, in the module's and the questionnaire's order. */
const ORDINARY = {
  gauges: ['GaugeA', 'GaugeB'],
  objectives: ['ObjA', 'ObjB'],
  items: ['ItemA', 'ItemB'],
  actions: ['ActA', 'ActB', 'ActC'],
  events: ['EventA'],
  choices: ['ChoiceA', 'ChoiceB'],
  domains: ['DomA', 'DomB'],
  questions: ['QuestionA', 'QuestionB', 'QuestionC'],
} as const;
type Kind = keyof typeof ORDINARY;
type Names = { [K in Kind]: string[] };

function moduleNamed(n: Names): Module {
  const [gaugeA, gaugeB] = n.gauges as [string, string];
  const [objA, objB] = n.objectives as [string, string];
  const [itemA, itemB] = n.items as [string, string];
  const [actA, actB, actC] = n.actions as [string, string, string];
  return {
    id: READY_AIRMAN_MODULE_ID,
    game_title: 'Ready Airman Training',
    game_description: '',
    game_type: READY_AIRMAN_MODULE_ID,
    archived_at: 0,
    days: 2,
    daily_time_tokens: 3,
    starting_gauges: { [gaugeA]: 50, [gaugeB]: 50 },
    daily_change: { [gaugeB]: -5 },
    healthy_range: { [gaugeA]: [40, 90], [gaugeB]: [48, 90] },
    objectives: [
      { name: objA, active: true, hidden: false },
      { name: objB, active: false, hidden: true },
    ],
    actions: [
      { ...blankAction(actA), results: { [gaugeA]: 5 }, changes_inventory: { add: [itemA], remove: [] } },
      {
        ...blankAction(actB),
        results: { [gaugeB]: -3 },
        required_objectives: [objA],
        changes_inventory: { add: [itemB], remove: [itemA] },
        changes_objectives: { add: [objB], remove: [objA] },
      },
      {
        ...blankAction(actC),
        set_cooldown: 1,
        results: { [gaugeA]: -2, [gaugeB]: 4 },
        changes_inventory: { add: [], remove: [itemB] },
        changes_objectives: { add: [], remove: [objB] },
      },
    ],
    events: [
      {
        name: n.events[0] as string,
        text: 'Something happens.',
        days: [1, 1],
        chance: 100,
        choices: n.choices.map((label, i) => ({ label, results: { [gaugeB]: i === 0 ? 2 : -2 } })),
      },
    ],
  };
}

function questionnaireNamed(n: Names): Questionnaire {
  const [domA, domB] = n.domains as [string, string];
  const [qa, qb, qc] = n.questions as [string, string, string];
  return makeQuestionnaire({
    scale: scaleOf('Low', 'Middle', 'High'),
    domains: [
      { id: domA, name: 'Domain A' },
      { id: domB, name: 'Domain B' },
    ],
    items: [
      makeItem(qa, 'First?', { domain: domA }),
      makeItem(qb, 'Second?', { domain: domA, reverse: true }),
      makeItem(qc, 'Third?', { domain: domB }),
    ],
  });
}

/** The run: the event's first choice, two actions, a night, the third action, the end. */
function logNamed(n: Names): GameCommand[] {
  const [actA, actB, actC] = n.actions as [string, string, string];
  return [{ choose: 0 }, { action: actA }, { action: actB }, { end_day: true }, { action: actC }, { end_day: true }];
}

/** Both sets complete (a stored set must be), each with its own answers. */
function answersNamed(n: Names): { before: QuestionnaireAnswers; after: QuestionnaireAnswers } {
  const [qa, qb, qc] = n.questions as [string, string, string];
  return { before: { [qa]: 1, [qb]: 2, [qc]: 3 }, after: { [qa]: 3, [qb]: 1, [qc]: 2 } };
}

interface Seen {
  resumedAnswers: unknown;
  finished: unknown;
  header: string[];
  row: string[];
  progressDomains: unknown;
  progressModule: unknown;
}

/** Plays the module named `n` through the API as a new trainee, and what the report and progress then say. */
async function playAndReport(ctx: TestContext, admin: string, n: Names): Promise<Seen> {
  const module = moduleNamed(n);
  expect(validateStructure(module).filter((p) => p.severity === 'error')).toEqual([]);
  await ctx.database.db
    .update(modules)
    .set({ content: moduleContent(module) })
    .where(eq(modules.id, READY_AIRMAN_MODULE_ID));
  const saved = await ctx.request(admin, {
    method: 'PUT',
    url: '/api/modules/questionnaire',
    payload: questionnaireSchema.parse(questionnaireNamed(n)),
  });
  expect(saved.statusCode, saved.body).toBe(200);

  const user = await ctx.createUser();
  try {
    await assignSeedModule(ctx, user);
    const runId = (await startSeedRun(ctx, user)).run_id;
    const answers = answersNamed(n);
    const given = await ctx.request(user.token, {
      method: 'POST',
      url: `/api/game/runs/${runId}/answers`,
      payload: { before: answers.before },
    });
    expect(given.statusCode, given.body).toBe(200);
    const resumed = await startSeedRun<{ answers_before: unknown }>(ctx, user);
    const finished = await ctx.request(user.token, {
      method: 'POST',
      url: `/api/game/runs/${runId}/finish`,
      payload: { log: logNamed(n), answers: { after: answers.after } },
    });
    expect(finished.statusCode, finished.body).toBe(200);

    const token = await ctx.request(admin, {
      method: 'POST',
      url: '/api/admin/reports/token',
      payload: { module: READY_AIRMAN_MODULE_ID },
    });
    const report = await ctx.request(undefined, {
      method: 'GET',
      url: `/api/admin/users?csv=1&module=${READY_AIRMAN_MODULE_ID}&token=${token.json<{ token: string }>().token}`,
    });
    expect(report.statusCode, report.body).toBe(200);
    const lines = report.body.replace(/^\uFEFF/, '').split('\r\n');
    const row = lines.find((l) => l.includes(user.email));
    expect(row, report.body).toBeDefined();
    // From the first gauge on: the columns before it are the trainee's own (name, dates). The
    // module's version counts its saves (each renaming is one), so it is left out of the comparison.
    const version = (lines[0] as string).split(',').indexOf('Module Version');
    const results = (line: string) =>
      line
        .split(',')
        .map((cell, i) => (i === version ? '' : cell))
        .slice(10);

    const progress = await ctx.request(admin, {
      method: 'GET',
      url: `/api/admin/progress?module=${READY_AIRMAN_MODULE_ID}`,
    });
    expect(progress.statusCode, progress.body).toBe(200);
    const body = progress.json<ProgressResponse>();
    return {
      resumedAnswers: resumed.answers_before,
      finished: finished.json(),
      header: results(lines[0] as string),
      row: results(row as string),
      progressDomains: body.questionnaires.find((q) => q.module === READY_AIRMAN_MODULE_ID)?.domains,
      progressModule: body.modules.find((m) => m.id === READY_AIRMAN_MODULE_ID),
    };
  } finally {
    // One trainee at a time: the progress sums are then this one's alone.
    await ctx.database.db.delete(assignments).where(eq(assignments.user_id, user.id));
  }
}

/** `value` with every ordinary name in it replaced by its counterpart of `n`. */
function renamed(value: unknown, n: Names): unknown {
  const map = new Map<string, string>();
  for (const kind of Object.keys(ORDINARY) as Kind[])
    ORDINARY[kind].forEach((o, i) => map.set(o, n[kind][i] as string));
  const pattern = new RegExp(`\\b(${[...map.keys()].join('|')})\\b`, 'g');
  const text = (s: string) => s.replace(pattern, (o) => map.get(o) ?? o);
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return text(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') {
      const out = Object.create(null) as Record<string, unknown>;
      for (const [k, inner] of Object.entries(v)) out[text(k)] = walk(inner);
      return out;
    }
    return v;
  };
  return walk(value);
}

/** Plain data for comparing: objects as null-prototype records, so '__proto__' is a key like any other. */
const plain = (value: unknown) => renamed(value, { ...ORDINARY } as unknown as Names);

const distinct = (list: readonly string[], n: number) => fc.shuffledSubarray([...list], { minLength: n, maxLength: n });

describeApi('names from Object.prototype', (ctx) => {
  it('play, report and show progress exactly as ordinary names do', async () => {
    const admin = await adminToken(ctx);
    const ordinary: Names = Object.fromEntries(
      (Object.keys(ORDINARY) as Kind[]).map((k) => [k, [...ORDINARY[k]]]),
    ) as Names;
    const expected = await playAndReport(ctx, admin, ordinary);
    // The run is one the report and progress have something to say about.
    expect(expected.finished).toMatchObject({ outcome: 'complete' });
    expect(expected.row.filter((cell) => cell !== '').length).toBeGreaterThan(10);

    await fc.assert(
      fc.asyncProperty(
        fc.record({
          gauges: distinct(KEY_MEMBERS, 2),
          objectives: distinct(MEMBERS, 2),
          items: distinct(MEMBERS, 2),
          actions: distinct(MEMBERS, 3),
          events: distinct(MEMBERS, 1),
          choices: distinct(MEMBERS, 2),
          domains: distinct(MEMBERS, 2),
          questions: distinct(KEY_MEMBERS, 3),
        }),
        async (names) => {
          const seen = await playAndReport(ctx, admin, names);
          expect(plain(seen)).toEqual(renamed(expected, names));
        },
      ),
      { numRuns: 12 },
    );
    // Thirteen runs played through the API, each about ten requests: longer than the suite's usual 30 s on a busy machine.
  }, 180_000);
});
