/** PUT modules/questionnaire: the questionnaire as its JSON editor gives it (the server checks it). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '#lib/api-client.ts';
import type { MutationConfig } from '#lib/react-query.ts';
import { questionnaireQueryOptions } from './get-questionnaire.ts';

export function updateQuestionnaire(questionnaire: unknown): Promise<unknown> {
  return sendJson<unknown>('put', 'modules/questionnaire', questionnaire);
}

export function useUpdateQuestionnaire(config: MutationConfig<typeof updateQuestionnaire> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateQuestionnaire,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: questionnaireQueryOptions().queryKey });
      return config.onSuccess?.(...args);
    },
  });
}
