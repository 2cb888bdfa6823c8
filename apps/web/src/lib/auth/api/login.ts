import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, LoginRequest, TrustDeviceRequest } from '@airman/contracts/api.ts';
import { ANONYMOUS, api } from '#lib/api-client.ts';
import { clearToken } from '#lib/token-store.ts';

/** POST login → {auth}. Signing in replaces any session, so a stale token is dropped first. */
export function login(body: LoginRequest): Promise<AuthResponse> {
  clearToken();
  return api.post('login', { ...ANONYMOUS, json: body, retry: 0 }).json<AuthResponse>();
}

/**
 * POST login for the account whose session ended on an open page: the stored token
 * stays until the new one replaces it, so calls made meanwhile still wait for it.
 */
export function renewLogin(body: LoginRequest): Promise<AuthResponse> {
  return api.post('login', { ...ANONYMOUS, json: body, retry: 0 }).json<AuthResponse>();
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

/** POST login/trust with the token of an e-mailed new-device link → {auth}; this browser becomes a known device. */
export function trustDevice(body: TrustDeviceRequest): Promise<AuthResponse> {
  clearToken();
  return api.post('login/trust', { ...ANONYMOUS, json: body, retry: 0 }).json<AuthResponse>();
}

export function useTrustDevice() {
  return useMutation({ mutationFn: trustDevice });
}
