/**
 * One module's evidence of learning (GET admin/progress, `questionnaires`): per domain, the mean
 * score before play, after it and at the follow-up, and the change of the trainees who answered
 * both sets — n, mean change, its 95% confidence interval (or why there is none), share improved.
 */
import { CHANGE_MIN_N } from '@airman/contracts/progress-values.ts';
import type { PairedChange, ProgressResponse } from '@airman/contracts/progress.ts';
import { SimpleTable } from '#components/simple-table.tsx';

type Questionnaire = ProgressResponse['questionnaires'][number];

/** What the follow-up is called: "30 days after" (FOLLOWUP_DAYS), or "Follow-up" when it is off. */
export const laterLabel = (days: number | null) => (days === null ? 'Follow-up' : `${days} days after`);

const signed = (x: number) => (x > 0 ? `+${x.toFixed(1)}` : x < 0 ? `−${Math.abs(x).toFixed(1)}` : '0.0');

/** The interval as "low to high", or why there is none. */
export function intervalText(change: Pick<PairedChange, 'n' | 'ci95'> | null): string {
  if (!change || change.n === 0) return '—';
  if (!change.ci95) return `fewer than ${CHANGE_MIN_N} trainees: no interval`;
  return `${signed(change.ci95[0])} to ${signed(change.ci95[1])}`;
}

const meanText = (change: Pick<PairedChange, 'mean_change'> | null) =>
  change?.mean_change === null || change === null ? '—' : signed(change.mean_change);

export function MeansTable({ questionnaire: q, days }: { questionnaire: Questionnaire; days: number | null }) {
  const later = laterLabel(days);
  return (
    <SimpleTable
      className="progress-domains"
      caption={`${q.title}: mean domain score before play, after play and ${later.toLowerCase()}, with the number of trainees`}
      captionHidden
      headers={['Domain', 'Before', 'n before', 'After', 'n after', later, `n ${later.toLowerCase()}`]}
      scroll={{ label: `${q.title}: domain scores, scrollable` }}
    >
      {q.domains.map((d) => (
        <tr key={d.id}>
          <th scope="row">{d.name}</th>
          <td>{d.before.mean ?? '—'}</td>
          <td>{d.before.n}</td>
          <td>{d.after.mean ?? '—'}</td>
          <td>{d.after.n}</td>
          <td>{d.followup_mean.mean ?? '—'}</td>
          <td>{d.followup_mean.n}</td>
        </tr>
      ))}
    </SimpleTable>
  );
}

export function ChangeTable({ questionnaire: q, days }: { questionnaire: Questionnaire; days: number | null }) {
  const later = laterLabel(days).toLowerCase();
  return (
    <SimpleTable
      className="progress-changes"
      caption={`${q.title}: change of each trainee who answered both sets, against their own before score`}
      captionHidden
      headers={[
        'Domain',
        'n after',
        'Mean change after',
        '95% interval after',
        'Improved after',
        `n ${later}`,
        `Mean change ${later}`,
        `95% interval ${later}`,
      ]}
      scroll={{ label: `${q.title}: changes, scrollable` }}
    >
      {q.domains.map((d) => (
        <tr key={d.id}>
          <th scope="row">{d.name}</th>
          <td>{d.paired.n}</td>
          <td>{meanText(d.paired)}</td>
          <td>{intervalText(d.paired)}</td>
          <td>{d.paired.improved_share === null ? '—' : `${Math.round(d.paired.improved_share * 100)}%`}</td>
          <td>{d.followup?.n ?? 0}</td>
          <td>{meanText(d.followup)}</td>
          <td>{intervalText(d.followup)}</td>
        </tr>
      ))}
    </SimpleTable>
  );
}
