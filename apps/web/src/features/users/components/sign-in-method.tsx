/**
 * In the user modal: how the account signs in (its password, the identity
 * provider, both, or not yet), and, when it is linked to its provider
 * identity, a button that removes the link. A later provider sign-in links it
 * again by its verified e-mail.
 */
import { useRef } from 'react';
import { Button } from '@carbon/react';
import type { SignInMethod as Method } from '@airman/contracts/sign-in.ts';
import { useSignInMethod } from '../api/get-sign-in-method.ts';
import { useUnlinkProvider } from '../api/unlink-provider.ts';

const WORDS: Record<Method, string> = {
  password: 'Password',
  provider: 'Identity provider',
  both: 'Password and identity provider',
  none: 'None (no password and no identity provider)',
};

export function SignInMethod({ userId }: { userId: string }) {
  const method = useSignInMethod(userId);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const unlink = useUnlinkProvider({
    // The button is gone: focus goes to what replaced it, never to the page.
    onSettled: () => requestAnimationFrame(() => resultRef.current?.focus()),
  });
  const result = unlink.isSuccess
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
        <Button kind="tertiary" size="sm" disabled={unlink.isPending} onClick={() => unlink.mutate({ id: userId })}>
          Unlink identity provider
        </Button>
      )}
      <p ref={resultRef} tabIndex={-1} role="status">
        {result}
      </p>
    </div>
  );
}
