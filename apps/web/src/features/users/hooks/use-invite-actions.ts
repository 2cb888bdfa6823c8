/**
 * A pending invitee's two invite actions, with what they say in a toast: the invite sent again
 * (a new link; the old one stops working) and the current link copied. The users screen's row
 * menu and the user modal offer both.
 */
import type { User } from '@airman/contracts/user.ts';
import { useToast } from '#components/toasts.tsx';
import { ApiError } from '#lib/api-client.ts';
import { useReinviteUser } from '../api/reinvite-user.ts';

export function useInviteActions() {
  const toast = useToast();
  const reinviteUser = useReinviteUser();

  async function resend(user: User): Promise<void> {
    try {
      await reinviteUser.mutateAsync({ id: user.id });
      toast({ kind: 'success', title: `Invite resent to ${user.user_name}` });
    } catch (error) {
      // The server says whether it will retry, or why the mail server refused the address.
      toast({
        kind: 'error',
        title: 'Error resending invite email.',
        subtitle: error instanceof ApiError ? error.message : undefined,
      });
    }
  }

  async function copyLink(user: User): Promise<void> {
    const link = `${window.location.origin}/register/${user.invite_code}`;
    try {
      await navigator.clipboard.writeText(link);
      toast({ kind: 'success', title: `Invite link copied: ${link}` });
    } catch {
      toast({ kind: 'error', title: `Could not copy the link: ${link}` });
    }
  }

  return { resend, copyLink, resending: reinviteUser.isPending };
}
