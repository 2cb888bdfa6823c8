import { api } from '#lib/api-client.ts';
import { saveDownload } from '#lib/download.ts';
import { auditCallSearch, type AuditFilters } from './get-audit.ts';

/**
 * GET admin/audit?…&csv=1: every entry the filters match, as CSV, saved in place under the
 * name the server gives (through the page's own client: a refusal comes back as the
 * server's message). Resolves with the file's name.
 */
export async function downloadAuditCsv(filters: AuditFilters): Promise<string> {
  const searchParams = auditCallSearch(filters);
  searchParams.set('csv', '1');
  const response = await api.get('admin/audit', { searchParams });
  return saveDownload(response, 'audit.csv');
}
