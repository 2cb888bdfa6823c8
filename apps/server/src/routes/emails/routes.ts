/** GET admin/users/{id}/emails (a user's e-mail history) and GET/POST self/email-settings. */
import type { FastifyInstance } from 'fastify';
import { emailSettingsSchema, userIdParamsSchema, type EmailSettings, type UserEmailsResponse } from '@airman/contracts/emails.ts';
import type { Db } from '../../db/database.ts';
import { HttpError, parseInput } from '../../lib/http-error.ts';
import { emailHistory, emailSettings, saveEmailSettings } from '../../mail/email-history.ts';
import { caller } from '../../plugins/auth.ts';

export function emailRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/admin/users/:id/emails', { config: { access: 'admin' } }, async (request): Promise<UserEmailsResponse> => {
    const { id } = parseInput(userIdParamsSchema, request.params);
    const emails = await emailHistory(db, id);
    if (!emails) throw new HttpError(404, 'No such user');
    return { emails };
  });

  app.get('/api/self/email-settings', { config: { access: 'admin' } }, async (request): Promise<EmailSettings> => emailSettings(db, caller(request).row.id));

  app.post('/api/self/email-settings', { config: { access: 'admin' } }, async (request): Promise<EmailSettings> => {
    const settings = parseInput(emailSettingsSchema, request.body);
    return saveEmailSettings(db, caller(request).row.id, settings);
  });
}
