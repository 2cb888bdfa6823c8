/**
 * The columns of a module's report (docs/api.md, "The module report") and how one assigned user
 * becomes a line. Pure, so the whole layout is tested without a database.
 */
import type { Module } from '@airman/contracts/module.ts';
import { domainScores, type Questionnaire, type QuestionnaireAnswers } from '@airman/contracts/questionnaire.ts';
import { own } from '@airman/contracts/own.ts';
import { assignmentStatusLabel } from '@airman/contracts/status.ts';
import { csvCell, csvLine, dueDayOrEmpty, localDayFormatter } from './csv.ts';
import { dayIn } from '#lib/time-zone.ts';

/** One assigned user with their assignment and latest finished run (null when none). */
export interface ReportRow {
  rank: string;
  unit: string;
  last_name: string;
  first_name: string;
  user_name: string;
  pending: boolean;
  created_at: number;
  started_at: number;
  completed_at: number;
  due_at: number;
  game_status: number;
  final_gauges: Record<string, number> | null;
  objectives_completed: string[] | null;
  answers_before: QuestionnaireAnswers | null;
  answers_after: QuestionnaireAnswers | null;
  score_points: number | null;
  stars: number | null;
  /** The module version the run was played on (features/modules/versions.ts); null when unknown. */
  module_version: number | null;
  /** When a recertifying module's completion lapses (0: never). */
  renews_at: number;
  /** When the latest follow-up questionnaire was answered (0: none), its domain scores and their changes since before play. */
  followup_at: number;
  followup_scores: Record<string, number> | null;
  followup_changes: Record<string, number> | null;
  /** Per gauge with a healthy range, the days the kept run ended inside it (null: none kept, or kept before they were). */
  days_in_range: Record<string, number> | null;
}

export interface ReportLayout {
  header: string;
  line(row: ReportRow): string;
}

type Cell = string | number;

/** Late: 'Yes' for a completion after its due date, 'No' for one on time, empty before a completion. */
function lateCell(r: Pick<ReportRow, 'completed_at' | 'due_at'>): string {
  if (r.completed_at === 0) return '';
  return r.due_at > 0 && r.completed_at > r.due_at ? 'Yes' : 'No';
}

/** The columns every report has, before the run's results. */
const ASSIGNMENT_COLUMNS = [
  'Rank',
  'Unit',
  'Last Name',
  'First Name',
  'Email',
  'Status',
  'Added',
  'Started',
  'Due',
  'Completed',
  'Late',
  'Expires',
];

/**
 * The layout for a module: fixed columns, one per gauge of the module, and
 * for a module with a questionnaire its domain scores and every item's answers, then the
 * follow-up questionnaire's day, domain scores and changes against the before set; last, for each
 * gauge with a healthy range, the days the kept run ended inside it (three stars need
 * `balance_share` of the days in each, docs/game-rules.md).
 * `now` decides 'Past Due' once for the whole file. Added, Started and
 * Completed are the dates those happened on in `timeZone` (the admin's); Due is
 * the calendar date picked, the same in every zone. Late says whether the completion came after
 * the due date; Expires is the day a recertifying module's completion lapses (empty: never).
 */
export function reportLayout(
  module: Module,
  questionnaire: Questionnaire | null,
  now: number,
  timeZone = 'UTC',
): ReportLayout {
  const localDay = localDayFormatter(timeZone);
  const gauges = Object.keys(module.starting_gauges);
  const names = [
    ...ASSIGNMENT_COLUMNS,
    ...gauges.map((g) => `Final ${g}`),
    'Objectives Completed',
    'Score',
    'Stars',
    'Module Version',
  ];
  if (questionnaire) {
    names.push(...questionnaire.domains.flatMap((d) => [`${d.name} Before`, `${d.name} After`, `${d.name} Change`]));
    names.push(...questionnaire.items.flatMap((i) => [`${i.id} Before`, `${i.id} After`]));
    // The follow-up questionnaire (FOLLOWUP_DAYS after completion): last, so that earlier columns keep their places.
    names.push(
      'Follow-up Answered',
      ...questionnaire.domains.flatMap((d) => [`${d.name} Follow-up`, `${d.name} Follow-up Change`]),
    );
  }
  // Last, as the follow-up's were added: the columns before keep their places.
  const ranged = gauges.filter((g) => own(module.healthy_range, g) !== undefined);
  names.push(...ranged.map((g) => `Days in Range ${g}`));

  const questionnaireCells = (r: ReportRow): Cell[] => {
    if (!questionnaire) return [];
    const before = r.answers_before ? domainScores(questionnaire, r.answers_before) : null;
    const after = r.answers_after ? domainScores(questionnaire, r.answers_after) : null;
    const cells: Cell[] = [];
    for (const d of questionnaire.domains) {
      const b = own(before, d.id) ?? null;
      const a = own(after, d.id) ?? null;
      cells.push(b ?? '', a ?? '', b !== null && a !== null ? Math.round((a - b) * 10) / 10 : '');
    }
    for (const i of questionnaire.items)
      cells.push(own(r.answers_before, i.id) ?? '', own(r.answers_after, i.id) ?? '');
    cells.push(localDay(r.followup_at));
    for (const d of questionnaire.domains)
      cells.push(own(r.followup_scores, d.id) ?? '', own(r.followup_changes, d.id) ?? '');
    return cells;
  };

  // The cells after Completed of a user with no finished run (most rows of a
  // large report), written once.
  const noRun = ','.repeat(names.length - ASSIGNMENT_COLUMNS.length);

  return {
    header: csvLine(names),
    // Written out cell by cell rather than through csvLine: a report runs this 100,000 times.
    line: (r) => {
      // The users screen's marks for a pending invitee (spec §3).
      let line = `${csvCell(r.pending ? '*' : r.rank)},${csvCell(r.pending ? '*' : r.unit)},${csvCell(r.last_name)},${csvCell(r.first_name)},${csvCell(r.user_name)},${assignmentStatusLabel(r, now)},${localDay(r.created_at)},${localDay(r.started_at)},${dueDayOrEmpty(r.due_at)},${localDay(r.completed_at)},${lateCell(r)},${localDay(r.renews_at)}`;
      if (!r.final_gauges && !r.objectives_completed && !r.answers_before && !r.answers_after && r.followup_at === 0)
        return `${line}${noRun}\r\n`;
      for (const g of gauges) line += `,${csvCell(own(r.final_gauges, g))}`;
      line += `,${csvCell(r.objectives_completed?.join('; '))},${csvCell(r.score_points)},${csvCell(r.stars)},${csvCell(r.module_version)}`;
      if (questionnaire) for (const cell of questionnaireCells(r)) line += `,${csvCell(cell)}`;
      for (const g of ranged) line += `,${csvCell(own(r.days_in_range, g))}`;
      return `${line}\r\n`;
    },
  };
}

/**
 * `attachment; filename="{title} {YYYY-MM-DD}.csv"`, with an ASCII fallback and
 * the exact UTF-8 name in RFC 5987's filename* (which must escape ' ( ) * too).
 * The date is the day in the admin's time zone (the client sends its own), so an
 * evening's download in Colorado is not named after tomorrow.
 */
export function reportDisposition(title: string, now: number, timeZone = 'UTC'): string {
  const name = `${title} ${dayIn(now, timeZone)}.csv`;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const utf8 = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
