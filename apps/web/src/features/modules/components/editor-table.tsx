/**
 * The pieces every table of the module editor is made of (docs/decisions/013):
 * Carbon's data-table markup in its own horizontal scroller, a row's name as
 * its fields' labels give it, its id as its elements' ids start with it, a row
 * with more fields behind an expand button, and focus put back where the
 * keyboard user was after a row is added, moved or removed.
 */
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { ChevronRight } from '@carbon/icons-react';
import { neighbourKey, type EditorModel } from '../module-editor-model.ts';
import { DetailsClosed } from './field-errors-context.tsx';

/** What every table of the editor is given. */
export interface TableProps {
  model: EditorModel;
  locked: boolean;
  setModel(update: (m: EditorModel) => EditorModel): void;
  focusSoon: FocusSoon;
}

/**
 * How a row is named in the labels of its fields, e.g. 'gauge mental', so a
 * screen reader in forms mode says whose field it is; by position while the
 * name is blank.
 */
export function rowName(kind: string, name: string, index: number): string {
  return name.trim() ? `${kind} ${name}` : `${kind} in row ${index + 1}`;
}

/**
 * A field's visible label and, for screen readers only, the row it belongs to:
 * 'Inventory added (comma-separated), action Run'.
 */
export function labelOf(label: string, who: string): ReactNode {
  return (
    <>
      {label}
      <span className="visually-hidden">, {who}</span>
    </>
  );
}

/** The label of a row's own name field, by position: its value already says the name. */
export function nameLabel(kind: string, index: number): string {
  return `${kind} name, row ${index + 1}`;
}

/** Puts focus on the first of `ids` that exists and is enabled, once the next render is on screen. */
export type FocusSoon = (...ids: string[]) => void;

/**
 * After Add, Remove, Up or Down the row's elements are new, moved or gone:
 * focus goes where the caller says once the change is rendered, never to the
 * page's body.
 */
export function useFocusSoon(): FocusSoon {
  const pending = useRef<string[] | null>(null);
  useLayoutEffect(() => {
    const ids = pending.current;
    if (!ids) return;
    pending.current = null;
    for (const id of ids) {
      const element = document.getElementById(id);
      if (element && !element.matches(':disabled')) {
        element.focus();
        return;
      }
    }
  });
  return useCallback((...ids: string[]) => {
    pending.current = ids;
  }, []);
}

interface EditorTableProps {
  /** The heading (or caption) that names the table. */
  labelledBy: string;
  /** The header rows. */
  head: ReactNode;
  children: ReactNode;
  /**
   * The table may hold nothing to focus (every field disabled in a locked base
   * module, and no button): its scroller then takes focus itself, so a
   * keyboard can still scroll it.
   */
  scrollerFocusable: boolean;
  className?: string;
}

/**
 * Whether the table is wider than its box (it then scrolls sideways in it); and its header's
 * height, kept on the box as --editor-head-height, so a field Tab brings into view scrolls clear
 * of a pinned header (admin.scss).
 */
function useWideTable(box: RefObject<HTMLDivElement | null>): boolean {
  const [wide, setWide] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    const table = element?.querySelector('table');
    if (!element || !table) return undefined;
    const observer = new ResizeObserver(() => {
      setWide(table.offsetWidth > element.clientWidth + 1);
      const head = table.tHead?.getBoundingClientRect().height ?? 0;
      element.style.setProperty('--editor-head-height', `${head}px`);
    });
    observer.observe(element);
    observer.observe(table);
    return () => observer.disconnect();
  }, [box]);
  return wide;
}

/**
 * A table of the editor: Carbon's data-table classes. One that fits the dialog keeps its header
 * rows in view under the pinned Check as its rows scroll by; one wider than the dialog (on a
 * narrow screen) scrolls sideways inside its own box, its header with it.
 */
export function EditorTable({ labelledBy, head, children, scrollerFocusable, className }: EditorTableProps) {
  const box = useRef<HTMLDivElement>(null);
  const wide = useWideTable(box);
  return (
    <div
      ref={box}
      className={`cds--data-table-content editor-table${wide ? ' editor-table--wide' : ''}`}
      {...(scrollerFocusable ? { tabIndex: 0, role: 'region', 'aria-labelledby': labelledBy } : {})}
    >
      <table
        className={`cds--data-table cds--data-table--sm editor-table__table${className ? ` ${className}` : ''}`}
        aria-labelledby={labelledBy}
      >
        <thead>{head}</thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A column header; `hidden` keeps it for screen readers only (the expand and row-control columns). */
export function Header({
  children,
  hidden = false,
  className,
  colSpan,
  rowSpan,
}: {
  children: ReactNode;
  hidden?: boolean;
  className?: string;
  colSpan?: number;
  rowSpan?: number;
}) {
  return (
    <th scope={colSpan ? 'colgroup' : 'col'} className={className} colSpan={colSpan} rowSpan={rowSpan}>
      {hidden ? (
        <span className="visually-hidden">{children}</span>
      ) : (
        <div className="cds--table-header-label">{children}</div>
      )}
    </th>
  );
}

/** A table's row: its key, kept through moves, and its id, which the ids of its elements start with. */
export interface TableRow {
  key: number;
  id: string;
}

/** A table's rows as ids name them, and where focus goes after a row is removed. */
export interface TableRows {
  /** Row `index`; a key by position while the model has none for it. */
  row(index: number): TableRow;
  /** The id of row `key`'s first field. */
  firstField(key: number): string;
  /** Where focus goes after row `index` is removed: the next row's first field, else the one before's, else Add. */
  afterRemove(index: number): string[];
}

/**
 * A table's rows: a row's id is `{prefix}-{key}` ('action-12'), its first
 * field `{prefix}-{key}-{first}`; `addId` is the table's Add button.
 */
export function tableRows(prefix: string, keys: readonly number[], addId: string, first = 'name'): TableRows {
  const firstField = (key: number) => `${prefix}-${key}-${first}`;
  return {
    row(index) {
      const key = keys[index] ?? -index - 1;
      return { key, id: `${prefix}-${key}` };
    },
    firstField,
    afterRemove(index) {
      const next = neighbourKey(keys, index);
      return [next === null ? addId : firstField(next), addId];
    },
  };
}

/** A row with details, shown or not. */
export interface ExpandedRow extends TableRow {
  open: boolean;
  toggle(): void;
}

/** Which rows of a table show their details: each row on its own, by its key, while the dialog is open. */
export function useExpandedRows(rows: TableRows) {
  const [shown, setShown] = useState<ReadonlySet<number>>(() => new Set());
  return {
    row(index: number): ExpandedRow {
      const row = rows.row(index);
      return { ...row, open: shown.has(row.key), toggle: () => setShown((s) => toggled(s, row.key)) };
    },
    /** Shows row `key`'s details from the start. */
    open: (key: number) => setShown((s) => new Set(s).add(key)),
  };
}

export type ExpandedRows = ReturnType<typeof useExpandedRows>;

function toggled(set: ReadonlySet<number>, key: number): ReadonlySet<number> {
  const next = new Set(set);
  if (!next.delete(key)) next.add(key);
  return next;
}

/**
 * A row with more fields than its cells hold (Carbon's expandable row): an
 * expand button in its first cell, then its cells; while open, its details in
 * a row right under it.
 */
export function ExpandableRow({
  row: { id, open, toggle },
  who,
  columns,
  details,
  children,
}: {
  /** The button is `{id}-expand`, the details row `{id}-details`. */
  row: ExpandedRow;
  /** The row's name, e.g. 'action Run': the button says 'Details of action Run'. */
  who: string;
  /** The table's columns: the details row's one cell spans them. */
  columns: number;
  details: ReactNode;
  /** The row's cells after the expand button. */
  children: ReactNode;
}) {
  return (
    <>
      <tr className={open ? 'editor-table__row--open' : undefined}>
        <ExpandCell
          id={`${id}-expand`}
          expanded={open}
          label={`Details of ${who}`}
          controls={`${id}-details`}
          onToggle={toggle}
        />
        <DetailsClosed closed={!open}>{children}</DetailsClosed>
      </tr>
      {open && (
        <DetailsRow id={`${id}-details`} columns={columns}>
          {details}
        </DetailsRow>
      )}
    </>
  );
}

/** The button that shows or hides a row's further fields. */
function ExpandCell({
  id,
  expanded,
  label,
  controls,
  onToggle,
}: {
  id: string;
  expanded: boolean;
  label: string;
  /** The id of the row it shows. */
  controls: string;
  onToggle(): void;
}) {
  return (
    <td className="editor-table__expand">
      <button
        type="button"
        id={id}
        className="editor-table__expand-button"
        aria-label={label}
        aria-expanded={expanded}
        // Only while that row is there: an id that points at nothing is an error.
        aria-controls={expanded ? controls : undefined}
        onClick={onToggle}
      >
        <ChevronRight aria-hidden="true" className="editor-table__chevron" />
      </button>
    </td>
  );
}

/** The row an expand button shows: one cell across the table. */
function DetailsRow({ id, columns, children }: { id: string; columns: number; children: ReactNode }) {
  return (
    <tr id={id} className="editor-table__details">
      <td colSpan={columns}>
        <div className="editor-table__details-inner">{children}</div>
      </td>
    </tr>
  );
}
