/** PUT modules/questionnaire: the questionnaire as its JSON editor gives it (the server checks it). */
import { useQueryClient } from '@tanstack/react-query';
import { sendJson } from '#lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '#lib/react-query.ts';
import { questionnaireQueryOptions } from './get-questionnaire.ts';

export function updateQuestionnaire(questionnaire: unknown): Promise<unknown> {
  return sendJson<unknown>('put', 'modules/questionnaire', questionnaire);
}

export function useUpdateQuestionnaire(config: MutationConfig<typeof updateQuestionnaire> = {}) {
  const queryClient = useQueryClient();
  return useEndpointMutation(updateQuestionnaire, config, {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: questionnaireQueryOptions().queryKey });
    },
  });
}
