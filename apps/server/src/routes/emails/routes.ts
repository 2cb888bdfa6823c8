/** GET/POST self/email-settings. */
import type { FastifyInstance } from 'fastify';
import { emailSettingsSchema, type EmailSettings } from '@airman/contracts/emails.ts';
import type { Db } from '../../db/database.ts';
import { parseInput } from '../../lib/http-error.ts';
import { emailSettings, saveEmailSettings } from '../../mail/email-history.ts';
import { caller } from '../../plugins/auth.ts';

export function emailRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/self/email-settings', { config: { access: 'admin' } }, async (request): Promise<EmailSettings> => emailSettings(db, caller(request).row.id));

  app.post('/api/self/email-settings', { config: { access: 'admin' } }, async (request): Promise<EmailSettings> => {
    const settings = parseInput(emailSettingsSchema, request.body);
    return saveEmailSettings(db, caller(request).row.id, settings);
  });
}
