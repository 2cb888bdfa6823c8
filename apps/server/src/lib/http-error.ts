/** Errors a route throws to answer with a status and a message the client can show. */
import type { z } from 'zod';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Machine-readable detail for clients, e.g. why a token was refused. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** 'field: message' for the first problems of a zod error. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const where = issue.path.join('.');
      if (issue.code === 'unrecognized_keys') {
        return `${where ? where + ': ' : ''}unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
      }
      return where ? `${where}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

/** Parses input with a schema; a mismatch is a 400 naming the fields. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new HttpError(400, describeZodError(result.error));
  return result.data;
}
