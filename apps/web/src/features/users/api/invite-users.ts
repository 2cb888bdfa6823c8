/** PUT admin/invite {emails, module?, due_at?}: invites new addresses; says what became of each. */
import type { InviteRequest, InviteResponse } from '@airman/contracts/api.ts';
import { sendJson } from '#lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '#lib/react-query.ts';
import { useRefreshUsers } from './get-users.ts';

export function inviteUsers(body: InviteRequest): Promise<InviteResponse> {
  return sendJson<InviteResponse>('put', 'admin/invite', body);
}

export function useInviteUsers(config: MutationConfig<typeof inviteUsers> = {}) {
  return useEndpointMutation(inviteUsers, config, { onSuccess: useRefreshUsers() });
}
