/** POST password/forgot: always the same answer, whether or not the address has an account. */
import { useMutation } from '@tanstack/react-query';
import { ANONYMOUS, api } from '#lib/api-client.ts';
import type { MutationConfig } from '#lib/react-query.ts';

export function forgotPassword({ user_name }: { user_name: string }): Promise<{ message: string }> {
  return api.post('password/forgot', { ...ANONYMOUS, json: { user_name }, retry: 0 }).json<{ message: string }>();
}

export function useForgotPassword(config: MutationConfig<typeof forgotPassword> = {}) {
  return useMutation({ ...config, mutationFn: forgotPassword });
}
