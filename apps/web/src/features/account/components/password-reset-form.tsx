/** The Password Reset form of /profile: current password, new password twice, the checklist. */
import { useState, type FormEvent } from 'react';
import { Button, Form, InlineNotification, PasswordInput } from '@carbon/react';
import { passwordChecklist } from '@airman/contracts/validation.ts';
import { isChecklistMet, PasswordChecklist } from '../../../components/password-checklist.tsx';
import { useToast } from '../../../components/toasts.tsx';
import { useRefreshSession, useUpdateSelf } from '../api/self.ts';
import { PASSWORD_MAX_LENGTH } from '@airman/contracts/constants.ts';

export function PasswordResetForm() {
  const toast = useToast();
  const mutation = useUpdateSelf();
  const refreshSession = useRefreshSession();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const checklist = passwordChecklist(password, confirmation);
  // Spec §5: the password is changed only when the field is filled (and valid).
  const canSave = password !== '' && isChecklistMet(checklist) && current !== '' && !mutation.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSave) return;
    mutation.mutate(
      { password, current_password: current },
      {
        onSuccess: () => {
          // The fresh token the change answered is already stored (useUpdateSelf).
          void refreshSession();
          setCurrent('');
          setPassword('');
          setConfirmation('');
          toast({ kind: 'success', title: 'User password updated' });
        },
      },
    );
  }

  return (
    <Form onSubmit={submit} className="form-stack" aria-labelledby="password-reset-title">
      <h2 id="password-reset-title">Password Reset</h2>
      {mutation.isError && (
        <InlineNotification
          kind="error"
          title="Error updating password."
          subtitle={mutation.error.message}
          lowContrast
          hideCloseButton
          role="alert"
        />
      )}
      <PasswordInput
        id="profile-current-password"
        labelText="Current password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <PasswordInput
        id="profile-new-password"
        labelText="New password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        aria-describedby="profile-password-checklist"
      />
      <PasswordInput
        id="profile-confirm-password"
        labelText="Confirm new password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        value={confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
      />
      <PasswordChecklist checklist={checklist} id="profile-password-checklist" />
      <Button type="submit" disabled={!canSave}>
        Update Password
      </Button>
    </Form>
  );
}
