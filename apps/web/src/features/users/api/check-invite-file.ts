/** POST admin/invite/file/check: the dry run of an invite file (what it would do, line by line); changes nothing. */
import { useMutation } from '@tanstack/react-query';
import type { InviteFileReport } from '@airman/contracts/invite-file.ts';
import type { MutationConfig } from '#lib/react-query.ts';
import { sendInviteFile } from './invite-file.ts';

export function checkInviteFile(file: Blob): Promise<InviteFileReport> {
  return sendInviteFile('admin/invite/file/check', file);
}

export function useCheckInviteFile(config: MutationConfig<typeof checkInviteFile> = {}) {
  return useMutation({ ...config, mutationFn: checkInviteFile });
}
