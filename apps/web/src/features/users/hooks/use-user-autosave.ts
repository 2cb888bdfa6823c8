/**
 * Autosave of the user modal (spec §4: 1 s debounce) with the per-field toasts
 * of spec §8. Saves go on after the modal closes, so no edit is lost.
 */
import { useEffect, useRef, useState } from 'react';
import type { UserUpdateRequest } from '@airman/contracts/api.ts';
import { AUTOSAVE_DEBOUNCE_MS } from '@airman/contracts/constants.ts';
import { displayName } from '@airman/contracts/user-values.ts';
import type { User } from '@airman/contracts/user.ts';
import { Autosaver } from '#lib/autosaver.ts';
import { useToast, type Toast } from '#components/toasts.tsx';
import { updateUser } from '../api/update-user.ts';
import { ApiError } from '#lib/api-client.ts';

/** The server refused the value itself (bad input, conflict): retrying cannot help. */
function isRefusal(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status)
  );
}

type Field = keyof UserUpdateRequest;

function successToast(field: Field, saved: User): string {
  const name = displayName(saved);
  switch (field) {
    case 'unit':
      return 'User unit updated';
    case 'rank':
      return 'User rank updated';
    case 'role':
      return `Role ${saved.role} assigned to ${name}`;
    case 'active_at':
      return `${name} status has been updated`;
    case 'assignments':
      return 'Assignment due date updated';
    default:
      return 'User updated';
  }
}

function errorToast(field: Field): string {
  switch (field) {
    case 'unit':
      return 'Error updating unit.';
    case 'rank':
      return 'Error updating rank.';
    case 'active_at':
      return 'Error updating user status';
    default:
      return 'Error updating user.';
  }
}

function merge(older: UserUpdateRequest, newer: UserUpdateRequest): UserUpdateRequest {
  const merged = { ...older, ...newer };
  if (older.assignments && newer.assignments) {
    const byKey = new Map(older.assignments.map((a) => [a.key, a]));
    for (const a of newer.assignments) byKey.set(a.key, a);
    merged.assignments = [...byKey.values()];
  }
  return merged;
}

export function useUserAutosave(
  userId: string,
  callbacks: { onSaved(user: User, patch: UserUpdateRequest): void },
): Autosaver<UserUpdateRequest> {
  const toast = useToast();
  const latest = useRef(callbacks);
  useEffect(() => {
    latest.current = callbacks;
  });
  // The saver outlives renders (it keeps saving after the modal closes); it reads
  // `latest` only when a save completes, never during render.
  // eslint-disable-next-line react-hooks/refs
  const [saver] = useState(() => {
    const show = (t: Toast) => toast(t);
    return new Autosaver<UserUpdateRequest>({
      delay: AUTOSAVE_DEBOUNCE_MS,
      merge,
      isEmpty: (p) => Object.keys(p).length === 0,
      async save(patch) {
        const saved = await updateUser({ id: userId, patch });
        const titles = new Set((Object.keys(patch) as Field[]).map((f) => successToast(f, saved)));
        for (const title of titles) show({ kind: 'success', title });
        latest.current.onSaved(saved, patch);
      },
      onError(patch, error) {
        const titles = new Set((Object.keys(patch) as Field[]).map(errorToast));
        // The spec's text as the title; the server's reason for refusing the value under it.
        const subtitle = isRefusal(error) ? (error as Error).message : undefined;
        for (const title of titles) show({ kind: 'error', title, subtitle });
      },
      shouldRetry: (error) => !isRefusal(error),
    });
  });
  return saver;
}
