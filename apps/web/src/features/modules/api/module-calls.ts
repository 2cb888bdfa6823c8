/** Module, questionnaire and report calls of spec §7. */
import type { Module } from '@airman/contracts/module.ts';
import type { Questionnaire } from '@airman/contracts/questionnaire.ts';
import { api, getJson, sendJson } from '../../../lib/api-client.ts';
import { saveDownload } from '../../../lib/download.ts';

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
  return saveDownload(response, `${moduleId}.csv`);
}
