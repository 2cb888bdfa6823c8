/**
 * POST admin/reports/token, then GET admin/users?csv=1&module&token[&tz][&unit]: a module's report,
 * downloaded in place.
 */
import { useMutation } from '@tanstack/react-query';
import { browserTimeZone } from '#lib/days.ts';
import { api, sendJson } from '#lib/api-client.ts';
import { saveDownload } from '#lib/download.ts';
import type { MutationConfig } from '#lib/react-query.ts';

/**
 * A single-use, short-lived report token, then the CSV through the page's own client (a
 * refusal comes back as the server's message), saved under the name the server gives. The
 * browser's time zone names the file after the admin's day. With a unit, the users of that unit
 * and of every unit under it only. Resolves with the file's name.
 */
export async function downloadReport({ moduleId, unit }: { moduleId: string; unit?: string }): Promise<string> {
  const { token } = await sendJson<{ token: string }>('post', 'admin/reports/token', { module: moduleId });
  const q = new URLSearchParams({ csv: '1', module: moduleId, token });
  const timeZone = browserTimeZone();
  if (timeZone) q.set('tz', timeZone);
  if (unit !== undefined) q.set('unit', unit);
  const response = await api.get(`admin/users?${q.toString()}`);
  return saveDownload(response, `${moduleId}.csv`);
}

export function useDownloadReport(config: MutationConfig<typeof downloadReport> = {}) {
  return useMutation({ ...config, mutationFn: downloadReport });
}
