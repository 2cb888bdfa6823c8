/** Bulk actions on selected users and the invite from a file (docs/api.md). */
import type { BulkUsersRequest, BulkUsersResponse } from '@airman/contracts/bulk-users.ts';
import { INVITE_FILE_MEDIA_TYPE, type InviteFileReport } from '@airman/contracts/invite-file.ts';
import { api, sendJson } from '../../../lib/api-client.ts';

/** Applying a file of 5,000 invitees takes seconds: longer than the client's usual time-out. */
const FILE_TIMEOUT_MS = 60_000;

export function bulkUsers(body: BulkUsersRequest): Promise<BulkUsersResponse> {
  return sendJson<BulkUsersResponse>('post', 'admin/users/bulk', body);
}

/** The file's bytes as they are: the server reads its encoding and says what is wrong with it. */
function sendFile(path: string, file: Blob): Promise<InviteFileReport> {
  return api
    .post(path, { body: file, headers: { 'content-type': INVITE_FILE_MEDIA_TYPE }, timeout: FILE_TIMEOUT_MS })
    .json<InviteFileReport>();
}

export function checkInviteFile(file: Blob): Promise<InviteFileReport> {
  return sendFile('admin/invite/file/check', file);
}

export function applyInviteFile(file: Blob): Promise<InviteFileReport> {
  return sendFile('admin/invite/file', file);
}
