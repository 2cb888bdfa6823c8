/** What the invite-file calls share: the file's bytes as they are (the server reads its encoding). */
import { INVITE_FILE_MEDIA_TYPE, type InviteFileReport } from '@airman/contracts/invite-file.ts';
import { api } from '#lib/api-client.ts';

/** Applying a file of 5,000 invitees takes seconds: longer than the client's usual time-out. */
const FILE_TIMEOUT_MS = 60_000;

export function sendInviteFile(path: string, file: Blob): Promise<InviteFileReport> {
  return api
    .post(path, { body: file, headers: { 'content-type': INVITE_FILE_MEDIA_TYPE }, timeout: FILE_TIMEOUT_MS })
    .json<InviteFileReport>();
}
