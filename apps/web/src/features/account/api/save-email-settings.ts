/** POST self/email-settings; the saved settings replace the ones read. */
import { useQueryClient } from '@tanstack/react-query';
import type { EmailSettings } from '@airman/contracts/emails.ts';
import { sendJson } from '#lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '#lib/react-query.ts';
import { emailSettingsQueryOptions } from './get-email-settings.ts';

export function saveEmailSettings(settings: EmailSettings): Promise<EmailSettings> {
  return sendJson<EmailSettings>('post', 'self/email-settings', settings);
}

export function useSaveEmailSettings(config: MutationConfig<typeof saveEmailSettings> = {}) {
  const queryClient = useQueryClient();
  return useEndpointMutation(saveEmailSettings, config, {
    onSuccess: (...args) => {
      queryClient.setQueryData(emailSettingsQueryOptions().queryKey, args[0]);
    },
  });
}
