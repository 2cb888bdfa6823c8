/**
 * In the user modal: how the account signs in (its password, the identity
 * provider, both, or not yet), and, when it is linked to its provider
 * identity, a button that removes the link, once confirmed in a modal over
 * this one. A later provider sign-in links it again by its verified e-mail.
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from '@carbon/react';
import type { SignInMethod as Method } from '@airman/contracts/sign-in.ts';
import { AppModal } from '#components/app-modal.tsx';
import { useSignInMethod } from '../api/get-sign-in-method.ts';
import { useUnlinkProvider } from '../api/unlink-provider.ts';

const WORDS: Record<Method, string> = {
  password: 'Password',
  provider: 'Identity provider',
  both: 'Password and identity provider',
  none: 'None (no password and no identity provider)',
};

export function SignInMethod({ userId, userName }: { userId: string; userName: string }) {
  const method = useSignInMethod(userId);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const focusResult = () => requestAnimationFrame(() => resultRef.current?.focus());
  const unlink = useUnlinkProvider({
    // The button is gone: focus goes to what replaced it, never to the page.
    onSettled: focusResult,
  });
  const [confirming, setConfirming] = useState(false);
  // Confirmed: once the confirmation is gone, focus waits on the result, which says what happens.
  const [resultFocus, setResultFocus] = useState(0);
  useEffect(() => {
    if (resultFocus > 0) resultRef.current?.focus();
  }, [resultFocus]);
  const result = unlink.isPending
    ? 'Unlinking the identity provider…'
    : unlink.isSuccess
      ? 'Identity provider unlinked.'
      : unlink.isError
        ? 'Error unlinking the identity provider.'
        : undefined;

  const data = method.data;
  return (
    <div className="sign-in-method">
      {data && (
        <p>
          <strong>Signs in with:</strong> <span data-testid="sign-in-method">{WORDS[data.method]}</span>
        </p>
      )}
      {data?.linked_at && (
        <Button kind="tertiary" size="sm" disabled={unlink.isPending} onClick={() => setConfirming(true)}>
          Unlink identity provider
        </Button>
      )}
      <p ref={resultRef} tabIndex={-1} role="status">
        {result}
      </p>
      {confirming && (
        <AppModal
          open
          danger
          size="xs"
          modalHeading="Unlink the identity provider?"
          primaryButtonText="Unlink"
          secondaryButtonText="Cancel"
          onRequestSubmit={() => {
            setConfirming(false);
            setResultFocus((n) => n + 1);
            unlink.mutate({ id: userId });
          }}
          onRequestClose={() => setConfirming(false)}
        >
          <p>
            The link between {userName} and their identity at the provider is removed. Their next sign-in through the
            provider links the account again by its verified e-mail (an administrator&apos;s asks for its password
            first). To keep someone out, deactivate the account instead.
          </p>
        </AppModal>
      )}
    </div>
  );
}
