import { useMutation } from '@tanstack/react-query';
import type { AuthResponse } from '@airman/contracts/api.ts';
import type { ProviderCodeRequest, ProviderLinkRequest, ProviderSessionResponse } from '@airman/contracts/sign-in.ts';
import { ANONYMOUS, api } from '#lib/api-client.ts';
import { clearToken } from '#lib/token-store.ts';

/**
 * POST oidc/session with the code of /login#provider_code=…: the browser's
 * hand-off cookie goes with it (same origin), and the server signs in only the
 * browser that started the sign-in → {auth}, or {password_needed} at an
 * administrator's first sign-in through the provider.
 */
export function takeProviderSignIn(body: ProviderCodeRequest): Promise<ProviderSessionResponse> {
  clearToken();
  return api.post('oidc/session', { ...ANONYMOUS, json: body, retry: 0 }).json<ProviderSessionResponse>();
}

export function useTakeProviderSignIn() {
  return useMutation({ mutationFn: takeProviderSignIn });
}

/** POST oidc/link: the password step, which links the administrator's account and signs in → {auth}. */
export function linkProvider(body: ProviderLinkRequest): Promise<AuthResponse> {
  return api.post('oidc/link', { ...ANONYMOUS, json: body, retry: 0 }).json<AuthResponse>();
}

export function useLinkProvider() {
  return useMutation({ mutationFn: linkProvider });
}
