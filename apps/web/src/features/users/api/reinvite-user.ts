/** POST admin/users/{id}/reinvite: a pending invitee's invite e-mail, sent again with a new link. */
import { sendJson } from '#lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '#lib/react-query.ts';
import { userPath } from './get-user.ts';
import { useRefreshUsers } from './get-users.ts';

export function reinviteUser({ id }: { id: string }): Promise<unknown> {
  return sendJson<unknown>('post', `${userPath(id)}/reinvite`);
}

/** Sent or not, the list is read again (the row's last invite, or the server's retry). */
export function useReinviteUser(config: MutationConfig<typeof reinviteUser> = {}) {
  return useEndpointMutation(reinviteUser, config, { onSettled: useRefreshUsers() });
}
