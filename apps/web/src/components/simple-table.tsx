/**
 * A read-out table in Carbon's data-table style: its column headings, an optional
 * caption and its rows, in a box of its own when it may be wider than the screen.
 * Carbon's `DataTable` adds sorting, selection and expansion state these tables
 * do not use; the users list and the module editor's tables, which do, keep
 * their own markup.
 */
import type { ReactNode, Ref } from 'react';

export interface SimpleTableProps {
  /** Carbon's row height: `sm` in modals and dense lists, `md` on a page. */
  size?: 'sm' | 'md';
  /** One heading per column, in order; a heading read only by a screen reader is a node that hides itself. */
  headers: readonly ReactNode[];
  /** The table's name, when it has no caption. */
  label?: string;
  caption?: ReactNode;
  /** Shown, or read only by a screen reader. */
  captionHidden?: boolean;
  /** The caption takes focus through this (where focus goes when the control that held it is gone). */
  captionRef?: Ref<HTMLTableCaptionElement>;
  captionClassName?: string;
  className?: string;
  /**
   * The box that scrolls the table sideways on a narrow screen: `plain` for a table that
   * fits but may wrap, or a name, which makes the box a focusable region so a keyboard
   * can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable).
   */
  scroll?: 'plain' | { label: string; className?: string };
  /** The body's rows. */
  children: ReactNode;
}

export function SimpleTable({
  size = 'sm',
  headers,
  label,
  caption,
  captionHidden = false,
  captionRef,
  captionClassName,
  className,
  scroll,
  children,
}: SimpleTableProps) {
  const table = (
    <table className={`cds--data-table cds--data-table--${size}${className ? ` ${className}` : ''}`} aria-label={label}>
      {caption !== undefined && (
        <caption
          className={captionHidden ? 'visually-hidden' : captionClassName}
          ref={captionRef}
          tabIndex={captionRef ? -1 : undefined}
        >
          {caption}
        </caption>
      )}
      <thead>
        <tr>
          {headers.map((h, i) => (
            <th key={i} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
  if (!scroll) return table;
  if (scroll === 'plain') return <div className="table-scroll">{table}</div>;
  return (
    <div
      className={`table-scroll${scroll.className ? ` ${scroll.className}` : ''}`}
      tabIndex={0}
      role="region"
      aria-label={scroll.label}
    >
      {table}
    </div>
  );
}
