/**
 * Keyset pages of the users list: the cursor of every page seen so far, the
 * page shown, back to the first page whenever the filters change, and, after a
 * turn of page, the new page's top in view with focus on it.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

export interface UsersPaging {
  /** One entry per page seen: the cursor that opens it (page 1 has none). */
  cursors: (string | undefined)[];
  /** The page shown, from 0. */
  page: number;
  /** The cursor of the page shown. */
  cursor: string | undefined;
  goTo(page: number): void;
  /** To the page after the shown one, opened by `nextCursor`. */
  goNext(nextCursor: string): void;
  /** The results' box: scrolled to and focused once a page turned to has arrived. */
  results: RefObject<HTMLDivElement | null>;
  /** Whether a page was turned to since the last call (each turn is told once). */
  takeTurn(): boolean;
}

/** `filtered`: the filters and order as one string (a change starts from page 1). */
export function useUsersPaging(filtered: string): UsersPaging {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [page, setPage] = useState(0);
  const [pagedFor, setPagedFor] = useState(filtered);
  if (pagedFor !== filtered) {
    setPagedFor(filtered);
    setCursors([undefined]);
    setPage(0);
  }
  // Another page starts at the table's top (Carbon's Pagination does the same): the
  // buttons are under the table, and the new rows would otherwise begin off-screen.
  const results = useRef<HTMLDivElement>(null);
  const turned = useRef(false);
  function goTo(next: number) {
    setPage(next);
    turned.current = true;
  }
  function goNext(nextCursor: string) {
    setCursors((c) => [...c.slice(0, page + 1), nextCursor]);
    goTo(page + 1);
  }
  // Stable, so the arrival's effect runs only when an answer changes.
  const takeTurn = useCallback(() => {
    const was = turned.current;
    turned.current = false;
    return was;
  }, []);
  return { cursors, page, cursor: cursors[page], goTo, goNext, results, takeTurn };
}

/**
 * Once the page turned to has arrived (`arrived`: the server's answer is shown, not the
 * previous page held as a placeholder; `shown`: that answer, so each new one counts), its
 * top comes into view and takes focus, so the keyboard goes on from its first row (and never
 * from the body, when the pressed 'Next 50' is gone on the last page).
 */
export function useFocusOnArrival(paging: UsersPaging, arrived: boolean, shown: unknown): void {
  const { takeTurn, results } = paging;
  useEffect(() => {
    if (!arrived || !takeTurn()) return;
    results.current?.scrollIntoView({ block: 'start' });
    results.current?.focus({ preventScroll: true });
  }, [takeTurn, results, arrived, shown]);
}
