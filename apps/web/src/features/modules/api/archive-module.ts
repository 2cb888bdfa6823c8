/** DELETE modules/{id} archives the module. */
import { useQueryClient } from '@tanstack/react-query';
import { sendJson } from '#lib/api-client.ts';
import { modulesQueryOptions } from '#lib/modules.ts';
import { useEndpointMutation, type MutationConfig } from '#lib/react-query.ts';
import { modulePath } from './get-module.ts';

export function archiveModule({ id }: { id: string }): Promise<unknown> {
  return sendJson<unknown>('delete', modulePath(id));
}

/** The module list is read again before the mutation resolves: focus can go to the row's new button. */
export function useArchiveModule(config: MutationConfig<typeof archiveModule> = {}) {
  const queryClient = useQueryClient();
  return useEndpointMutation(archiveModule, config, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modulesQueryOptions().queryKey }),
  });
}
