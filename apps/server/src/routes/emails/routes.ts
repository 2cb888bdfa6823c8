/** GET/POST self/email-settings. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emailSettingsSchema } from '@airman/contracts/emails.ts';
import type { Db } from '../../db/database.ts';
import { emailSettings, saveEmailSettings } from '../../mail/email-history.ts';
import { caller } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/schemas.ts';

export function emailRoutes(server: FastifyInstance, db: Db): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const settings = { 200: emailSettingsSchema, ...errorResponses };
  app.get('/api/self/email-settings', { config: { access: 'admin' }, schema: { response: settings } }, async (request) =>
    emailSettings(db, caller(request).row.id),
  );

  app.post('/api/self/email-settings', { config: { access: 'admin' }, schema: { body: emailSettingsSchema, response: settings } }, async (request) =>
    saveEmailSettings(db, caller(request).row.id, request.body),
  );
}
