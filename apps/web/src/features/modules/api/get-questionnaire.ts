import { skipToken, useQuery } from '@tanstack/react-query';
import { getQuestionnaire } from './module-calls.ts';

/** GET modules/questionnaire while its editor is open, read on every opening (as a module is). */
export function useQuestionnaire(open: boolean) {
  return useQuery({
    queryKey: ['questionnaire'],
    queryFn: open ? getQuestionnaire : skipToken,
    staleTime: 0,
    gcTime: 0,
  });
}
