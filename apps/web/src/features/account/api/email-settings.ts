import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailSettings } from '@airman/contracts/emails.ts';
import { getJson, sendJson } from '../../../lib/api-client.ts';

const KEY = ['email-settings'];

/** GET self/email-settings (administrators). */
export function useEmailSettings() {
  return useQuery({ queryKey: KEY, queryFn: () => getJson<EmailSettings>('self/email-settings') });
}

/** POST self/email-settings; the saved settings replace the cached ones. */
export function useSaveEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: EmailSettings) => sendJson<EmailSettings>('post', 'self/email-settings', settings),
    onSuccess: (saved) => queryClient.setQueryData(KEY, saved),
  });
}
