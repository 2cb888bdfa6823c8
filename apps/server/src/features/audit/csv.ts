/** The audit log as CSV: one line per entry, the report's escaping (features/reports/csv.ts). */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { AuditEntry } from '@airman/contracts/audit.ts';
import { csvLine } from '../reports/csv.ts';

export const AUDIT_CSV_HEADER = csvLine([
  'Time (UTC)',
  'Actor',
  'Actor ID',
  'Action',
  'Target',
  'Target ID',
  'Target name',
  'Before',
  'After',
  'Address',
  'Request ID',
]);

export function auditCsvLine(e: AuditEntry): string {
  return csvLine([
    new Date(e.at).toISOString(),
    e.actor_name,
    e.actor_id ?? '',
    e.action,
    e.target_kind,
    e.target_id,
    e.target_name,
    e.before ? JSON.stringify(e.before) : '',
    e.after ? JSON.stringify(e.after) : '',
    e.address,
    e.request_id,
  ]);
}

export async function* auditCsv(batches: AsyncIterable<AuditEntry[]>): AsyncGenerator<string> {
  yield AUDIT_CSV_HEADER;
  for await (const batch of batches) yield batch.map(auditCsvLine).join('');
}

/** Streams the entries as a CSV download named after today (UTC). */
export async function sendAuditCsv(reply: FastifyReply, batches: AsyncIterable<AuditEntry[]>): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="audit-${day}.csv"`)
    .header('Cache-Control', 'no-store');
  await reply.send(Readable.from(auditCsv(batches), { objectMode: false }));
}
