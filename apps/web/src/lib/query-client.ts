import { QueryClient } from '@tanstack/react-query';

// Retries happen in the HTTP client (ky); none here, so a failing call is tried
// at most three times in all.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
