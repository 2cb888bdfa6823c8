import { api } from '#lib/api-client.ts';

/** POST logout: revokes the account's tokens on the server. Best effort; never retried, never signed in again for. */
export async function logoutOnServer(): Promise<void> {
  try {
    await api.post('logout', { retry: 0, timeout: 3000, context: { renew: false } });
  } catch {
    // Already invalid, or offline: the token is dropped locally either way.
  }
}
