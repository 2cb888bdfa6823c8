/**
 * In the user modal: an account's failed sign-ins of the last hour and, when
 * they lock it for new devices and addresses, until when; an administrator
 * clears them. When the owner was e-mailed a link that signs in a new device
 * (the right password from a device the lock held back), when, and whether it
 * was used. Shows nothing for an account without either.
 */
import { useRef, useState } from 'react';
import { Button, InlineNotification } from '@carbon/react';
import { useQueryClient } from '@tanstack/react-query';
import { clearSignInFailures, signInStatusQueryOptions, useSignInStatus } from '../api/sign-in-status.ts';

const time = (ms: number) => new Date(ms).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });

export function SignInLock({ userId }: { userId: string }) {
  const status = useSignInStatus(userId);
  const queryClient = useQueryClient();
  const [clearing, setClearing] = useState(false);
  const [result, setResult] = useState<string | undefined>();
  const resultRef = useRef<HTMLParagraphElement>(null);

  async function clear() {
    setClearing(true);
    try {
      queryClient.setQueryData(signInStatusQueryOptions(userId).queryKey, await clearSignInFailures(userId));
      setResult('Failed sign-ins cleared. This account can sign in from anywhere again.');
    } catch {
      setResult('Error clearing failed sign-ins.');
    } finally {
      setClearing(false);
      // The button is gone: focus goes to what replaced it, never to the page.
      requestAnimationFrame(() => resultRef.current?.focus());
    }
  }

  const data = status.data;
  return (
    <div className="sign-in-lock">
      {data && data.trust_link_sent_at > 0 && (
        <InlineNotification
          kind="info"
          lowContrast
          hideCloseButton
          title="Sign-in link for a new device sent"
          subtitle={
            `At ${time(data.trust_link_sent_at)}, the right password came from a device this lock held back, ` +
            'and this user was e-mailed a link that signs in on it. ' +
            (data.trust_link_used_at > 0 ? `It was used at ${time(data.trust_link_used_at)}.` : 'It has not been used.')
          }
        />
      )}
      {data && data.failures > 0 && (
        <>
          <InlineNotification
            kind={data.locked_until > 0 ? 'warning' : 'info'}
            lowContrast
            hideCloseButton
            title={data.locked_until > 0 ? 'Sign-in locked for new devices' : 'Failed sign-ins'}
            subtitle={
              `${data.failures} failed sign-in${data.failures === 1 ? '' : 's'} in the last hour.` +
              (data.locked_until > 0
                ? ` Addresses and devices this user has not signed in from are refused until ${time(data.locked_until)}.`
                : '')
            }
          />
          <Button kind="tertiary" size="sm" disabled={clearing} onClick={() => void clear()}>
            Clear failed sign-ins
          </Button>
        </>
      )}
      <p ref={resultRef} tabIndex={-1} role="status" className="sign-in-lock__result">
        {result}
      </p>
    </div>
  );
}
