/**
 * A session that came from the identity provider. GET api/oidc/callback sends
 * the browser to /login#provider_code=…, a one-time code that signs in only
 * together with the cookie of the browser that started the sign-in (POST
 * api/oidc/session). Such a session is remembered so that signing out also
 * ends the provider's session (RP-initiated logout, GET api/oidc/logout).
 */
const PROVIDER_SESSION_KEY = 'auth_provider';

/** The code in /login#provider_code=…, taken out of the address bar; null when there is none. */
export function takeProviderCode(): string | null {
  const code = new URLSearchParams(window.location.hash.slice(1)).get('provider_code');
  if (!code) return null;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  return code;
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
