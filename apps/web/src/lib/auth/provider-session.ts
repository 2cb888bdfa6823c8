/**
 * A session that came from the identity provider (GET api/oidc/callback hands
 * the token to /login in the fragment). Remembered so that signing out also
 * ends the provider's session (RP-initiated logout, GET api/oidc/logout).
 */
const PROVIDER_SESSION_KEY = 'auth_provider';

/** The token in /login#provider_auth=…, taken out of the address bar; null when there is none. */
export function takeProviderToken(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('provider_auth');
  if (!token) return null;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  return token;
}

export function markProviderSession(): void {
  try {
    localStorage.setItem(PROVIDER_SESSION_KEY, '1');
  } catch {
    // Storage refused: signing out then ends only the product's session.
  }
}

/** Whether the session that is ending came from the provider; forgets it. */
export function endProviderSession(): boolean {
  try {
    const was = localStorage.getItem(PROVIDER_SESSION_KEY) === '1';
    localStorage.removeItem(PROVIDER_SESSION_KEY);
    return was;
  } catch {
    return false;
  }
}
