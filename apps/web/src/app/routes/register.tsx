/**
 * /register/:inviteCode? (spec §2): without a code, the 'Enter Invite Code' form;
 * with one, the invite is looked up and the registration form shown.
 */
// The registration form checks its request with zod (registerRequestSchema): jitless before any parse.
import '@airman/contracts/zod-setup.ts';
import { useState, type FormEvent } from 'react';
import { Button, Form, InlineNotification, Loading, TextInput } from '@carbon/react';
import { Link, useNavigate, useParams } from 'react-router';
import { useInvite } from '#features/account/api/get-invite.ts';
import { ApiError } from '#lib/api-client.ts';
import { RegistrationForm } from '#features/account/components/registration-form.tsx';
import { PageHeading } from '#components/page-heading.tsx';
import '#styles/forms.scss';
import { ErrorNotice } from '#components/error-notice.tsx';

export const INVITE_LOOKUP_FAILED = 'There is an issue with this invite code, please let your instructor know.';
export const MISSING_INVITE_CODE = 'Invalid invite code';

function EnterInviteCode() {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);

  function lookup(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setMissing(true);
      return;
    }
    void navigate(`/register/${encodeURIComponent(trimmed)}`);
  }

  return (
    <Form onSubmit={lookup} className="form-stack" aria-labelledby="enter-invite-code">
      <h2 id="enter-invite-code">Enter Invite Code</h2>
      {missing && (
        <InlineNotification kind="error" title={MISSING_INVITE_CODE} lowContrast hideCloseButton role="alert" />
      )}
      <TextInput
        id="invite-code"
        labelText="Invite code"
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          setMissing(false);
        }}
      />
      <Button type="submit">Lookup</Button>
    </Form>
  );
}

function Invite({ code }: { code: string }) {
  const invite = useInvite(code);
  if (invite.isPending) return <Loading withOverlay={false} description="Looking up your invite" />;
  if (invite.isError) {
    // An expired invite says so (410), so the trainee knows what to ask for.
    const expired = invite.error instanceof ApiError && invite.error.status === 410 ? invite.error.message : undefined;
    return (
      <div className="form-stack">
        <ErrorNotice title={INVITE_LOOKUP_FAILED} subtitle={expired} />
        {/* The way on: another code (one copied wrong, or from a newer invite), or signing in. */}
        <p>
          Check the code in your newest invite e-mail and enter it again, or sign in if you have already registered.
        </p>
        <p className="form-links">
          <Link to="/register">Enter another code</Link>
          <Link to="/login">Sign in</Link>
        </p>
      </div>
    );
  }
  return <RegistrationForm code={code} email={invite.data.user_name} />;
}

export function Component() {
  const { inviteCode } = useParams();
  return (
    <div className="form-page">
      <PageHeading>Register</PageHeading>
      {inviteCode ? <Invite code={inviteCode} /> : <EnterInviteCode />}
    </div>
  );
}
