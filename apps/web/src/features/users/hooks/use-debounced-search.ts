/**
 * The users screen's search box: what is typed shows at once, and the search it
 * asks for follows a debounce after the last key (trimmed).
 */
import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@airman/contracts/constants.ts';

export function useDebouncedSearch() {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  /** Empties the box and the search at once (no debounce). */
  function clear() {
    setText('');
    setSearch('');
  }
  return { text, setText, search, clear };
}
