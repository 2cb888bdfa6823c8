/** The live password checklist of spec §5, and the new-password fields it describes. */
import { useState } from 'react';
import { PasswordInput } from '@carbon/react';
import { PASSWORD_MAX_LENGTH } from '@airman/contracts/constants.ts';
import {
  PASSWORD_CHECKLIST_LABELS,
  passwordChecklist,
  type PasswordChecklist as Checklist,
} from '@airman/contracts/validation.ts';

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

interface NewPasswordState {
  password: string;
  confirmation: string;
  checklist: Checklist;
  onPassword(value: string): void;
  onConfirmation(value: string): void;
}

/** A new password being typed twice: the fields' state, its checklist, whether it is met, and a reset. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const checklist = passwordChecklist(password, confirmation);
  const fields: NewPasswordState = {
    password,
    confirmation,
    checklist,
    onPassword: setPassword,
    onConfirmation: setConfirmation,
  };
  const clear = () => {
    setPassword('');
    setConfirmation('');
  };
  return { password, met: isChecklistMet(checklist), fields, clear };
}

/**
 * A new password, its confirmation and the checklist under them (registration, profile,
 * reset): the password field is described by the checklist.
 */
export function NewPasswordFields(
  props: NewPasswordState & {
    ids: { password: string; confirmation: string; checklist: string };
    labels: { password: string; confirmation: string };
  },
) {
  const { ids, labels } = props;
  return (
    <>
      <PasswordInput
        id={ids.password}
        labelText={labels.password}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        value={props.password}
        onChange={(e) => props.onPassword(e.target.value)}
        aria-describedby={ids.checklist}
      />
      <PasswordInput
        id={ids.confirmation}
        labelText={labels.confirmation}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        value={props.confirmation}
        onChange={(e) => props.onConfirmation(e.target.value)}
      />
      <PasswordChecklist checklist={props.checklist} id={ids.checklist} />
    </>
  );
}
