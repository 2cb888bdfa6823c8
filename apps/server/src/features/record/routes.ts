/**
 * The training record (features/record/record.ts), certificates (certificates.ts, their PDF in
 * certificate-pdf.ts) and an administrator's reminder to overdue trainees (nudge.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@airman/contracts/api.ts';
import {
  certificateParamsSchema,
  certificateVerificationSchema,
  nudgeRequestSchema,
  nudgeResponseSchema,
  trainingRecordSchema,
  type TrainingRecord,
} from '@airman/contracts/record.ts';
import type { Database } from '#db/database.ts';
import { audit } from '#lib/audit.ts';
import { HttpError } from '#lib/http-error.ts';
import { assertUserInScope, outsideScope } from '#lib/scope.ts';
import { caller } from '#plugins/auth.ts';
import { errorResponses } from '#plugins/schemas.ts';
import type { ApiTag } from '#plugins/openapi-components.ts';
import { csvLine } from '../reports/csv.ts';
import { reportDisposition } from '../reports/report-columns.ts';
import { certificatePdf } from './certificate-pdf.ts';
import { trainingRecord } from './record.ts';
import { nudge } from './nudge.ts';
import { keyedTransaction } from '#plugins/idempotency.ts';

const tags: ApiTag[] = ['Training record'];

const pdf = z.string().describe('The certificate: a one-page PDF.');
const csv = z.string().describe("The trainee's record as CSV: one line per assignment, then one per run.");

interface CertificateRow {
  code: string;
  user_id: string | null;
  holder_name: string;
  module_title: string;
  completed_at: number | string;
  expires_at: number | string;
}

async function findCertificate(database: Database, code: string): Promise<CertificateRow | undefined> {
  const [row] = await database.query<CertificateRow>(
    'SELECT code, user_id, holder_name, module_title, completed_at, expires_at FROM certificates WHERE code = $1',
    [code],
  );
  return row;
}

const STATUS_WORDS: Record<TrainingRecord['assignments'][number]['status'], string> = {
  not_started: 'Not Started',
  in_progress: 'In Progress',
  complete: 'Complete',
  failed: 'Failed',
  quit: 'Quit',
  past_due: 'Past Due',
};

const RUN_WORDS = { in_progress: 'In Progress', complete: 'Complete', failed: 'Failed', quit: 'Quit' } as const;

/** A UTC day, or '' for 0 (never). */
const day = (ms: number) => (ms > 0 ? new Date(ms).toISOString().slice(0, 10) : '');

/** The record as CSV: a header and a line per assignment, then a header and a line per run. */
export function recordCsv(record: TrainingRecord): string {
  let text = csvLine([
    'Module',
    'Status',
    'Assigned',
    'Due',
    'Completed',
    'Late',
    'Best score',
    'Best stars',
    'Expires',
    'Certificate',
  ]);
  for (const a of record.assignments)
    text += csvLine([
      a.title,
      STATUS_WORDS[a.status],
      day(a.assigned_at),
      day(a.due_at),
      day(a.completed_at),
      a.completed_at > 0 ? (a.late ? 'Yes' : 'No') : '',
      a.best?.score ?? null,
      a.best?.stars ?? null,
      day(a.renews_at),
      a.certificate?.code ?? '',
    ]);
  text += '\r\n';
  text += csvLine(['Module', 'Run', 'Started', 'Finished', 'Outcome', 'Score', 'Stars']);
  for (const a of record.assignments)
    for (const r of a.runs)
      text += csvLine([a.title, r.id, day(r.started_at), day(r.finished_at), RUN_WORDS[r.status], r.score, r.stars]);
  return text;
}

/** The PDF as an attachment named `fileName` (its non-ASCII characters as '_'). */
function sendPdf(reply: FastifyReply, bytes: Buffer, fileName: string): FastifyReply {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${ascii}"`)
    .header('Cache-Control', 'no-store')
    .send(bytes);
}

export function recordRoutes(server: FastifyInstance, database: Database, publicUrl: string): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  app.get(
    '/api/self/record',
    {
      schema: {
        operationId: 'getOwnRecord',
        summary: "Get the caller's training record",
        tags,
        response: { 200: trainingRecordSchema, ...errorResponses },
      },
    },
    async (request) => {
      const record = await trainingRecord(database, caller(request).id);
      if (!record) throw new HttpError(401, 'Invalid session', 'token_invalid');
      return record;
    },
  );

  // A unit administrator's: the trainees of its units only (lib/scope.ts); anyone else's is 404.
  app.get(
    '/api/admin/users/:id/record',
    {
      config: { access: 'unit_admin' },
      schema: {
        operationId: 'getUserRecord',
        summary: "Get a user's training record",
        tags,
        params: idParamsSchema,
        response: { 200: trainingRecordSchema, ...errorResponses },
      },
    },
    async (request) => {
      await assertUserInScope(database, caller(request).scope, request.params.id);
      const record = await trainingRecord(database, request.params.id);
      if (!record) throw new HttpError(404, 'No such user');
      return record;
    },
  );

  app.get(
    '/api/admin/users/:id/record.csv',
    {
      config: { access: 'unit_admin' },
      schema: {
        operationId: 'downloadUserRecord',
        summary: "Download a user's training record as CSV",
        tags,
        params: idParamsSchema,
        response: {
          200: { description: 'The record as CSV', content: { 'text/csv': { schema: csv } } },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await assertUserInScope(database, caller(request).scope, id);
      const [user] = await database.query<{ user_name: string; first_name: string; last_name: string }>(
        'SELECT user_name, first_name, last_name FROM users WHERE id = $1',
        [id],
      );
      const record = user && (await trainingRecord(database, id));
      if (!user || !record) throw new HttpError(404, 'No such user');
      // A download changes nothing but is audited like a report's: who took whose record, when.
      await audit(db, {
        action: 'record.download',
        target: { kind: 'user', id, name: user.user_name },
        after: { user: id },
      });
      const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.user_name;
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', reportDisposition(`Training record ${name}`, Date.now()))
        .header('Cache-Control', 'no-store')
        .send(`\uFEFF${recordCsv(record)}`);
    },
  );

  app.get(
    '/api/self/certificates/:code',
    {
      schema: {
        operationId: 'downloadOwnCertificate',
        summary: "Download one of the caller's certificates as PDF",
        tags,
        params: certificateParamsSchema,
        response: {
          200: { description: 'The certificate', content: { 'application/pdf': { schema: pdf } } },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const row = await findCertificate(database, request.params.code);
      // Someone else's certificate is as unknown as a missing one.
      if (!row || row.user_id !== caller(request).id) throw new HttpError(404, 'No such certificate');
      const bytes = await certificatePdf(
        { ...row, completed_at: Number(row.completed_at), expires_at: Number(row.expires_at) },
        publicUrl,
      );
      return sendPdf(reply, bytes, `Certificate ${row.module_title}.pdf`);
    },
  );

  app.get(
    '/api/certificates/:code',
    {
      config: { access: 'public', anonymousWork: true },
      schema: {
        operationId: 'verifyCertificate',
        summary: 'Check a certificate (no sign-in)',
        tags,
        params: certificateParamsSchema,
        response: { 200: certificateVerificationSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await findCertificate(database, request.params.code);
      if (!row) throw new HttpError(404, 'No certificate has this code. Check that it was copied whole.');
      const expiresAt = Number(row.expires_at);
      const expired = expiresAt > 0 && expiresAt <= Date.now();
      reply.header('Cache-Control', 'no-store');
      return {
        valid: !expired,
        name: row.holder_name,
        module: row.module_title,
        completed_at: Number(row.completed_at),
        expires_at: expiresAt,
        ...(expired && { reason: 'expired' }),
      };
    },
  );

  app.post(
    '/api/admin/reminders/nudge',
    {
      // A retried nudge gets the first answer again: its counts carry no credential. A unit
      // administrator's names only trainees of its units: one other id refuses the whole request.
      config: { access: 'unit_admin', idempotency: 'replay' },
      schema: {
        operationId: 'nudgeOverdueTrainees',
        summary: 'E-mail a reminder to selected overdue trainees',
        tags,
        body: nudgeRequestSchema,
        response: { 200: nudgeResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const outside = await outsideScope(database, caller(request).scope, request.body.user_ids);
      if (outside.length > 0)
        throw new HttpError(
          404,
          `user_ids: no such user among the users you administer: ${[...new Set(outside)].join(', ')}`,
        );
      return keyedTransaction(request, db, (tx) => nudge(tx, publicUrl, request.body));
    },
  );
}
