/** GET modules/questionnaire: the Comprehensive Airman Fitness questionnaire. */
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { Questionnaire } from '@airman/contracts/questionnaire.ts';
import { getJson } from '#lib/api-client.ts';

export function getQuestionnaire(): Promise<Questionnaire> {
  return getJson<Questionnaire>('modules/questionnaire');
}

/** Read on every opening of its editor (as a module is); `open` false reads nothing. */
export function questionnaireQueryOptions(open = true) {
  return queryOptions({
    queryKey: ['questionnaire'],
    queryFn: open ? getQuestionnaire : skipToken,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useQuestionnaire(open: boolean) {
  return useQuery(questionnaireQueryOptions(open));
}
