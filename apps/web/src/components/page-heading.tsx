/**
 * A page's h1, which names the document too (lib/page-title.ts): the title is
 * the heading's text, so the two always agree. After a navigation the focus may
 * go to it (lib/page-focus.ts), hence tabIndex -1: focusable by script, not by Tab.
 */
import { usePageTitle } from '../lib/page-title.ts';

interface PageHeadingProps {
  children: string;
  id?: string;
  /** 'page-title' (the visible heading) unless told; 'visually-hidden' for a page whose heading is not shown. */
  className?: string;
}

export function PageHeading({ children, id, className = 'page-title' }: PageHeadingProps) {
  usePageTitle(children);
  return (
    <h1 id={id} className={className} tabIndex={-1}>
      {children}
    </h1>
  );
}
