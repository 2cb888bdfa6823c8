/** GET admin/users/{id}/emails: the e-mails sent to a user, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserEmailsResponse } from '@airman/contracts/emails.ts';
import { getJson } from '#lib/api-client.ts';
import { userPath } from './get-user.ts';

export function getUserEmails(id: string): Promise<UserEmailsResponse> {
  return getJson<UserEmailsResponse>(`${userPath(id)}/emails`);
}

export function userEmailsQueryOptions(id: string) {
  return queryOptions({ queryKey: ['user-emails', id], queryFn: () => getUserEmails(id), staleTime: 0 });
}

export function useUserEmails(id: string) {
  return useQuery(userEmailsQueryOptions(id));
}
