/**
 * Every request's body, path parameters and query are checked once, before
 * any route reads them, for text no field may hold (contracts' text.ts): a 400
 * naming the field instead of a 500 from the database, or a module that saves
 * and then cannot be played.
 */
import type { FastifyInstance } from 'fastify';
import { FORBIDDEN_TEXT_MESSAGE, findForbiddenText } from '@airman/contracts/text.ts';
import { HttpError } from '../lib/http-error.ts';

export function registerInputTextCheck(app: FastifyInstance): void {
  // A callback, not an async function: no promise for each request, almost all of which pass.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const input of [request.params, request.query, request.body]) {
      const where = findForbiddenText(input);
      if (where !== undefined) {
        done(new HttpError(400, `${where || 'body'}: ${FORBIDDEN_TEXT_MESSAGE}`));
        return;
      }
    }
    done();
  });
}
