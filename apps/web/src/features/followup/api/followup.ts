/** GET and POST followups/{id}: the signed-in trainee's follow-up questionnaire of a module. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FollowupAnswer, FollowupResponse } from '@airman/contracts/followup.ts';
import { getJson, sendJson } from '#lib/api-client.ts';

const path = (module: string) => `followups/${encodeURIComponent(module)}`;

export const followupQueryOptions = (module: string) =>
  queryOptions({ queryKey: ['followup', module], queryFn: () => getJson<FollowupResponse>(path(module)) });

export function useFollowup(module: string) {
  return useQuery(followupQueryOptions(module));
}

export function useAnswerFollowup(module: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FollowupAnswer) => sendJson<FollowupResponse>('post', path(module), body),
    onSuccess: (answered) => queryClient.setQueryData(followupQueryOptions(module).queryKey, answered),
  });
}
