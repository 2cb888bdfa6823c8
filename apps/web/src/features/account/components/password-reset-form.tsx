/** The Password Reset form of /profile: current password, new password twice, the checklist. */
import { useState, type FormEvent } from 'react';
import { Button, Form, PasswordInput } from '@carbon/react';
import { NewPasswordFields, useNewPassword } from '#components/password-checklist.tsx';
import { useToast } from '#components/toasts.tsx';
import { useRefreshSession, useUpdateSelf } from '../api/update-self.ts';
import { ErrorNotice } from '#components/error-notice.tsx';

export function PasswordResetForm() {
  const toast = useToast();
  const mutation = useUpdateSelf();
  const refreshSession = useRefreshSession();
  const [current, setCurrent] = useState('');
  const newPassword = useNewPassword();
  const { password } = newPassword;
  // Spec §5: the password is changed only when the field is filled (and valid).
  const canSave = password !== '' && newPassword.met && current !== '' && !mutation.isPending;

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
          newPassword.clear();
          toast({ kind: 'success', title: 'User password updated' });
        },
      },
    );
  }

  return (
    <Form onSubmit={submit} className="form-stack" aria-labelledby="password-reset-title">
      <h2 id="password-reset-title">Password Reset</h2>
      {mutation.isError && <ErrorNotice title="Error updating password." subtitle={mutation.error.message} />}
      <PasswordInput
        id="profile-current-password"
        labelText="Current password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <NewPasswordFields
        ids={{
          password: 'profile-new-password',
          confirmation: 'profile-confirm-password',
          checklist: 'profile-password-checklist',
        }}
        labels={{ password: 'New password', confirmation: 'Confirm new password' }}
        {...newPassword.fields}
      />
      <Button type="submit" disabled={!canSave}>
        Update Password
      </Button>
    </Form>
  );
}
