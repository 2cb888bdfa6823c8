/** GET, PUT modules/questionnaire (spec §7): the 'Comprehensive Airman Fitness' questionnaire of ready_airman_training. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { READY_AIRMAN_MODULE_ID } from '@airman/contracts/constants.ts';
import { questionnaireSchema } from '@airman/contracts/questionnaire.ts';
import type { Db } from '../../db/database.ts';
import { questionnaires } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { errorResponses } from '../../plugins/schemas.ts';

const response = { 200: questionnaireSchema, ...errorResponses };

export function questionnaireRoutes(server: FastifyInstance, db: Db): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  // A static path: Fastify's router prefers it to modules/:id whatever the registration order.
  // Any signed-in user may read it: the game asks it before day 1 and after the last day.
  app.get('/api/modules/questionnaire', { schema: { response } }, async () => {
    const [row] = await db.select().from(questionnaires).where(eq(questionnaires.module_id, READY_AIRMAN_MODULE_ID)).limit(1);
    if (!row) throw new HttpError(404, 'No questionnaire');
    return row.content;
  });

  app.put('/api/modules/questionnaire', { config: { access: 'admin' }, schema: { body: questionnaireSchema, response } }, async (request) => {
    const q = request.body;
    const now = Date.now();
    await db
      .insert(questionnaires)
      .values({ module_id: READY_AIRMAN_MODULE_ID, content: q, updated_at: now })
      .onConflictDoUpdate({ target: questionnaires.module_id, set: { content: q, updated_at: now } });
    return q;
  });
}
