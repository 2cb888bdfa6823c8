/**
 * The overdue list: assignments not completed and past their due date, most overdue first. Each
 * row's trainee can be chosen for a reminder.
 */
import { Checkbox } from '@carbon/react';
import { dueDay, formatDueDate } from '@airman/contracts/due-date.ts';
import type { ProgressResponse } from '@airman/contracts/progress.ts';
import { SimpleTable } from '#components/simple-table.tsx';

type Overdue = ProgressResponse['overdue'][number];

const DAY_MS = 86_400_000;

/**
 * Calendar days from the due date to today on the admin's own calendar: an
 * assignment due yesterday is 1 day overdue, whatever the hour.
 */
export function daysOverdue(dueAt: number, today = new Date()): number {
  const due = dueDay(dueAt);
  const todayDay = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((todayDay - Date.UTC(due.year, due.month - 1, due.day)) / DAY_MS);
}

const nameOf = (o: Overdue) => (o.pending ? `Pending Invite (${o.user_name})` : `${o.last_name}, ${o.first_name}`);

export function OverdueTable({
  rows,
  total,
  onOpen,
  selected,
  onSelect,
}: {
  rows: Overdue[];
  total: number;
  onOpen(row: Overdue, opener: HTMLElement): void;
  /** The trainees chosen for a reminder, by user id. */
  selected: ReadonlySet<string>;
  onSelect(userId: string, on: boolean): void;
}) {
  if (rows.length === 0) return <p>No assignment is overdue.</p>;
  return (
    <>
      <p>
        {rows.length < total
          ? `The ${rows.length} most overdue of ${total} assignments.`
          : `${total} assignments overdue.`}
      </p>
      {/* A scroller takes the focus, so a keyboard can scroll it (a phone's table is wider than the screen). */}
      <SimpleTable
        size="md"
        className="progress-overdue"
        label="Overdue assignments"
        // The due date and days next to the name: on a phone they are in view without scrolling.
        headers={[
          <span key="select" className="visually-hidden">
            Remind
          </span>,
          'Name',
          'Due Date',
          'Days Overdue',
          'Rank',
          'Unit',
          'Module',
        ]}
        scroll={{ label: 'Overdue assignments, scrollable' }}
      >
        {rows.map((o) => (
          <tr
            key={`${o.user_id} ${o.module}`}
            onClick={(e) => onOpen(o, e.currentTarget.querySelector('button') ?? e.currentTarget)}
          >
            {/* The checkbox's own clicks choose the trainee; they do not open the modal. */}
            <td className="progress-overdue__select" onClick={(e) => e.stopPropagation()}>
              <Checkbox
                id={`remind-${o.user_id}-${o.module}`}
                labelText={`Remind ${nameOf(o)} (${o.module_title})`}
                hideLabel
                checked={selected.has(o.user_id)}
                onChange={(_, { checked }) => onSelect(o.user_id, checked)}
              />
            </td>
            <td>
              {/* The row opens the user modal on a click; the button is how a keyboard opens it. */}
              <button
                type="button"
                className="progress-overdue__open"
                onClick={(e) => {
                  e.stopPropagation();
                  onOpen(o, e.currentTarget);
                }}
              >
                {nameOf(o)}
              </button>
            </td>
            <td>{formatDueDate(o.due_at)}</td>
            <td>{daysOverdue(o.due_at)}</td>
            <td>{o.pending ? '*' : o.rank}</td>
            <td>{o.pending ? '*' : o.unit}</td>
            <td>{o.module_title}</td>
          </tr>
        ))}
      </SimpleTable>
    </>
  );
}
