import { describe, expect, it } from 'vitest';
import type { VersionContent } from '@airman/contracts/version-diff.ts';
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';
import {
  dueDateChanged,
  moduleArchived,
  moduleCreated,
  moduleRestored,
  moduleSaved,
  moduleUnarchived,
  questionnaireSaved,
  userUpdated,
  type UserRead,
} from './entries.ts';

const [first, ...others] = readyAirmanModule.actions;
const run = first!;

/** The module with its first action costing `cost` tokens. */
const costing = (cost: number, questionnaire: VersionContent['questionnaire'] = null): VersionContent => ({
  module: { ...readyAirmanModule, actions: [{ ...run, token_cost: cost }, ...others] },
  questionnaire,
});

const save = (before: VersionContent | undefined, after: VersionContent, previous = 3) => ({
  before,
  after,
  previous,
  version: previous + 1,
});

const costKey = `Actions › ${run.name} › token cost`;

describe('module entries', () => {
  it('says a saved token cost 2 → 3 field by field, with the versions', () => {
    expect(moduleSaved('m1', save(costing(2), costing(3)))).toEqual({
      action: 'module.edit',
      target: { kind: 'module', id: 'm1', name: readyAirmanModule.game_title },
      before: { [costKey]: 2, version: 3 },
      after: { [costKey]: 3, version: 4 },
    });
  });

  it('names the module by its title as saved', () => {
    const renamed = costing(2);
    renamed.module = { ...renamed.module, game_title: 'Renamed' };
    const entry = moduleSaved('m1', save(costing(2), renamed));
    expect([entry.target.name, entry.before, entry.after]).toEqual([
      'Renamed',
      { 'Settings › Title': readyAirmanModule.game_title, version: 3 },
      { 'Settings › Title': 'Renamed', version: 4 },
    ]);
  });

  it('says a restore’s changes, the questionnaire’s among them, and the version restored', () => {
    const q = { title: 'CAF', instructions: '', scale: [], domains: [], items: [] };
    const entry = moduleRestored('m1', save(costing(3, q), costing(2, { ...q, title: 'CAF 1' })), 1);
    expect([entry.action, entry.before, entry.after]).toEqual([
      'module.restore',
      { [costKey]: 3, 'Questionnaire › Title': 'CAF', version: 3 },
      { [costKey]: 2, 'Questionnaire › Title': 'CAF 1', version: 4, restored_from: 1 },
    ]);
  });

  it('records a creation as the copy of its base module', () => {
    const created = costing(2);
    created.module = { ...created.module, id: 'm2', game_type: 'ready_airman_training', game_title: 'Copy' };
    expect(moduleCreated('m2', save(undefined, created, 0))).toEqual({
      action: 'module.create',
      target: { kind: 'module', id: 'm2', name: 'Copy' },
      before: null,
      after: { game_title: 'Copy', copied_from: 'ready_airman_training', version: 1 },
    });
  });

  it('records archiving and unarchiving from the rows read', () => {
    const live = { id: 'm1', game_title: 'Drill', archived_at: 0 };
    const archived = { ...live, archived_at: 1_700_000_000_000 };
    expect(moduleArchived(live, archived)).toMatchObject({
      action: 'module.archive',
      before: { archived_at: 0 },
      after: { archived_at: 1_700_000_000_000 },
    });
    expect(moduleUnarchived(archived, live)).toMatchObject({
      action: 'module.unarchive',
      before: { archived_at: 1_700_000_000_000 },
      after: { archived_at: 0 },
    });
  });

  it('keeps a save’s field named like a secret out of the entry, and a row so named in it', () => {
    const after = costing(2);
    // No schema has such a field; content read back from storage is still cleaned of one.
    const drill = { ...run, name: 'Password drill', secret_note: 'x' } as typeof run;
    after.module = { ...after.module, actions: [...after.module.actions, drill] };
    const entry = moduleSaved('m1', save(costing(2), after));
    expect(Object.keys(entry.after ?? {})).toEqual(['Actions › Password drill', 'version']);
    expect(JSON.stringify(entry.after)).not.toContain('secret');
  });
});

describe('questionnaire entries', () => {
  it('says what changed in the questionnaire and the module’s versions', () => {
    const q = { title: 'CAF', instructions: 'Answer.', scale: [], domains: [], items: [] };
    expect(questionnaireSaved('m1', save(costing(2, q), costing(2, { ...q, instructions: 'Answer all.' })))).toEqual({
      action: 'questionnaire.edit',
      target: { kind: 'questionnaire', id: 'm1' },
      before: { 'Questionnaire › Instructions': 'Answer.', version: 3 },
      after: { 'Questionnaire › Instructions': 'Answer all.', version: 4 },
    });
  });
});

describe('user entries', () => {
  const user: UserRead = {
    user_name: 'ann@example.com',
    first_name: 'Ann',
    last_name: 'Lee',
    rank: 'AB',
    unit: '1 AS',
    role: 'user',
    active_at: 1_700_000_000_000,
  };

  it('writes one entry per kind of change, each with the fields it changed', () => {
    const after = { ...user, role: 'admin', active_at: 0, rank: 'SrA', user_name: 'ann.lee@example.com' };
    expect(userUpdated('u1', user, after)).toEqual([
      {
        action: 'user.address',
        target: { kind: 'user', id: 'u1', name: 'ann@example.com' },
        before: { user_name: 'ann@example.com' },
        after: { user_name: 'ann.lee@example.com' },
      },
      {
        action: 'user.role',
        target: { kind: 'user', id: 'u1', name: 'ann@example.com' },
        before: { role: 'user' },
        after: { role: 'admin' },
      },
      {
        action: 'user.active',
        target: { kind: 'user', id: 'u1', name: 'ann@example.com' },
        before: { active: true },
        after: { active: false },
      },
      {
        action: 'user.profile',
        target: { kind: 'user', id: 'u1', name: 'ann@example.com' },
        before: { rank: 'AB' },
        after: { rank: 'SrA' },
      },
    ]);
  });

  it('writes nothing when nothing changed (an activation time kept is no change)', () => {
    expect(userUpdated('u1', user, { ...user, active_at: user.active_at + 1 })).toEqual([]);
  });

  it('records a due date only when it moved', () => {
    const who = { id: 'u1', user_name: 'ann@example.com' };
    expect(dueDateChanged(who, 'm1', 5, 5)).toBeUndefined();
    expect(dueDateChanged(who, 'm1', 0, 9, true)).toMatchObject({
      before: { module: 'm1', due_at: 0 },
      after: { module: 'm1', due_at: 9, bulk: true },
    });
  });
});
