/** /: the trainee's training, with the status of each assigned module (spec §4 label rule). */
import { assignmentStatusLabel } from '@airman/contracts/status.ts';
import { useCurrentUser } from '../../features/auth/current-user.tsx';

export function Component() {
  const user = useCurrentUser();
  return (
    <section aria-labelledby="training-title">
      <h1 id="training-title" className="page-title">
        Your Training
      </h1>
      {user.assignments.length === 0 ? (
        <p>No modules are assigned to you yet.</p>
      ) : (
        <ul>
          {user.assignments.map((a) => (
            <li key={a.key}>
              {a.key}: {assignmentStatusLabel(a)}
              {a.due_at > 0 && ` (due ${new Date(a.due_at).toLocaleDateString()})`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
