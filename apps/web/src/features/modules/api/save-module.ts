/** Saving with an empty id creates (POST modules); otherwise it updates (PUT modules/{id}) — spec §4. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Module } from '@airman/contracts/module.ts';
import { sendJson } from '#lib/api-client.ts';
import { modulesQueryOptions } from '#lib/modules.ts';
import type { MutationConfig } from '#lib/react-query.ts';
import { modulePath } from './get-module.ts';

export function saveModule(module: Module): Promise<Module> {
  return module.id === ''
    ? sendJson<Module>('post', 'modules', module)
    : sendJson<Module>('put', modulePath(module.id), module);
}

/** The module list is read again (before the mutation resolves). */
export function useSaveModule(config: MutationConfig<typeof saveModule> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: saveModule,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: modulesQueryOptions().queryKey });
      return config.onSuccess?.(...args);
    },
  });
}
