/** /reset-password/:token: set a new password from an e-mailed link, then sign in again. */
import { useState, type FormEvent } from 'react';
import { Button, Form, InlineNotification, PasswordInput } from '@carbon/react';
import { Link, useNavigate, useParams } from 'react-router';
import { passwordChecklist } from '@airman/contracts/validation.ts';
import { isChecklistMet, PasswordChecklist } from '../../components/password-checklist.tsx';
import { useResetPassword } from '../../features/account/api/password-reset.ts';
import type { LoginNotice } from '../../lib/auth/components/route-guards.tsx';
import '../../styles/forms.scss';
import { PASSWORD_MAX_LENGTH } from '@airman/contracts/constants.ts';

export const PASSWORD_RESET_DONE = 'Your password has been reset, please login';

export function Component() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const mutation = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const checklist = passwordChecklist(password, confirmation);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isChecklistMet(checklist)) return;
    mutation.mutate(
      { token, password },
      {
        onSuccess: () => {
          const notice: LoginNotice = { kind: 'success', text: PASSWORD_RESET_DONE };
          void navigate('/login', { replace: true, state: { notice } });
        },
      },
    );
  }

  return (
    <div className="form-page">
      <h1 className="page-title">Set a new password</h1>
      <Form onSubmit={submit} className="form-stack" aria-label="Set a new password">
        {mutation.isError && (
          <InlineNotification kind="error" title={mutation.error.message} lowContrast hideCloseButton role="alert">
            <Link to="/forgot-password">Ask for a new link</Link>
          </InlineNotification>
        )}
        <PasswordInput
          id="reset-password"
          labelText="New password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-describedby="reset-checklist"
        />
        <PasswordInput
          id="reset-confirmation"
          labelText="Confirm new password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
        />
        <PasswordChecklist checklist={checklist} id="reset-checklist" />
        <Button type="submit" disabled={!isChecklistMet(checklist) || mutation.isPending}>
          Set Password
        </Button>
      </Form>
    </div>
  );
}
