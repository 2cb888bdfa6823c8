import { useMutation } from '@tanstack/react-query';
import { ANONYMOUS, api } from '../../../lib/api-client.ts';

/** POST password/forgot: always the same answer, whether or not the address has an account. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (user_name: string) =>
      api.post('password/forgot', { ...ANONYMOUS, json: { user_name }, retry: 0 }).json<{ message: string }>(),
  });
}

/** POST password/reset with the token of the e-mailed link. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      api.post('password/reset', { ...ANONYMOUS, json: body, retry: 0 }).json<unknown>(),
  });
}
