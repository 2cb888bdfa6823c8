/** The user modal's assignments (spec §2): Module, Added, Started, Due, Completed, Status, Score (the kept run's), Actions. */
import { useState } from 'react';
import { Button, Select, SelectItem } from '@carbon/react';
import { dueAtFromLocalDate, dueLocalDate } from '@airman/contracts/due-date.ts';
import { DEFAULT_GAME_RECORD, isArchived } from '@airman/contracts/module-values.ts';
import type { Module } from '@airman/contracts/module.ts';
import { assignmentStatusLabel } from '@airman/contracts/status.ts';
import type { Assignment } from '@airman/contracts/user.ts';
import { DateField } from '#components/date-field.tsx';
import { SimpleTable } from '#components/simple-table.tsx';
import { formatDate } from './format-date.ts';

/** The kept run's score: '610 points, 2 stars', '120 points, no stars', or '—' before a run finishes. */
export function formatScore(score: Assignment['score']): string {
  if (!score) return '—';
  const stars = score.stars === 0 ? 'no stars' : `${score.stars} star${score.stars === 1 ? '' : 's'}`;
  return `${score.points} points, ${stars}`;
}

interface Props {
  assignments: Assignment[];
  modules: Module[];
  busy: boolean;
  onDueDate(key: string, dueAt: number): void;
  onAssign(moduleId: string): void;
  onUnassign(moduleId: string): void;
}

export function AssignmentsTable({ assignments, modules, busy, onDueDate, onAssign, onUnassign }: Props) {
  const [picked, setPicked] = useState(DEFAULT_GAME_RECORD.id);
  const title = (key: string) => modules.find((m) => m.id === key)?.game_title ?? key;
  const assigned = new Set(assignments.map((a) => a.key));
  const assignable = modules.filter((m) => !isArchived(m) && !assigned.has(m.id));

  return (
    <section aria-labelledby="assignments-title" className="assignments">
      <h3 id="assignments-title">Assignments</h3>
      {assignments.length === 0 ? (
        <p>No Assignments</p>
      ) : (
        <SimpleTable
          headers={['Module', 'Added', 'Started', 'Due', 'Completed', 'Status', 'Score', 'Actions']}
          scroll="plain"
        >
          {assignments.map((a) => (
            <tr key={a.key}>
              <td>{title(a.key)}</td>
              <td>{formatDate(a.created_at)}</td>
              <td>{formatDate(a.started_at)}</td>
              <td>
                <DateField
                  id={`due-${a.key}`}
                  labelText={`Due date of ${title(a.key)}`}
                  hideLabel
                  size="sm"
                  value={a.due_at > 0 ? dueLocalDate(a.due_at) : undefined}
                  onChange={(date) => date && onDueDate(a.key, dueAtFromLocalDate(date))}
                />
              </td>
              <td>{formatDate(a.completed_at)}</td>
              <td>{assignmentStatusLabel(a)}</td>
              <td>{formatScore(a.score)}</td>
              <td>
                {a.completed_at === 0 && (
                  <Button kind="ghost" size="sm" disabled={busy} onClick={() => onUnassign(a.key)}>
                    Delete<span className="visually-hidden"> assignment {title(a.key)}</span>
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </SimpleTable>
      )}
      <div className="assign-row">
        <Select id="assign-module" labelText="Module" value={picked} onChange={(e) => setPicked(e.target.value)}>
          <SelectItem value={DEFAULT_GAME_RECORD.id} text={DEFAULT_GAME_RECORD.game_title} />
          {assignable.map((m) => (
            <SelectItem key={m.id} value={m.id} text={m.game_title} />
          ))}
        </Select>
        <Button
          size="md"
          disabled={busy || picked === DEFAULT_GAME_RECORD.id}
          onClick={() => {
            onAssign(picked);
            setPicked(DEFAULT_GAME_RECORD.id);
            // The button disables itself (busy, then nothing picked): focus goes back to the picker,
            // ready for the next module, rather than to the page's body.
            document.getElementById('assign-module')?.focus();
          }}
        >
          Assign Module
        </Button>
      </div>
    </section>
  );
}
