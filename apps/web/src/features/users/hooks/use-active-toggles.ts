/**
 * A row's Active toggle moves at once; the page's next load says what the server
 * kept. What is shown is held for the page it was toggled on, so a refreshed page
 * drops it. A refused change moves back, with the spec's toast either way.
 */
import { useState } from 'react';
import { displayName } from '@airman/contracts/user-values.ts';
import type { User } from '@airman/contracts/user.ts';
import { useToast } from '#components/toasts.tsx';
import { useUpdateUser } from '../api/update-user.ts';

/** `page`: the loaded page the rows belong to (its identity changes with each load). */
export function useActiveToggles(page: unknown) {
  const toast = useToast();
  const updateUser = useUpdateUser();
  const [toggled, setToggled] = useState<{ page: unknown; active: ReadonlyMap<string, boolean> }>({
    page: undefined,
    active: new Map(),
  });
  const activeShown = toggled.page === page ? toggled.active : undefined;
  function show(user: User, active: boolean | undefined) {
    setToggled((t) => {
      const shown = new Map(t.page === page ? t.active : []);
      if (active === undefined) shown.delete(user.id);
      else shown.set(user.id, active);
      return { page, active: shown };
    });
  }
  async function toggleActive(user: User, active: boolean) {
    show(user, active);
    try {
      await updateUser.mutateAsync({ id: user.id, patch: { active_at: active ? Date.now() : 0 } });
      toast({ kind: 'success', title: `${displayName(user)} status has been updated` });
    } catch {
      show(user, undefined);
      toast({ kind: 'error', title: 'Error updating user status' });
    }
  }
  return { activeShown, toggleActive };
}
