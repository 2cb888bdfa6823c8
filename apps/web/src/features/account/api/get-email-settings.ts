/** GET self/email-settings (administrators): whether the daily digest is sent. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailSettings } from '@airman/contracts/emails.ts';
import { getJson } from '#lib/api-client.ts';

export function getEmailSettings(): Promise<EmailSettings> {
  return getJson<EmailSettings>('self/email-settings');
}

export function emailSettingsQueryOptions() {
  return queryOptions({ queryKey: ['email-settings'], queryFn: getEmailSettings });
}

export function useEmailSettings() {
  return useQuery(emailSettingsQueryOptions());
}
