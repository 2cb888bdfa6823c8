/** Users chosen for a bulk action: kept across pages and filters until applied or cancelled. */
import { useState } from 'react';
import type { User } from '@airman/contracts/user.ts';

export function useSelection() {
  const [selected, setSelected] = useState<ReadonlyMap<string, User>>(new Map());
  function select(user: User, on: boolean) {
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(user.id, user);
      else next.delete(user.id);
      return next;
    });
  }
  /** Every user of `page` chosen, or none of them; the other pages' choices stay. */
  function selectAll(page: readonly User[], on: boolean) {
    setSelected((current) => {
      const next = new Map(current);
      for (const u of page) {
        if (on) next.set(u.id, u);
        else next.delete(u.id);
      }
      return next;
    });
  }
  return { selected, select, selectAll, clear: () => setSelected(new Map()) };
}
