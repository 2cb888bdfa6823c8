/**
 * /login/trust#<token>: the link e-mailed when the right password came from a
 * device a locked account held back (docs/security.md). Signs in on this
 * browser and makes it a known device. The token stays in the fragment, which
 * no server sees, and leaves the address bar as soon as the page has read it.
 */
import { useState } from 'react';
import { Button } from '@carbon/react';
import { Link, useNavigate } from 'react-router';
import { useTrustDevice } from '#lib/auth/api/login.ts';
import { useAuth } from '#lib/auth/auth-context.tsx';
import { homePath } from '#lib/auth/components/route-guards.tsx';
import { decodeToken } from '#lib/token-store.ts';
import { PageHeading } from '#components/page-heading.tsx';
import '#styles/forms.scss';
import { ErrorNotice } from '#components/error-notice.tsx';

function tokenOfLink(): string {
  const token = decodeURIComponent(window.location.hash.slice(1));
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
}

export function Component() {
  const [token] = useState(tokenOfLink);
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const mutation = useTrustDevice();

  function trust() {
    mutation.mutate(
      { token },
      {
        onSuccess: ({ auth }) => {
          signIn(auth);
          void navigate(homePath(decodeToken(auth)?.user_role), { replace: true });
        },
      },
    );
  }

  return (
    <div className="form-page">
      <PageHeading>Sign in on this device</PageHeading>
      <div className="form-stack">
        {!token ? (
          <ErrorNotice title="This link is incomplete. Open the whole link from the e-mail." />
        ) : (
          <>
            {mutation.isError && <ErrorNotice title={mutation.error.message} />}
            <p>
              Your account only lets in devices it knows. Sign in here to make this browser one of them: it will sign in
              with your password as usual from now on.
            </p>
            <Button onClick={trust} disabled={mutation.isPending || mutation.isSuccess}>
              Sign In on This Device
            </Button>
          </>
        )}
        <p>
          <Link to="/login">Back to sign in</Link>
        </p>
      </div>
    </div>
  );
}
