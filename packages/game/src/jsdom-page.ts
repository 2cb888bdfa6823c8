/**
 * What the view's tests need of a page that jsdom does not give: CSS.escape for its key lookups,
 * and matchMedia answered as for a user who asked for less motion. Call it before each test.
 */
export function stubPage(): void {
  // The view's keys are looked up in quotes, where only these need escaping.
  if (typeof CSS === 'undefined' || typeof CSS.escape !== 'function')
    Object.defineProperty(globalThis, 'CSS', {
      value: { escape: (v: string) => v.replace(/["\\]/g, '\\$&') },
      configurable: true,
    });
  window.matchMedia = (query: string) =>
    ({
      matches: query.includes('reduce'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }) as unknown as MediaQueryList;
}
