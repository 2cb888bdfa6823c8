/** What a refused sign-in says (spec §8), on the login page and in the session dialog. */
import { ApiError } from '../api-client.ts';

export const INVALID_CREDENTIALS_MESSAGE =
  'Invalid Credentials. Please double check your email and password and try again.';

export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return INVALID_CREDENTIALS_MESSAGE;
  // The account's lock held this device back: the server's words say to look for its e-mail.
  if (error instanceof ApiError && error.status === 429 && error.code === 'sign_in_held') return error.message;
  if (error instanceof ApiError && error.status === 429) {
    return `There was an error with your login: too many failed attempts. Please wait a few minutes and try again.`;
  }
  const detail = error instanceof Error ? error.message : String(error);
  return `There was an error with your login: ${detail}`;
}
