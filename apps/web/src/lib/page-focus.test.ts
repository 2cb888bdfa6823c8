import { describe, expect, it } from 'vitest';
import { focusesNewPage, type FocusPlace } from './page-focus.ts';

describe('focusesNewPage', () => {
  it('moves the focus after any navigation from the header, to the page shown already too', () => {
    expect(focusesNewPage(true, 'header')).toBe(true);
    expect(focusesNewPage(false, 'header')).toBe(true);
  });

  it('moves it when a new page took the focused element away', () => {
    expect(focusesNewPage(true, 'lost')).toBe(true);
  });

  it('leaves it when only the query string changed, even if it fell to the body', () => {
    expect(focusesNewPage(false, 'lost')).toBe(false);
    expect(focusesNewPage(false, 'placed')).toBe(false);
  });

  it('leaves it on the first load, redirects included, and where the user or the page put it', () => {
    for (const place of ['unset', 'placed'] satisfies FocusPlace[]) {
      expect(focusesNewPage(true, place), place).toBe(false);
      expect(focusesNewPage(false, place), place).toBe(false);
    }
  });
});
