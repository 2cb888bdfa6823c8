/** Module, questionnaire and report calls of spec §7. */
import type { Module } from '@airman/contracts/module.ts';
import type { Questionnaire } from '@airman/contracts/questionnaire.ts';
import { api, getJson, sendJson } from '../../../lib/api-client.ts';

const path = (id: string) => `modules/${encodeURIComponent(id)}`;

/** GET modules/{id}: the module as the server has it now. */
export function getModule(id: string): Promise<Module> {
  return getJson<Module>(path(id));
}

/** Saving with an empty id creates (POST modules); otherwise it updates (PUT modules/{id}) — spec §4. */
export function saveModule(module: Module): Promise<Module> {
  return module.id === ''
    ? sendJson<Module>('post', 'modules', module)
    : sendJson<Module>('put', path(module.id), module);
}

/** DELETE modules/{id} archives the module. */
export function archiveModule(id: string): Promise<unknown> {
  return sendJson<unknown>('delete', path(id));
}

/** POST modules/{id}/unarchive makes an archived module live again. */
export function unarchiveModule(id: string): Promise<Module> {
  return sendJson<Module>('post', `${path(id)}/unarchive`);
}

export function getQuestionnaire(): Promise<Questionnaire> {
  return getJson<Questionnaire>('modules/questionnaire');
}

export function putQuestionnaire(q: unknown): Promise<unknown> {
  return sendJson<unknown>('put', 'modules/questionnaire', q);
}

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
 * Downloads a module's report in place: a single-use, short-lived report token,
 * then the CSV through the page's own client (a refusal comes back as the
 * server's message), saved under the name the server gives. The browser's time
 * zone names the file after the admin's day. Resolves with the file's name.
 */
export async function downloadReport(moduleId: string): Promise<string> {
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
