/** POST admin/invite/file: invites the file's new addresses. */
import type { InviteFileReport } from '@airman/contracts/invite-file.ts';
import { useEndpointMutation, type MutationConfig } from '#lib/react-query.ts';
import { useRefreshUsers } from './get-users.ts';
import { sendInviteFile } from './invite-file.ts';

export function applyInviteFile(file: Blob): Promise<InviteFileReport> {
  return sendInviteFile('admin/invite/file', file);
}

export function useApplyInviteFile(config: MutationConfig<typeof applyInviteFile> = {}) {
  return useEndpointMutation(applyInviteFile, config, { onSuccess: useRefreshUsers() });
}
