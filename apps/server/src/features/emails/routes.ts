/** GET admin/users/{id}/emails (a user's e-mail history) and GET/POST self/email-settings. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@airman/contracts/api.ts';
import { emailSettingsSchema, userEmailsResponseSchema } from '@airman/contracts/emails.ts';
import type { Db } from '#db/database.ts';
import { HttpError } from '#lib/http-error.ts';
import { emailHistory, emailSettings, saveEmailSettings } from './repository.ts';
import { caller } from '#plugins/auth.ts';
import { errorResponses } from '#plugins/schemas.ts';
import type { ApiTag } from '#plugins/openapi-components.ts';
import { keyedTransaction } from '#plugins/idempotency.ts';

const tags: ApiTag[] = ['E-mails'];

export function emailRoutes(server: FastifyInstance, db: Db): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/users/:id/emails',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listUserEmails',
        summary: 'List the e-mails sent to a user',
        tags,
        params: idParamsSchema,
        response: { 200: userEmailsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const emails = await emailHistory(db, request.params.id);
      if (!emails) throw new HttpError(404, 'No such user');
      return { emails };
    },
  );

  const settings = { 200: emailSettingsSchema, ...errorResponses };
  app.get(
    '/api/self/email-settings',
    {
      config: { access: 'admin' },
      schema: { operationId: 'getEmailSettings', summary: "Get the caller's digest setting", tags, response: settings },
    },
    async (request) => emailSettings(db, caller(request).row.id),
  );

  app.post(
    '/api/self/email-settings',
    {
      config: { access: 'admin', idempotency: 'replay' },
      schema: {
        operationId: 'updateEmailSettings',
        summary: "Change the caller's digest setting",
        tags,
        body: emailSettingsSchema,
        response: settings,
      },
    },
    async (request) =>
      keyedTransaction(request, db, (tx) => saveEmailSettings(tx, caller(request).row.id, request.body)),
  );
}
