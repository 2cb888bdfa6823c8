/**
 * Signing in again over the page when the session ended while it was open:
 * the page, its filters and every form stay as they are, requests refused for
 * the token wait (session-renewal.ts) and are sent once the user signs in.
 * Like USWDS's forced-action modal it has no Close button and Escape leaves it
 * open: the choices are signing in or signing out (which ends the page's work).
 * Loaded only when needed (SessionKeeper), so the pages' bundles do not carry it.
 */
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { Form, InlineNotification, PasswordInput, TextInput } from '@carbon/react';
import { useMutation } from '@tanstack/react-query';
import { sessionRefused } from '../lib/api-client.ts';
import { renewLogin } from '../lib/auth/api/login.ts';
import { useAuth } from '../lib/auth/auth-context.tsx';
import { useCurrentUser } from '../lib/auth/current-user.tsx';
import { loginErrorMessage } from '../lib/auth/login-error.ts';
import { SESSION_MESSAGES, type LogoutReason } from '../lib/session-messages.ts';
import { settleRenewal } from '../lib/session-renewal.ts';
import { decodeToken } from '../lib/token-store.ts';
import { AppModal } from './app-modal.tsx';
import '../styles/session-dialog.scss';
import { ErrorNotice } from '#components/error-notice.tsx';

/** Shown by SessionKeeper while `reason` says why the session ended; `onDone` when it was settled. */
export function SessionDialog({ reason, onDone }: { reason: LogoutReason; onDone(): void }) {
  const user = useCurrentUser();
  const { signIn } = useAuth();
  const [password, setPassword] = useState('');
  const mutation = useMutation({ mutationFn: renewLogin });

  function submit(event?: FormEvent | KeyboardEvent) {
    event?.preventDefault();
    if (!password || mutation.isPending) return;
    mutation.mutate(
      { user_name: user.user_name, password },
      {
        onSuccess: ({ auth }) => {
          onDone();
          if (decodeToken(auth)?.user_id !== user.id) {
            // The e-mail now names another account: this page's work is not theirs.
            settleRenewal(false);
            sessionRefused();
            return;
          }
          signIn(auth);
          settleRenewal(true);
        },
      },
    );
  }

  function signOut() {
    onDone();
    settleRenewal(false);
    sessionRefused();
  }

  // After the page's own modals in the document: Carbon treats the last open modal as the topmost.
  return createPortal(
    <AppModal
      open
      className="session-dialog"
      size="sm"
      modalHeading="Sign in to continue"
      primaryButtonText={mutation.isPending ? 'Signing in…' : 'Sign In'}
      primaryButtonDisabled={mutation.isPending || password === ''}
      secondaryButtonText="Sign out"
      onRequestSubmit={() => submit()}
      onSecondarySubmit={signOut}
      // Escape keeps it open: what the page holds is only kept by signing in.
      onRequestClose={() => undefined}
      preventCloseOnClickOutside
    >
      <Form onSubmit={submit} className="session-dialog__form" aria-label="Sign in again">
        <InlineNotification
          kind="warning"
          title={SESSION_MESSAGES[reason]}
          subtitle="This page and your changes are kept: sign in and they are saved."
          lowContrast
          hideCloseButton
          role="status"
        />
        {mutation.isError && <ErrorNotice title={loginErrorMessage(mutation.error)} />}
        <TextInput id="session-email" labelText="E-mail" value={user.user_name} readOnly />
        <PasswordInput
          id="session-password"
          labelText="Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          // Enter signs in (the form has no submit button of its own: the modal's footer has it).
          onKeyDown={(e) => {
            if (e.key === 'Enter') submit(e);
          }}
          data-modal-primary-focus
        />
      </Form>
    </AppModal>,
    document.body,
  );
}
