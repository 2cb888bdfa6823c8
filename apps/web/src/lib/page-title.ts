/**
 * The document's title (WCAG 2.4.2): the page's name, then the product's. It
 * changes the one <title> of index.html, which the server sends, so a page
 * always has exactly one title, before the script runs too.
 */
import { useEffect } from 'react';

export const PRODUCT_NAME = 'Ready Airman Training';

/** 'Sign In' → 'Sign In – Ready Airman Training'. */
export function pageTitle(name: string): string {
  return `${name} – ${PRODUCT_NAME}`;
}

/** Names the document after the page while the page is shown; the product's name alone once it is gone. */
export function usePageTitle(name: string): void {
  useEffect(() => {
    document.title = pageTitle(name);
    return () => {
      document.title = PRODUCT_NAME;
    };
  }, [name]);
}
