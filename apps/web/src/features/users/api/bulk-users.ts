/** POST admin/users/bulk: one action on many users, in one transaction (docs/api.md). */
import type { BulkUsersRequest, BulkUsersResponse } from '@airman/contracts/bulk-users.ts';
import { sendJson } from '#lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '#lib/react-query.ts';
import { useRefreshUsers } from './get-users.ts';

export function bulkUsers(body: BulkUsersRequest): Promise<BulkUsersResponse> {
  return sendJson<BulkUsersResponse>('post', 'admin/users/bulk', body);
}

export function useBulkUsers(config: MutationConfig<typeof bulkUsers> = {}) {
  return useEndpointMutation(bulkUsers, config, { onSuccess: useRefreshUsers() });
}
