/** The live password checklist of spec §5. */
import { PASSWORD_CHECKLIST_LABELS, type PasswordChecklist as Checklist } from '@airman/contracts/validation.ts';

export function PasswordChecklist({ checklist, id }: { checklist: Checklist; id: string }) {
  return (
    <ul className="password-checklist" id={id} aria-label="Password requirements">
      {(Object.keys(PASSWORD_CHECKLIST_LABELS) as (keyof Checklist)[]).map((key) => (
        <li key={key} className={checklist[key] ? 'is-met' : 'is-unmet'}>
          <span aria-hidden="true">{checklist[key] ? '✓' : '✗'}</span> {PASSWORD_CHECKLIST_LABELS[key]}
          <span className="visually-hidden">{checklist[key] ? ' (met)' : ' (not met)'}</span>
        </li>
      ))}
    </ul>
  );
}

/** True when every item is met. */
export function isChecklistMet(checklist: Checklist): boolean {
  return Object.values(checklist).every(Boolean);
}
