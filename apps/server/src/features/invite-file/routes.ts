/**
 * The invite from a file (docs/api.md, "Invite from a file"): the CSV is the
 * request's body (text/csv); `check` answers what applying it would do, the
 * other call does it.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  INVITE_FILE_MAX_BYTES,
  INVITE_FILE_MEDIA_TYPE,
  inviteFileBodySchema,
  inviteFileReportSchema,
} from '@airman/contracts/invite-file.ts';
import type { Config } from '#config.ts';
import type { Db } from '#db/database.ts';
import { HttpError } from '#lib/http-error.ts';
import { errorResponses } from '#plugins/schemas.ts';
import { decodeInviteFile, parseInviteFile } from './csv-file.ts';
import { applyFile, checkFile } from './repository.ts';
import type { ApiTag } from '#plugins/openapi-components.ts';
import { answerWithoutWrite, keyedTransaction } from '#plugins/idempotency.ts';

const TOO_LARGE = `The file is larger than ${INVITE_FILE_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files.`;

const tags: ApiTag[] = ['Invite file'];

export async function inviteFileRoutes(server: FastifyInstance, db: Db, config: Config): Promise<void> {
  // A context of their own: the CSV parser exists for these two routes alone, and every other
  // route answers a text/csv body 415 without reading it.
  await server.register(async (scope) => fileRoutes(scope, db, config));
}

function fileRoutes(scope: FastifyInstance, db: Db, config: Config): void {
  // The upload's bytes are decoded here, so a file that is not text is refused with its reason.
  scope.addContentTypeParser(
    INVITE_FILE_MEDIA_TYPE,
    { parseAs: 'buffer', bodyLimit: INVITE_FILE_MAX_BYTES },
    (_request, body, done) => {
      try {
        done(null, decodeInviteFile(body as Buffer));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const options = {
    config: { access: 'admin' as const },
    bodyLimit: INVITE_FILE_MAX_BYTES,
    schema: {
      consumes: [INVITE_FILE_MEDIA_TYPE],
      body: inviteFileBodySchema,
      response: { 200: inviteFileReportSchema, ...errorResponses },
    },
    // A file over the limit is told in words; every other error goes on to the application's handler.
    errorHandler: (error: FastifyError) => {
      throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? new HttpError(413, TOO_LARGE) : error;
    },
  };
  app.post(
    '/api/admin/invite/file/check',
    {
      ...options,
      config: { ...options.config, idempotency: 'replay' as const },
      schema: {
        ...options.schema,
        operationId: 'checkInviteFile',
        summary: 'Check an invite file without storing anything',
        tags,
      },
    },
    async (request) => {
      // A dry run: its answer is kept for the key, and nothing is written.
      answerWithoutWrite(request);
      const { report } = await checkFile(db, parseInviteFile(request.body));
      return { applied: false, ...report };
    },
  );
  app.post(
    '/api/admin/invite/file',
    {
      ...options,
      config: { ...options.config, idempotency: 'replay' as const },
      schema: { ...options.schema, operationId: 'inviteFromFile', summary: 'Invite the people of a CSV file', tags },
    },
    async (request) => {
      const file = parseInviteFile(request.body);
      const { report } = await keyedTransaction(request, db, (tx) => applyFile(tx, config, file));
      return { applied: true, ...report };
    },
  );
}
