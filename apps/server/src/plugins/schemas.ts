/**
 * Routes declare their params, query, body and responses with the zod schemas
 * of packages/contracts (`schema: { params, querystring, body, response }`).
 * Fastify validates every request against them before the handler runs, and
 * serializes every object answer through them; @fastify/swagger reads the same
 * schemas into the OpenAPI document (plugins/openapi.ts).
 *
 * A request that does not match is a 400 whose message names the fields, in
 * the words of describeZodError. An answer that does not match its schema is a
 * bug: a 500, logged, and never sent half right.
 */
import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';
import { errorResponseSchema } from '@airman/contracts/api.ts';
import { describeZodError } from '@airman/contracts/zod-error.ts';

/** A request that does not match its route's schema (Fastify answers it with statusCode). */
export class InputError extends Error {
  readonly statusCode = 400;
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new InputError(describeZodError(result.error)) };
  };

/** An answer its route's response schema refuses: a bug of the server. */
export class ResponseSchemaError extends Error {
  constructor(
    readonly route: string,
    readonly issues: string,
  ) {
    super(`The answer of ${route} does not match its schema: ${issues}`);
  }
}

export const serializerCompiler: FastifySerializerCompiler<z.ZodType> =
  ({ schema, method, url }) =>
  (data) => {
    const result = z.safeEncode(schema, data);
    if (!result.success) throw new ResponseSchemaError(`${method} ${url}`, describeZodError(result.error));
    return JSON.stringify(result.data);
  };

/**
 * Every error answer: `{message}` (and `code` where a client acts on the reason,
 * such as an expired session). One entry per status class, so any 4xx or 5xx a
 * route gives is documented and serialized the same way.
 */
export const errorResponses = {
  '4xx': errorResponseSchema.describe('The request was refused; message says why, in words a client can show.'),
  '5xx': errorResponseSchema.describe('The server could not answer now; message says whether to try again.'),
} as const;

export { emptyResponseSchema } from '@airman/contracts/api.ts';

export function registerSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}
