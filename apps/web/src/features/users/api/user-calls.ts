/** The user-changing calls of spec §7; each returns what the server answers. */
import type { InviteRequest, InviteResponse, UserUpdateRequest } from '@airman/contracts/api.ts';
import type { User } from '@airman/contracts/user.ts';
import { getJson, sendJson } from '../../../lib/api-client.ts';

const path = (id: string) => `admin/users/${encodeURIComponent(id)}`;

export function getUser(id: string): Promise<User> {
  return getJson<User>(path(id));
}

export function updateUser(id: string, patch: UserUpdateRequest): Promise<User> {
  return sendJson<User>('post', path(id), patch);
}

export function assignModule(id: string, module: string): Promise<User> {
  return sendJson<User>('post', `${path(id)}/assign`, { module });
}

export function unassignModule(id: string, moduleId: string): Promise<User> {
  return sendJson<User>('delete', `${path(id)}/assign/${encodeURIComponent(moduleId)}`);
}

export function reinviteUser(id: string): Promise<unknown> {
  return sendJson<unknown>('post', `${path(id)}/reinvite`);
}

export function deleteUser(id: string): Promise<unknown> {
  return sendJson<unknown>('delete', path(id));
}

export function inviteUsers(body: InviteRequest): Promise<InviteResponse> {
  return sendJson<InviteResponse>('put', 'admin/invite', body);
}
