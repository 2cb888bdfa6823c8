/** GET admin/users/{id}/emails: the e-mails sent to a user, newest first. */
import { useQuery } from '@tanstack/react-query';
import type { UserEmailsResponse } from '@airman/contracts/emails.ts';
import { getJson } from '../../../lib/api-client.ts';

export function useUserEmails(id: string) {
  return useQuery({
    queryKey: ['user-emails', id],
    queryFn: () => getJson<UserEmailsResponse>(`admin/users/${encodeURIComponent(id)}/emails`),
    staleTime: 0,
  });
}
