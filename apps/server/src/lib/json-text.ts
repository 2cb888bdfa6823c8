/** JSON that the database already built (users.listing, pages of it): sent as is, never parsed and serialized again. */
import type { FastifyReply } from 'fastify';

/** A string of JSON text; T records what it encodes. */
export type JsonText<T> = string & { readonly __encodes?: T };

/** Answers with JSON text as it is (Fastify does not serialize a string sent as application/json). */
export function sendJsonText<T>(reply: FastifyReply, text: JsonText<T>): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}
