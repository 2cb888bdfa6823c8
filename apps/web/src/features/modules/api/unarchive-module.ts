/** POST modules/{id}/unarchive makes an archived module live again. */
import { useQueryClient } from '@tanstack/react-query';
import type { Module } from '@airman/contracts/module.ts';
import { sendJson } from '#lib/api-client.ts';
import { modulesQueryOptions } from '#lib/modules.ts';
import { useEndpointMutation, type MutationConfig } from '#lib/react-query.ts';
import { modulePath } from './get-module.ts';

export function unarchiveModule({ id }: { id: string }): Promise<Module> {
  return sendJson<Module>('post', `${modulePath(id)}/unarchive`);
}

/** The module list is read again before the mutation resolves: focus can go to the row's new button. */
export function useUnarchiveModule(config: MutationConfig<typeof unarchiveModule> = {}) {
  const queryClient = useQueryClient();
  return useEndpointMutation(unarchiveModule, config, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modulesQueryOptions().queryKey }),
  });
}
