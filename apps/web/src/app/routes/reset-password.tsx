/** /reset-password/:token: set a new password from an e-mailed link, then sign in again. */
import type { FormEvent } from 'react';
import { Button, Form, InlineNotification } from '@carbon/react';
import { Link, useNavigate, useParams } from 'react-router';
import { NewPasswordFields, useNewPassword } from '#components/password-checklist.tsx';
import { useResetPassword } from '#features/account/api/reset-password.ts';
import type { LoginNotice } from '#lib/auth/components/route-guards.tsx';
import { PageHeading } from '#components/page-heading.tsx';
import '#styles/forms.scss';

export const PASSWORD_RESET_DONE = 'Your password has been reset, please login';

export function Component() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const mutation = useResetPassword();
  const newPassword = useNewPassword();
  const { password } = newPassword;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!newPassword.met) return;
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
      <PageHeading>Set a new password</PageHeading>
      <Form onSubmit={submit} className="form-stack" aria-label="Set a new password">
        {mutation.isError && (
          <InlineNotification kind="error" title={mutation.error.message} lowContrast hideCloseButton role="alert">
            <Link to="/forgot-password">Ask for a new link</Link>
          </InlineNotification>
        )}
        <NewPasswordFields
          ids={{ password: 'reset-password', confirmation: 'reset-confirmation', checklist: 'reset-checklist' }}
          labels={{ password: 'New password', confirmation: 'Confirm new password' }}
          {...newPassword.fields}
        />
        <Button type="submit" disabled={!newPassword.met || mutation.isPending}>
          Set Password
        </Button>
      </Form>
    </div>
  );
}
