/** GET admin/users/{id}/record: a trainee's transcript for the user modal, and its CSV. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrainingRecord } from '@airman/contracts/record.ts';
import { api, getJson } from '#lib/api-client.ts';
import { saveDownload } from '#lib/download.ts';
import { userPath } from './get-user.ts';

const recordPath = (userId: string) => `${userPath(userId)}/record`;

/** Read on every opening of the modal. */
export function useUserRecord(userId: string) {
  return useQuery(
    queryOptions({
      queryKey: ['user-record', userId],
      queryFn: () => getJson<TrainingRecord>(recordPath(userId)),
      staleTime: 0,
    }),
  );
}

/** GET admin/users/{id}/record.csv: the transcript as CSV, saved in place. Resolves with the file's name. */
export async function downloadRecordCsv(userId: string): Promise<string> {
  const response = await api.get(`${recordPath(userId)}.csv`);
  return saveDownload(response, 'record.csv');
}
