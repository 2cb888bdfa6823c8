/**
 * POST admin/reports/token, then GET admin/users?csv=1&module&token[&tz]: a module's report,
 * downloaded in place.
 */
import { useMutation } from '@tanstack/react-query';
import { api, sendJson } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';

/** The file name a Content-Disposition header gives (its UTF-8 form first), or `fallback`. */
export function attachmentName(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed encoding: the plain name below.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * A single-use, short-lived report token, then the CSV through the page's own client (a
 * refusal comes back as the server's message), saved under the name the server gives. The
 * browser's time zone names the file after the admin's day. Resolves with the file's name.
 */
export async function downloadReport({ moduleId }: { moduleId: string }): Promise<string> {
  const { token } = await sendJson<{ token: string }>('post', 'admin/reports/token', { module: moduleId });
  const q = new URLSearchParams({ csv: '1', module: moduleId, token });
  const { timeZone } = Intl.DateTimeFormat().resolvedOptions();
  if (timeZone) q.set('tz', timeZone);
  const response = await api.get(`admin/users?${q.toString()}`);
  const name = attachmentName(response.headers.get('content-disposition'), `${moduleId}.csv`);
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return name;
}

export function useDownloadReport(config: MutationConfig<typeof downloadReport> = {}) {
  return useMutation({ ...config, mutationFn: downloadReport });
}
