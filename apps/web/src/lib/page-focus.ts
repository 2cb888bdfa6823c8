/**
 * After a navigation, the focus goes to the new page's h1 (else to main), so a
 * screen reader says which page opened, when the user came through the header
 * or the focus went with the old page. Anywhere else it stays where it is.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** Where the focus is when a navigation has rendered its page. */
export type FocusPlace =
  /** In the header (its menu, the product's name, Log Out), or it fell to the body from there. */
  | 'header'
  /** On the body, or on an element hidden or removed, having been on one of the old page's elements. */
  | 'lost'
  /** On nothing yet: the page has just loaded (and may have been redirected). */
  | 'unset'
  /** Anywhere else: where the user or the page put it. */
  | 'placed';

/**
 * Whether the focus moves to the new page's heading: after any navigation from
 * the header (its entry for the page already shown included), and after a
 * change of page that took the focused element away. Never on the first load,
 * never when only the query string changed (filters keep the URL in step with
 * what is typed), never from focus a page has placed.
 */
export function focusesNewPage(pathChanged: boolean, place: FocusPlace): boolean {
  return place === 'header' || (pathChanged && place === 'lost');
}

function visible(element: Element): boolean {
  // checkVisibility came to Safari with 17.4; the build targets Safari from 16.4.
  if ('checkVisibility' in element) return element.checkVisibility({ checkVisibilityCSS: true });
  return (element as Element).getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
}

function gone(element: Element): boolean {
  return !element.isConnected || element.closest('[inert]') !== null || !visible(element);
}

/** Where the focus is: on `active`, or, when that is the body, where it was last. */
export function focusPlace(main: HTMLElement, active: Element | null, last: Element | null): FocusPlace {
  const onBody = !active || active === document.body;
  const element = onBody ? last : active;
  if (!element) return 'unset';
  if (element.closest('header') && !main.contains(element)) return 'header';
  return gone(element) ? 'lost' : 'placed';
}

/** Marks main while it holds the focus for a heading to come: its outline is not drawn (layout.scss). */
const STAND_IN = 'data-focus-stand-in';

/**
 * Focuses the page's h1; while the page has none (its data still loading, or
 * none at all) main holds the focus instead, and hands it to the h1 if one
 * comes before the focus moves on. Returns what stops that wait.
 */
function focusPage(main: HTMLElement): (() => void) | undefined {
  const heading = main.querySelector<HTMLElement>('h1');
  heading?.focus();
  if (heading && document.activeElement === heading) return undefined;
  main.setAttribute(STAND_IN, '');
  main.focus();
  const observer = new MutationObserver(() => {
    const arrived = main.querySelector<HTMLElement>('h1');
    if (!arrived) return;
    stop();
    if (document.activeElement === main) arrived.focus();
  });
  const stop = () => {
    observer.disconnect();
    main.removeAttribute(STAND_IN);
    main.removeEventListener('blur', stop);
  };
  observer.observe(main, { childList: true, subtree: true });
  main.addEventListener('blur', stop);
  return stop;
}

/** Moves the focus after navigations (focusesNewPage) to the page inside `main`. */
export function usePageFocus(main: RefObject<HTMLElement | null>): void {
  const { pathname, key } = useLocation();
  const shown = useRef({ pathname, key });
  const last = useRef<Element | null>(null);

  useEffect(() => {
    const remember = (event: FocusEvent) => {
      if (event.target instanceof Element) last.current = event.target;
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);

  useEffect(() => {
    const before = shown.current;
    // The first render (the page as loaded), or a render of the same location.
    if (before.key === key) return undefined;
    shown.current = { pathname, key };
    const root = main.current;
    if (!root) return undefined;
    const place = focusPlace(root, document.activeElement, last.current);
    return focusesNewPage(before.pathname !== pathname, place) ? focusPage(root) : undefined;
  }, [main, pathname, key]);
}
