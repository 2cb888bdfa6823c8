import { describe, expect, it } from 'vitest';
import { makeQuestionnaire } from '@airman/contracts/test-questionnaire.ts';
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';
import { reportDisposition, reportLayout, type ReportRow } from './report-columns.ts';

const day = Date.UTC(2026, 10, 22, 12);

const questionnaire = makeQuestionnaire({
  scale: [
    { value: 1, label: 'low' },
    { value: 5, label: 'high' },
  ],
});

const row: ReportRow = {
  rank: 'SrA',
  unit: '655 ISRW',
  last_name: 'Smith',
  first_name: 'Ann',
  user_name: 'ann@example.com',
  pending: false,
  created_at: day,
  started_at: day,
  completed_at: 0,
  due_at: 0,
  game_status: 0,
  final_gauges: null,
  score_points: null,
  stars: null,
  module_version: null,
  renews_at: 0,
  objectives_completed: null,
  answers_before: { m1: 5 },
  answers_after: { m1: 2 },
  followup_at: 0,
  followup_scores: null,
  followup_changes: null,
  days_in_range: null,
};

describe('report layout', () => {
  it('writes a fall in a domain score as a negative number, not as escaped text', () => {
    const layout = reportLayout({ ...readyAirmanModule, starting_gauges: {} }, questionnaire, day);
    expect(layout.header).toBe(
      'Rank,Unit,Last Name,First Name,Email,Status,Added,Started,Due,Completed,Late,Expires,Objectives Completed,Score,Stars,Module Version,Mental Before,Mental After,Mental Change,m1 Before,m1 After,Follow-up Answered,Mental Follow-up,Mental Follow-up Change\r\n',
    );
    expect(layout.line(row)).toBe(
      'SrA,655 ISRW,Smith,Ann,ann@example.com,In Progress,2026-11-22,2026-11-22,,,,,,,,,100,25,-75,5,2,,,\r\n',
    );
  });

  it('writes the follow-up questionnaire last: the day answered, each domain score and its change', () => {
    const layout = reportLayout({ ...readyAirmanModule, starting_gauges: {} }, questionnaire, day);
    const later = {
      ...row,
      followup_at: day + 30 * 86_400_000,
      followup_scores: { mental: 50 },
      followup_changes: { mental: -50 },
    };
    expect(layout.line(later)).toMatch(/,100,25,-75,5,2,2026-12-22,50,-50\r\n$/);
  });

  it('escapes what users typed, marks a pending invitee and writes gauges and objectives', () => {
    const layout = reportLayout({ ...readyAirmanModule, starting_gauges: { Fitness: 1, Morale: 1 } }, null, day);
    expect(layout.header).toBe(
      'Rank,Unit,Last Name,First Name,Email,Status,Added,Started,Due,Completed,Late,Expires,Final Fitness,Final Morale,Objectives Completed,Score,Stars,Module Version\r\n',
    );
    const finished = {
      ...row,
      completed_at: day + 1,
      game_status: 1,
      final_gauges: { Fitness: -3, Morale: 7 },
      objectives_completed: ['Run, then rest', 'Sleep'],
      score_points: 640,
      stars: 2,
      module_version: 3,
    };
    expect(layout.line({ ...finished, last_name: '=HYPERLINK("x")', first_name: '@Ann', pending: true })).toBe(
      `*,*,"'=HYPERLINK(""x"")",'@Ann,ann@example.com,Complete,2026-11-22,2026-11-22,,2026-11-22,No,,-3,7,"Run, then rest; Sleep",640,2,3\r\n`,
    );
  });

  it('writes last the days the kept run ended each ranged gauge inside its healthy range', () => {
    const module = {
      ...readyAirmanModule,
      starting_gauges: { Fitness: 60, Morale: 60, Sleep: 60 },
      healthy_range: { Fitness: [50, 85], Sleep: [40, 80] } satisfies Record<string, [number, number]>,
    };
    const layout = reportLayout(module, questionnaire, day);
    expect(layout.header).toMatch(/,Mental Follow-up Change,Days in Range Fitness,Days in Range Sleep\r\n$/);
    const kept = {
      ...row,
      game_status: 1,
      completed_at: day,
      final_gauges: { Fitness: 70, Morale: 40, Sleep: 30 },
      days_in_range: { Fitness: 5, Sleep: 2 },
    };
    const line = layout.line(kept);
    expect(line).toMatch(/,5,2\r\n$/);
    expect(line.split(',')).toHaveLength(layout.header.split(',').length);
    // A run kept before the days were: empty cells, as many as the columns.
    const before = layout.line({ ...kept, days_in_range: null });
    expect(before).toMatch(/,,\r\n$/);
    expect(before.split(',')).toHaveLength(layout.header.split(',').length);
    expect(layout.line({ ...row, answers_before: null, answers_after: null }).split(',')).toHaveLength(
      layout.header.split(',').length,
    );
  });

  it('leaves every result cell empty, one per column, for a user with no finished run', () => {
    const layout = reportLayout(
      { ...readyAirmanModule, starting_gauges: { Fitness: 1, Morale: 1 } },
      questionnaire,
      day,
    );
    const line = layout.line({ ...row, answers_before: null, answers_after: null });
    expect(line).toBe('SrA,655 ISRW,Smith,Ann,ann@example.com,In Progress,2026-11-22,2026-11-22,,,,,,,,,,,,,,,,,,\r\n');
    expect(line.split(',')).toHaveLength(layout.header.split(',').length);
  });

  it("dates Added, Started and Completed in the admin's time zone, and Due as the date picked", () => {
    const evening = Date.parse('2026-12-16T03:30:00Z'); // 20:30 on the 15th in Denver
    const dueAt = Date.parse('2026-12-15T23:00:00Z'); // 12/15 picked
    const layout = reportLayout({ ...readyAirmanModule, starting_gauges: {} }, null, evening, 'America/Denver');
    const dated = { ...row, created_at: evening, started_at: evening, completed_at: evening, due_at: dueAt };
    expect(layout.line(dated)).toContain(',2026-12-15,2026-12-15,2026-12-15,2026-12-15,');
    const utc = reportLayout({ ...readyAirmanModule, starting_gauges: {} }, null, evening);
    expect(utc.line(dated)).toContain(',2026-12-16,2026-12-16,2026-12-15,2026-12-16,');
  });

  it('says whether a completion was late, and when a recertifying one expires', () => {
    const layout = reportLayout({ ...readyAirmanModule, starting_gauges: {} }, null, day);
    const dueAt = Date.parse('2026-11-20T23:00:00Z');
    const renewsAt = Date.parse('2027-11-22T10:00:00Z');
    const done = { ...row, game_status: 1, completed_at: day, renews_at: renewsAt };
    expect(layout.line({ ...done, due_at: dueAt })).toContain(',2026-11-20,2026-11-22,Yes,2027-11-22,');
    expect(layout.line({ ...done, due_at: day + 1, renews_at: 0 })).toContain(',2026-11-22,No,,');
  });

  it('labels a past due assignment by the time the report is made', () => {
    const layout = reportLayout({ ...readyAirmanModule, starting_gauges: {} }, null, day);
    expect(layout.line({ ...row, started_at: 0, due_at: day - 1 })).toContain(',Past Due & Not Started,');
  });

  it('dates the file by the day in the time zone given, UTC without one', () => {
    const evening = Date.parse('2026-11-24T03:30:00Z');
    expect(reportDisposition('M', evening)).toContain('filename="M 2026-11-24.csv"');
    expect(reportDisposition('M', evening, 'America/Denver')).toContain('filename="M 2026-11-23.csv"');
    expect(reportDisposition('M', evening, 'Asia/Kolkata')).toContain('filename="M 2026-11-24.csv"');
    expect(reportDisposition('M', Date.parse('2026-11-24T10:30:00Z'), 'Pacific/Kiritimati')).toContain(
      'filename="M 2026-11-25.csv"',
    );
  });

  it('names the file after the module and the day, escaping what RFC 5987 reserves', () => {
    expect(reportDisposition('Airman\'s (v2)* "Q"', day)).toBe(
      `attachment; filename="Airman's (v2)* _Q_ 2026-11-22.csv"; filename*=UTF-8''Airman%27s%20%28v2%29%2A%20%22Q%22%202026-11-22.csv`,
    );
  });
});
