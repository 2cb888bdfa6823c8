/**
 * The access token in local storage. The game may write a fresher token under
 * the same key (spec §7), so callers re-read it rather than keep a copy.
 */
export const TOKEN_STORAGE_KEY = 'auth';

export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function writeToken(token: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
}

export interface TokenPayload {
  user_id: string;
  user_role: string;
  /** Seconds since the epoch. */
  exp: number;
  /** When it was issued, seconds since the epoch (tokens of this server carry it). */
  iat?: number;
}

/** The claims of a JWT, read without verifying (the server verifies); null when unreadable. */
export function decodeToken(token: string): TokenPayload | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const binary = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const payload = JSON.parse(json) as Partial<TokenPayload>;
    if (
      typeof payload.user_id !== 'string' ||
      typeof payload.exp !== 'number' ||
      typeof payload.user_role !== 'string'
    ) {
      return null;
    }
    return {
      user_id: payload.user_id,
      user_role: payload.user_role,
      exp: payload.exp,
      ...(typeof payload.iat === 'number' ? { iat: payload.iat } : {}),
    };
  } catch {
    return null;
  }
}

export type TokenState = 'missing' | 'invalid' | 'expired' | 'valid';

/** What a stored token is worth now, judged from its claims alone. */
export function tokenState(token: string | null, now: number = Date.now()): TokenState {
  if (!token) return 'missing';
  const payload = decodeToken(token);
  if (!payload) return 'invalid';
  return payload.exp * 1000 <= now ? 'expired' : 'valid';
}
