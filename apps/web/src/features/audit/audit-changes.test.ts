import { describe, expect, it } from 'vitest';
import { changeLines, fieldLabel, formatValue, type FormatOptions } from './audit-changes.ts';

// Instants as ISO text: the lines do not depend on the machine's time zone.
const iso: FormatOptions = { instant: (ms) => new Date(ms).toISOString() };

describe('changeLines', () => {
  it('gives one line per changed field, old to new, in words', () => {
    expect(changeLines({ role: 'user' }, { role: 'admin' }, iso)).toEqual(['Role: user → admin']);
  });

  it('shows a due date as the calendar date, the same in every zone', () => {
    const lines = changeLines(
      { module: 'm1', due_at: Date.UTC(2026, 10, 15, 23) },
      { module: 'm1', due_at: Date.UTC(2026, 10, 30, 23) },
      iso,
    );
    expect(lines).toEqual([
      'Module: m1',
      `Due date: ${new Date(Date.UTC(2026, 10, 15, 23)).toLocaleDateString(undefined, { timeZone: 'UTC' })} → ${new Date(Date.UTC(2026, 10, 30, 23)).toLocaleDateString(undefined, { timeZone: 'UTC' })}`,
    ]);
  });

  it('marks what was not there before a creation with a dash', () => {
    expect(changeLines(null, { via: 'list', user_name: 'a@example.com' }, iso)).toEqual([
      'E-mail: – → a@example.com',
      'Invited by: – → the list',
    ]);
  });

  it('marks what is gone after a deletion with a dash', () => {
    expect(changeLines({ first_name: 'Ann', active: true }, null, iso)).toEqual([
      'First name: Ann → –',
      'Active: yes → –',
    ]);
  });

  it('names a field only one side has', () => {
    expect(changeLines({ module: 'm1', due_at: 0 }, { module: null }, iso)).toEqual([
      'Module: m1 → –',
      'Due date: none → –',
    ]);
  });

  it('shows instants in the given zone and 0 as none', () => {
    expect(changeLines({ archived_at: 0 }, { archived_at: Date.UTC(2026, 0, 2, 3, 4) }, iso)).toEqual([
      'Archived: none → 2026-01-02T03:04:00.000Z',
    ]);
  });

  it('counts a list of rows instead of printing them', () => {
    expect(changeLines({ actions: [{ name: 'a' }] }, { actions: [{ name: 'a' }, { name: 'b' }] }, iso)).toEqual([
      'Actions: 1 entry → 2 entries',
    ]);
  });

  it('says a field kept as it was once, without an arrow', () => {
    expect(changeLines({ module: 'm1', due_at: 0 }, { module: 'm1', due_at: 5 }, iso)[0]).toBe('Module: m1');
  });

  it('leaves out a field empty on both sides', () => {
    expect(changeLines(null, { user_name: 'a@example.com', rank: '', unit: '' }, iso)).toEqual([
      'E-mail: – → a@example.com',
    ]);
  });

  it('says a list changed when its short form reads the same', () => {
    expect(changeLines({ actions: [{ name: 'a' }] }, { actions: [{ name: 'b' }] }, iso)).toEqual([
      'Actions: changed (1 entry)',
    ]);
  });

  it('orders known fields as the screen does, whatever order the entry has', () => {
    expect(changeLines({ version: 1, game_title: 'A' }, { version: 2, game_title: 'B' }, iso)).toEqual([
      'Title: A → B',
      'Version: 1 → 2',
    ]);
  });

  it('says a module save change by change, part by part in the editor’s order, then the version', () => {
    const before = {
      version: 4,
      'Settings › Days': 5,
      'Actions › Run › token cost': 2,
      'Gauges › Sleep › daily change': null,
      'Objectives › Pass PT': 'active: yes; hidden: no',
      'Actions › order': ['Run', 'Rest'],
    };
    const after = {
      version: 5,
      'Settings › Days': 6,
      'Actions › Run › token cost': 3,
      'Gauges › Sleep › daily change': -5,
      'Objectives › Pass PT': null,
      'Actions › order': ['Rest', 'Run'],
    };
    expect(changeLines(before, after, iso)).toEqual([
      'Settings › Days: 5 → 6',
      'Gauges › Sleep › daily change: – → -5',
      'Objectives › Pass PT: active: yes; hidden: no → –',
      'Actions › order: Run, Rest → Rest, Run',
      'Actions › Run › token cost: 2 → 3',
      'Version: 4 → 5',
    ]);
  });

  it('names a module by its title where it is known', () => {
    const titles = { ...iso, moduleTitle: (id: string) => (id === 'm1' ? 'Drill' : undefined) };
    expect(changeLines(null, { module: 'm1', copied_from: 'gone' }, titles)).toEqual([
      'Module: – → Drill',
      'Copied from: – → gone',
    ]);
  });

  it('has no lines for an entry without fields', () => {
    expect(changeLines(null, null, iso)).toEqual([]);
  });
});

describe('formatValue', () => {
  it('reads a small table as name and value pairs', () => {
    expect(formatValue('starting_gauges', { Fitness: 50, Sleep: 60 }, iso)).toBe('Fitness 50, Sleep 60');
  });

  it('joins a list of names', () => {
    expect(formatValue('required_objectives', ['A', 'B'], iso)).toBe('A, B');
  });

  it('says none for an empty list or table', () => {
    expect(formatValue('x', [], iso)).toBe('none');
    expect(formatValue('x', {}, iso)).toBe('none');
  });
});

describe('fieldLabel', () => {
  it('names known fields and puts others in words', () => {
    expect(fieldLabel('user_name')).toBe('E-mail');
    expect(fieldLabel('some_new_field')).toBe('Some new field');
  });
});
