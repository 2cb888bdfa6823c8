/** Errors a route throws to answer with a status and a message the client can show. */
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
