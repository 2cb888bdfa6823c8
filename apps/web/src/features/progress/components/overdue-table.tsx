/** The overdue list: assignments not completed and past their due date, most overdue first. */
import type { ProgressResponse } from '@airman/contracts/progress.ts';

type Overdue = ProgressResponse['overdue'][number];

const nameOf = (o: Overdue) => (o.pending ? `Pending Invite (${o.user_name})` : `${o.last_name}, ${o.first_name}`);

export function OverdueTable({
  rows,
  total,
  onOpen,
}: {
  rows: Overdue[];
  total: number;
  onOpen(row: Overdue, opener: HTMLElement): void;
}) {
  if (rows.length === 0) return <p>No assignment is overdue.</p>;
  return (
    <>
      <p>
        {rows.length < total
          ? `The ${rows.length} most overdue of ${total} assignments.`
          : `${total} assignments overdue.`}
      </p>
      <div className="table-scroll">
        <table className="cds--data-table cds--data-table--md progress-overdue" aria-label="Overdue assignments">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Rank</th>
              <th scope="col">Unit</th>
              <th scope="col">Module</th>
              <th scope="col">Due Date</th>
              <th scope="col">Days Overdue</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((o) => (
              <tr
                key={`${o.user_id} ${o.module}`}
                onClick={(e) => onOpen(o, e.currentTarget.querySelector('button') ?? e.currentTarget)}
              >
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
                <td>{o.pending ? '*' : o.rank}</td>
                <td>{o.pending ? '*' : o.unit}</td>
                <td>{o.module_title}</td>
                <td>{new Date(o.due_at).toLocaleDateString()}</td>
                <td>{o.days_overdue}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
