/**
 * The e2e admin's tokens as the server signs them, issued at a chosen time: a session about to
 * end, or already ended, without waiting hours for one.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TokenService } from '../apps/server/src/auth/tokens.ts';
import { TOKEN_STORAGE_KEY } from '../apps/web/src/lib/token-store.ts';
import { apiLogin } from './api.ts';
import { ourServer } from './server.ts';

export interface Claims {
  user_id: string;
  user_role: 'admin';
  tv: number;
  iat: number;
  exp: number;
}

export function claimsOf(token: string): Claims {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Claims;
}

/** A real token of the e2e admin, signed with the server's own secret, issued at `issuedAt` (8 hours' life). */
export async function adminTokenIssuedAt(baseUrl: string, issuedAt: number): Promise<string> {
  const { user_id, user_role, tv } = claimsOf(await apiLogin(baseUrl));
  const secret = fs.readFileSync(path.join(path.dirname(ourServer().mailDir), 'jwt-secret'), 'utf8').trim();
  return new TokenService(secret).sign({ user_id, user_role, tv }, issuedAt);
}

/** A page of its own (a fresh context) whose stored token is `token`. */
export async function pageWithToken(
  browser: Browser,
  baseUrl: string,
  token: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    storageState: {
      cookies: [],
      origins: [{ origin: baseUrl, localStorage: [{ name: TOKEN_STORAGE_KEY, value: token }] }],
    },
  });
  return { context, page: await context.newPage() };
}
