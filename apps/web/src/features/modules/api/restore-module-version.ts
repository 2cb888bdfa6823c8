import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Module } from '@airman/contracts/module.ts';
import { sendJson } from '#lib/api-client.ts';
import { modulesQueryOptions } from '#lib/modules.ts';
import { moduleVersionsQueryOptions } from './get-module-versions.ts';

/** POST modules/{id}/versions/{n}/restore: version n's module (and questionnaire) saved as the next version. */
export function restoreModuleVersion(id: string, n: number): Promise<Module> {
  return sendJson<Module>('post', `modules/${encodeURIComponent(id)}/versions/${n}/restore`);
}

/** Restores a version of this module; the versions list and the modules list are read again. */
export function useRestoreModuleVersion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (n: number) => restoreModuleVersion(id, n),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moduleVersionsQueryOptions(id).queryKey }),
        queryClient.invalidateQueries({ queryKey: modulesQueryOptions().queryKey }),
      ]),
  });
}
