import { describe, expect, it } from 'vitest';
import { dueAtFromDay } from '@airman/contracts/due-date.ts';
import { checkInviteFile, fileEmails, type CheckContext } from './check.ts';
import { parseInviteFile } from './csv-file.ts';

const NOW = Date.UTC(2026, 10, 25, 12);
const context: CheckContext = {
  modules: [
    { id: 'ready_airman_training', title: 'Ready Airman Training', archived: false },
    { id: 'm_old', title: 'Old Course', archived: true },
    { id: 'm_a', title: 'Twin', archived: false },
    { id: 'm_b', title: 'Twin', archived: false },
    { id: 'm_c', title: 'Old Course', archived: false },
  ],
  existing: new Set(['taken@example.com']),
  now: NOW,
};

describe('checkInviteFile', () => {
  const text = [
    'email,first_name,last_name,rank,unit,module,due', //                    1
    'Ann@Example.com, Ann ,Lee,senior airman,655 ISRW,ready airman training,2026-12-01', // 2 create
    'bo@example.com,Bo,Ng,SSgt,,m_a,', //                                        3 create (module by id)
    'cy@example.com,,,,,,', //                                                   4 create (nothing else)
    'dee@example.com,Dee,Fox,,,Old Course,', //                                  5 create (live title; the archived one is not offered)
    'taken@example.com,T,A,,,,', //                                              6 existing
    'ann@example.com,Ann,Again,,,,', //                                          7 invalid: duplicate
    'not-an-email,X,Y,,,,', //                                                   8 invalid
    'eve@example.com,=HYPERLINK("x"),Doe,Generalissimo,,,', //                         9 invalid: formula, rank
    'fay@example.com,Fay,-Lee,,@unit,Twin,', //                                 10 invalid: formula x2, ambiguous module
    'gus@example.com,Gus,Ray,,,m_old,2026-02-30', //                            11 invalid: archived, not a date
    'hal@example.com,Hal,Ito,,,,2027-01-01', //                                 12 invalid: due without module
    'ivy@example.com,Ivy,Orr,,,ready_airman_training,2026-11-24', //            13 invalid: passed
    'jo@example.com,Jo', //                                                     14 invalid: width
    ',No,Mail,,,,', //                                                          15 invalid: no email
    'kim@example.com,Kim,Lu,,,Nothing,26-12-01', //                             16 invalid: unknown module, bad date format
    `lee@example.com,${'x'.repeat(101)},Lu,,,,`, //                              17 invalid: too long
  ].join('\n');
  const file = parseInviteFile(text);
  const { report, invitees } = checkInviteFile(file, context);

  it('sorts the rows as counted by hand', () => {
    expect(report.rows).toBe(16);
    expect(report.invitees.map((r) => r.line)).toEqual([2, 3, 4, 5]);
    expect(report.existing).toEqual([{ line: 6, email: 'taken@example.com' }]);
    expect(report.invalid.map((r) => r.line)).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
  });

  it('keeps the values as they will be stored', () => {
    expect(report.invitees[0]).toEqual({
      line: 2,
      email: 'ann@example.com',
      first_name: 'Ann',
      last_name: 'Lee',
      rank: 'SrA',
      unit: '655 ISRW',
      module: 'ready_airman_training',
      module_title: 'Ready Airman Training',
      due: '2026-12-01',
    });
    expect(invitees[0]).toEqual({
      email: 'ann@example.com',
      first_name: 'Ann',
      last_name: 'Lee',
      rank: 'SrA',
      unit: '655 ISRW',
      module: { id: 'ready_airman_training', title: 'Ready Airman Training', due_at: dueAtFromDay(2026, 12, 1) },
    });
    expect(invitees[1]?.module).toEqual({ id: 'm_a', title: 'Twin', due_at: 0 });
    expect(invitees[2]).toEqual({ email: 'cy@example.com', first_name: '', last_name: '', rank: '', unit: '' });
    expect(invitees[3]?.module?.id).toBe('m_c');
  });

  it('gives every reason of an invalid row', () => {
    const reasons = Object.fromEntries(report.invalid.map((r) => [r.line, r.reason]));
    expect(reasons).toEqual({
      7: 'email: already on line 2',
      8: "email: 'not-an-email' is not a valid e-mail address",
      9: "first_name: starts with '=', which a spreadsheet would run as a formula; rank: 'Generalissimo' is not a rank of the list (an abbreviation such as SrA, or a name such as Senior Airman)",
      10: "last_name: starts with '-', which a spreadsheet would run as a formula; unit: starts with '@', which a spreadsheet would run as a formula; module: 2 live modules are titled 'Twin': give the module's id instead",
      11: "module: 'm_old' is archived and cannot be assigned; due: 2026-02-30 is not a date of the calendar",
      12: 'due: a due date needs a module',
      13: 'due: 2026-11-24 has already passed',
      14: 'has 2 cells where the header has 7',
      15: 'email: missing',
      16: "module: no live module has the id or title 'Nothing'; due: '26-12-01' is not a date written YYYY-MM-DD",
      17: 'first_name: longer than 100 characters',
    });
    expect(report.invalid.find((r) => r.line === 7)?.email).toBe('ann@example.com');
  });

  it('looks up only valid addresses, once each', () => {
    expect(fileEmails(file)).toEqual([
      'ann@example.com',
      'bo@example.com',
      'cy@example.com',
      'dee@example.com',
      'taken@example.com',
      'eve@example.com',
      'fay@example.com',
      'gus@example.com',
      'hal@example.com',
      'ivy@example.com',
      'jo@example.com',
      'kim@example.com',
      'lee@example.com',
    ]);
  });
});
