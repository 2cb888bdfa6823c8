/**
 * In the user modal: how the account signs in (its password, the identity
 * provider, both, or not yet), and, when it is linked to its provider
 * identity, a button that removes the link. A later provider sign-in links it
 * again by its verified e-mail.
 */
import { useRef, useState } from 'react';
import { Button } from '@carbon/react';
import { useQueryClient } from '@tanstack/react-query';
import type { SignInMethod as Method } from '@airman/contracts/sign-in.ts';
import { signInMethodQueryOptions, unlinkProvider, useSignInMethod } from '../api/sign-in-method.ts';

const WORDS: Record<Method, string> = {
  password: 'Password',
  provider: 'Identity provider',
  both: 'Password and identity provider',
  none: 'None (no password and no identity provider)',
};

export function SignInMethod({ userId }: { userId: string }) {
  const method = useSignInMethod(userId);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | undefined>();
  const resultRef = useRef<HTMLParagraphElement>(null);

  async function unlink() {
    setBusy(true);
    try {
      queryClient.setQueryData(signInMethodQueryOptions(userId).queryKey, await unlinkProvider(userId));
      setResult('Identity provider unlinked.');
    } catch {
      setResult('Error unlinking the identity provider.');
    } finally {
      setBusy(false);
      // The button is gone: focus goes to what replaced it, never to the page.
      requestAnimationFrame(() => resultRef.current?.focus());
    }
  }

  const data = method.data;
  return (
    <div className="sign-in-method">
      {data && (
        <p>
          <strong>Signs in with:</strong> <span data-testid="sign-in-method">{WORDS[data.method]}</span>
        </p>
      )}
      {data?.linked_at && (
        <Button kind="tertiary" size="sm" disabled={busy} onClick={() => void unlink()}>
          Unlink identity provider
        </Button>
      )}
      <p ref={resultRef} tabIndex={-1} role="status">
        {result}
      </p>
    </div>
  );
}
