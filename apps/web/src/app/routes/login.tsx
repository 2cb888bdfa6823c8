/** /login: E-mail, Password, 'Sign In', and the notices of spec §8. */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Form, InlineNotification, PasswordInput, TextInput } from '@carbon/react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { SIGN_IN_ERROR_MESSAGES, SIGN_IN_ERRORS, type SignInError } from '@airman/contracts/sign-in-errors.ts';
import { useSignInOptions } from '#lib/auth/api/sign-in-options.ts';
import { markProviderSession, takeProviderToken } from '#lib/auth/provider-session.ts';
import { useLogin } from '#lib/auth/api/login.ts';
import { useAuth } from '#lib/auth/auth-context.tsx';
import type { LoginNotice } from '#lib/auth/components/route-guards.tsx';
import { loginErrorMessage } from '#lib/auth/login-error.ts';
import { PageHeading } from '#components/page-heading.tsx';
import '#styles/forms.scss';

function providerError(reason: string | null): string | undefined {
  return SIGN_IN_ERRORS.includes(reason as SignInError) ? SIGN_IN_ERROR_MESSAGES[reason as SignInError] : undefined;
}

export function Component() {
  const location = useLocation();
  const { signIn } = useAuth();
  const mutation = useLogin();
  const state = location.state as { notice?: LoginNotice; email?: string } | null;
  // Just registered: the address is filled in.
  const [email, setEmail] = useState(state?.email ?? '');
  const [password, setPassword] = useState('');
  const notice = mutation.isIdle ? state?.notice : undefined;
  const options = useSignInOptions();
  const [searchParams] = useSearchParams();
  const providerFailure = mutation.isIdle ? providerError(searchParams.get('sign_in_error')) : undefined;
  // Back from the identity provider, signed in (GET api/oidc/callback): AnonymousOnly then sends the user on.
  const [providerToken] = useState(takeProviderToken);
  const providerTokenUsed = useRef(false);
  useEffect(() => {
    if (!providerToken || providerTokenUsed.current) return;
    providerTokenUsed.current = true;
    markProviderSession();
    signIn(providerToken);
  }, [providerToken, signIn]);
  const providerName = options.data?.provider;

  function submit(event: FormEvent) {
    event.preventDefault();
    mutation.mutate(
      { user_name: email.trim(), password },
      {
        // AnonymousOnly then sends the user on.
        onSuccess: ({ auth }) => signIn(auth),
      },
    );
  }

  return (
    <div className="form-page">
      <PageHeading>Sign In</PageHeading>
      <Form onSubmit={submit} className="form-stack" aria-label="Sign in">
        {notice && (
          <InlineNotification kind={notice.kind} title={notice.text} lowContrast hideCloseButton role="status" />
        )}
        {providerFailure && (
          <InlineNotification kind="error" title={providerFailure} lowContrast hideCloseButton role="alert" />
        )}
        {mutation.isError && (
          <InlineNotification
            kind="error"
            title={loginErrorMessage(mutation.error)}
            lowContrast
            hideCloseButton
            role="alert"
          />
        )}
        <TextInput
          id="login-email"
          labelText="E-mail"
          // A text field with the e-mail keyboard: autocomplete 'username' belongs to text fields
          // (HTML's autofill groups; HTML_CodeSniffer flags it on type="email").
          type="text"
          inputMode="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        <PasswordInput
          id="login-password"
          labelText="Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        <Button type="submit" disabled={mutation.isPending}>
          Sign In
        </Button>
        <p>
          <Link to="/forgot-password">Forgot password?</Link>
        </p>
        {options.data && !options.data.passwords_for_all && (
          <p>Password sign-in is for the administrator of last resort only.</p>
        )}
        {providerName && (
          <Button kind="tertiary" href="/api/oidc/start">
            Sign in with {providerName}
          </Button>
        )}
      </Form>
    </div>
  );
}
