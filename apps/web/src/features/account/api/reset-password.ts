/** POST password/reset with the token of the e-mailed link. */
import { useMutation } from '@tanstack/react-query';
import { ANONYMOUS, api } from '#lib/api-client.ts';
import type { MutationConfig } from '#lib/react-query.ts';

export function resetPassword(body: { token: string; password: string }): Promise<unknown> {
  return api.post('password/reset', { ...ANONYMOUS, json: body, retry: 0 }).json<unknown>();
}

export function useResetPassword(config: MutationConfig<typeof resetPassword> = {}) {
  return useMutation({ ...config, mutationFn: resetPassword });
}
