/** /login: E-mail, Password, 'Sign In', and the notices of spec §8; the landing of a provider sign-in. */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Form, InlineNotification, PasswordInput, TextInput } from '@carbon/react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { SIGN_IN_ERROR_MESSAGES, SIGN_IN_ERRORS, type SignInError } from '@airman/contracts/sign-in-errors.ts';
import { ApiError } from '#lib/api-client.ts';
import { useSignInOptions } from '#lib/auth/api/sign-in-options.ts';
import { useLinkProvider, useTakeProviderSignIn } from '#lib/auth/api/provider-sign-in.ts';
import { markProviderSession, takeProviderCode } from '#lib/auth/provider-session.ts';
import { useLogin } from '#lib/auth/api/login.ts';
import { useAuth } from '#lib/auth/auth-context.tsx';
import type { LoginNotice } from '#lib/auth/components/route-guards.tsx';
import { loginErrorMessage } from '#lib/auth/login-error.ts';
import { PageHeading } from '#components/page-heading.tsx';
import '#styles/forms.scss';
import { ErrorNotice } from '#components/error-notice.tsx';

function providerError(reason: string | null | undefined): string | undefined {
  return SIGN_IN_ERRORS.includes(reason as SignInError) ? SIGN_IN_ERROR_MESSAGES[reason as SignInError] : undefined;
}

/** What a refused provider request says: the refusal page's words for its reason, else a sign-in's. */
function providerRequestError(error: unknown): string {
  return (error instanceof ApiError && providerError(error.code)) || loginErrorMessage(error);
}

interface PasswordStepProps {
  code: string;
  userName: string;
  providerName: string;
  onCancel(): void;
}

/**
 * An administrator's first sign-in through the provider: the account is linked
 * only once its password is given here (docs/decisions/022).
 */
function PasswordStep({ code, userName, providerName, onCancel }: PasswordStepProps) {
  const { signIn } = useAuth();
  const link = useLinkProvider();
  const [password, setPassword] = useState('');
  const field = useRef<HTMLInputElement>(null);
  // The step replaced the page's form: typing starts in its one field.
  useEffect(() => field.current?.focus(), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    link.mutate(
      { code, password },
      {
        onSuccess: ({ auth }) => {
          markProviderSession();
          signIn(auth);
        },
        onError: () => field.current?.focus(),
      },
    );
  }

  const error = link.isError
    ? link.error instanceof ApiError && link.error.status === 401
      ? 'Wrong password. Nothing was linked. Try again.'
      : providerRequestError(link.error)
    : undefined;
  return (
    <div className="form-page">
      <PageHeading>Confirm your account</PageHeading>
      <Form onSubmit={submit} className="form-stack" aria-label="Confirm your account">
        <p>
          {providerName} signed you in as {userName}, an administrator account that is not linked to {providerName} yet.
          Enter this account&apos;s password once to link them. Nothing is linked until you do.
        </p>
        {error && <InlineNotification kind="error" title={error} lowContrast hideCloseButton role="alert" />}
        <TextInput id="link-email" labelText="E-mail" type="text" autoComplete="username" value={userName} readOnly />
        <PasswordInput
          id="link-password"
          ref={field}
          labelText="Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        <Button type="submit" disabled={link.isPending}>
          Link and sign in
        </Button>
        <Button kind="ghost" type="button" onClick={onCancel}>
          Cancel
        </Button>
      </Form>
    </div>
  );
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
  // Back from the identity provider (GET api/oidc/callback): its one-time code signs in only with this
  // browser's cookie. AnonymousOnly then sends the user on.
  const [providerCode] = useState(takeProviderCode);
  const exchange = useTakeProviderSignIn();
  const exchangeStarted = useRef(false);
  const exchangeMutate = exchange.mutate;
  useEffect(() => {
    if (!providerCode || exchangeStarted.current) return;
    exchangeStarted.current = true;
    exchangeMutate(
      { code: providerCode },
      {
        onSuccess: (answer) => {
          if (!('auth' in answer)) return;
          markProviderSession();
          signIn(answer.auth);
        },
      },
    );
  }, [providerCode, exchangeMutate, signIn]);
  const providerName = options.data?.provider;
  const passwordStep = exchange.data && 'password_needed' in exchange.data ? exchange.data.password_needed : undefined;
  const exchangeFailure = mutation.isIdle && exchange.isError ? providerRequestError(exchange.error) : undefined;

  if (providerCode && passwordStep) {
    return (
      <PasswordStep
        code={providerCode}
        userName={passwordStep.user_name}
        providerName={providerName ?? 'The identity provider'}
        onCancel={() => {
          exchange.reset();
          // The step is gone with its Cancel button: typing starts again in the sign-in form.
          requestAnimationFrame(() => document.getElementById('login-email')?.focus());
        }}
      />
    );
  }

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
        {exchange.isPending && (
          <InlineNotification
            kind="info"
            title={`Signing you in with ${providerName ?? 'the identity provider'}…`}
            lowContrast
            hideCloseButton
            role="status"
          />
        )}
        {exchangeFailure && (
          <InlineNotification kind="error" title={exchangeFailure} lowContrast hideCloseButton role="alert" />
        )}
        {mutation.isError && <ErrorNotice title={loginErrorMessage(mutation.error)} />}
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
