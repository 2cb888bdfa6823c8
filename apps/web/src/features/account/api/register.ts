/** POST register/{code}: the invitee's account, from the invite. Anonymous, never retried (the code is used once). */
import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest } from '@airman/contracts/api.ts';
import { ANONYMOUS, api } from '#lib/api-client.ts';
import type { MutationConfig } from '#lib/react-query.ts';

export function register({ code, body }: { code: string; body: RegisterRequest }): Promise<unknown> {
  return api.post(`register/${encodeURIComponent(code)}`, { ...ANONYMOUS, json: body, retry: 0 }).json<unknown>();
}

export function useRegister(config: MutationConfig<typeof register> = {}) {
  return useMutation({ ...config, mutationFn: register });
}
