import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useFocusOnArrival, useUsersPaging } from './use-users-paging.ts';

/** The paging of a list filtered by `filtered`, whose answer `shown` has `arrived` or not. */
function usePagedList({ filtered, arrived, shown }: { filtered: string; arrived: boolean; shown: unknown }) {
  const paging = useUsersPaging(filtered);
  useFocusOnArrival(paging, arrived, shown);
  return paging;
}

describe('useUsersPaging', () => {
  it('keeps each page’s cursor, goes back by number, and starts again from page 1 on new filters', () => {
    const { result, rerender } = renderHook(usePagedList, {
      initialProps: { filtered: '', arrived: true, shown: 1 },
    });
    expect(result.current.cursor).toBeUndefined();
    act(() => result.current.goNext('c2'));
    act(() => result.current.goNext('c3'));
    expect(result.current).toMatchObject({ page: 2, cursor: 'c3', cursors: [undefined, 'c2', 'c3'] });
    act(() => result.current.goTo(1));
    expect(result.current).toMatchObject({ page: 1, cursor: 'c2' });
    // Next from page 2 forgets the pages that came after it: they belonged to another walk.
    act(() => result.current.goNext('c3b'));
    expect(result.current.cursors).toEqual([undefined, 'c2', 'c3b']);

    rerender({ filtered: 'unit=655+ISRW', arrived: true, shown: 2 });
    expect(result.current).toMatchObject({ page: 0, cursor: undefined, cursors: [undefined] });
  });

  it('focuses the results once a page turned to has arrived, and not on any other answer', () => {
    const results = document.createElement('div');
    results.tabIndex = -1;
    results.scrollIntoView = () => {};
    document.body.append(results);
    const { result, rerender } = renderHook(usePagedList, {
      initialProps: { filtered: '', arrived: true, shown: 1 },
    });
    result.current.results.current = results;
    // A new answer with no turn of page (a refresh) leaves focus where it is.
    rerender({ filtered: '', arrived: true, shown: 2 });
    expect(document.activeElement).toBe(document.body);

    act(() => result.current.goNext('c2'));
    // The previous page, held while the next one loads, is not the arrival.
    rerender({ filtered: '', arrived: false, shown: 2 });
    expect(document.activeElement).toBe(document.body);
    rerender({ filtered: '', arrived: true, shown: 3 });
    expect(document.activeElement).toBe(results);

    results.blur();
    rerender({ filtered: '', arrived: true, shown: 4 });
    expect(document.activeElement).toBe(document.body);
    results.remove();
  });
});
