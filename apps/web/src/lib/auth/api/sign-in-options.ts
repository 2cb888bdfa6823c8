import { useQuery } from '@tanstack/react-query';
import type { SignInOptions } from '@airman/contracts/sign-in.ts';
import { ANONYMOUS, getJson } from '#lib/api-client.ts';

/** GET sign-in/options: the identity provider's button, and whether passwords work for everyone. */
export function useSignInOptions() {
  return useQuery({
    queryKey: ['sign-in-options'],
    queryFn: () => getJson<SignInOptions>('sign-in/options', ANONYMOUS),
    staleTime: Infinity,
  });
}
