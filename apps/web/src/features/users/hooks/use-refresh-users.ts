import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { REFRESH_DEBOUNCE_MS } from '@airman/contracts/constants.ts';

/**
 * Refreshes the users list 500 ms after the last change (spec §9), coalescing
 * bursts of changes; the list keeps its page and search (they are in its key).
 */
export function useRefreshUsers(): () => void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void queryClient.invalidateQueries({ queryKey: ['users'] }), REFRESH_DEBOUNCE_MS);
  }, [queryClient]);
}
