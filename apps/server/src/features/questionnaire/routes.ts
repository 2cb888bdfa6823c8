/** GET, PUT modules/questionnaire (spec §7): the 'Comprehensive Airman Fitness' questionnaire of ready_airman_training. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { READY_AIRMAN_MODULE_ID } from '@airman/contracts/constants.ts';
import { questionnaireSchema } from '@airman/contracts/questionnaire.ts';
import type { Db } from '#db/database.ts';
import { keyedTransaction } from '#plugins/idempotency.ts';
import { HttpError } from '#lib/http-error.ts';
import { errorResponses } from '#plugins/schemas.ts';
import { readQuestionnaire, saveQuestionnaire } from './repository.ts';
import { saveVersioned } from '../modules/versions.ts';
import { audit } from '#lib/audit.ts';
import { questionnaireSaved } from '../audit/entries.ts';
import type { ApiTag } from '#plugins/openapi-components.ts';

const response = { 200: questionnaireSchema, ...errorResponses };

const tags: ApiTag[] = ['Questionnaire'];

export function questionnaireRoutes(server: FastifyInstance, db: Db): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  // A static path: Fastify's router prefers it to modules/:id whatever the registration order.
  // Any signed-in user may read it: the game asks it before day 1 and after the last day.
  app.get(
    '/api/modules/questionnaire',
    { schema: { operationId: 'getQuestionnaire', summary: 'Get the questionnaire', tags, response } },
    async () => {
      const content = await readQuestionnaire(db, READY_AIRMAN_MODULE_ID);
      if (!content) throw new HttpError(404, 'No questionnaire');
      return content;
    },
  );

  app.put(
    '/api/modules/questionnaire',
    {
      config: { access: 'admin', idempotency: 'replay' },
      schema: {
        operationId: 'updateQuestionnaire',
        summary: 'Save the questionnaire',
        tags,
        body: questionnaireSchema,
        response,
      },
    },
    async (request) => {
      const q = request.body;
      const now = Date.now();
      await keyedTransaction(request, db, async (tx) => {
        // Before and after as read under the module's lock: a save racing this one is either before or after.
        const saved = await saveVersioned(tx, READY_AIRMAN_MODULE_ID, () =>
          saveQuestionnaire(tx, READY_AIRMAN_MODULE_ID, q, now),
        );
        await audit(tx, questionnaireSaved(READY_AIRMAN_MODULE_ID, saved));
      });
      return q;
    },
  );
}
