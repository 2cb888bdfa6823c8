/**
 * In the user modal: an account's failed sign-ins of the last hour and, when
 * they lock it for new devices and addresses, until when; an administrator
 * clears them. When the owner was e-mailed a link that signs in a new device
 * (the right password from a device the lock held back), when, and whether it
 * was used. Shows nothing for an account without either.
 */
import { useRef } from 'react';
import { Button, InlineNotification } from '@carbon/react';
import { useClearSignInFailures } from '../api/clear-sign-in-failures.ts';
import { useSignInStatus } from '../api/get-sign-in-status.ts';

const time = (ms: number) => new Date(ms).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });

export function SignInLock({ userId }: { userId: string }) {
  const status = useSignInStatus(userId);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const clearing = useClearSignInFailures({
    // The button is gone: focus goes to what replaced it, never to the page.
    onSettled: () => requestAnimationFrame(() => resultRef.current?.focus()),
  });
  const result = clearing.isSuccess
    ? 'Failed sign-ins cleared. This account can sign in from anywhere again.'
    : clearing.isError
      ? 'Error clearing failed sign-ins.'
      : undefined;

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
          <Button
            kind="tertiary"
            size="sm"
            disabled={clearing.isPending}
            onClick={() => clearing.mutate({ id: userId })}
          >
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
