/**
 * The editor's column toolkit (docs/decisions/013): a column is described
 * once, its header and how its cell draws a row's field, and a table's header
 * rows and each of its rows' cells are drawn from its list of columns. The
 * labels come from the module's labels table (contracts module-labels.ts), the
 * cells from editor-cells.tsx, so every field keeps its id (`{row id}-{field}`),
 * its label ('{column}, {row}') and its error mark.
 */
import { Fragment, type ReactNode } from 'react';
import { ACTION_LABELS } from '@airman/contracts/module-labels.ts';
import { CheckCell, NameCell, NumberCell, TextCell } from './editor-cells.tsx';
import { Header, nameLabel, type FocusSoon, type TableRows } from './editor-table.tsx';
import { ResultCells, type ResultColumn } from './result-cells.tsx';
import { RemoveCell, RowControls } from './row-controls.tsx';

/** A row as its cells see it. */
export interface ColumnRow<T> {
  /** What the row edits: an action, a gauge, a choice… */
  item: T;
  index: number;
  /** The row's id: its fields' ids are `{id}-{field}` ('action-12-cost'). */
  id: string;
  /** The row's name in its fields' labels, e.g. 'action Run'. */
  who: string;
  disabled: boolean;
}

/** A column's header. */
export interface HeaderSpec {
  label: ReactNode;
  className?: string;
  /** For screen readers only (the expand and row-control columns). */
  hidden?: boolean;
}

/** A column of a table whose rows edit `T`s. */
export interface Column<T> {
  /** Unique in its table. */
  key: string;
  header: HeaderSpec;
  /**
   * A column per gauge under this header, each named in a second header row:
   * the results. Without a gauge the header and its cells are left out.
   */
  results?: readonly ResultColumn[];
  /** The row's cell (or, for the results, one cell per gauge). */
  cell(row: ColumnRow<T>): ReactNode;
}

/** The hidden header of the column of expand buttons (editor-table.tsx's ExpandableRow draws the buttons). */
const DETAILS: HeaderSpec = { label: 'Details', hidden: true, className: 'editor-table__expand' };

/**
 * A table's header rows: a header per column, with `expandable` the expand
 * buttons' first. With results, 'Results' spans their columns and a second row
 * names each gauge; the other headers span both rows.
 */
export function ColumnsHead<T>({
  columns,
  expandable = false,
}: {
  columns: readonly Column<T>[];
  expandable?: boolean;
}) {
  const results = columns.flatMap((c) => c.results ?? []);
  const span = results.length > 0 ? 2 : undefined;
  const header = (key: string, h: HeaderSpec) => (
    <Header key={key} rowSpan={span} className={h.className} hidden={h.hidden}>
      {h.label}
    </Header>
  );
  return (
    <>
      <tr>
        {expandable && header('details', DETAILS)}
        {columns.map((c) => {
          if (!c.results) return header(c.key, c.header);
          return (
            c.results.length > 0 && (
              <Header key={c.key} colSpan={c.results.length} className={c.header.className}>
                {c.header.label}
              </Header>
            )
          );
        })}
      </tr>
      {span && (
        <tr>
          {results.map((r) => (
            <Header key={r.key} className="editor-table__number">
              {r.label}
            </Header>
          ))}
        </tr>
      )}
    </>
  );
}

/** A row's cells, a column's after another. */
export function ColumnCells<T>({ columns, row }: { columns: readonly Column<T>[]; row: ColumnRow<T> }) {
  return columns.map((c) => <Fragment key={c.key}>{c.cell(row)}</Fragment>);
}

/** How many cells wide the table is: a details row's one cell spans them. */
export function columnCount<T>(columns: readonly Column<T>[], expandable: boolean): number {
  return columns.reduce((n, c) => n + (c.results ? c.results.length : 1), expandable ? 1 : 0);
}

/** What a column of a row's field is told. */
interface FieldSpec {
  /** The header, and what the field's label starts with: 'Token cost' gives 'Token cost, action Run'. */
  label: string;
  /** The field's id after its row's: 'cost' gives 'action-12-cost'. */
  field: string;
  /** The header's class (its width), when it has one. */
  headerClass?: string;
}

/**
 * A row's own name: the header is `label` ('Action'), the field 'Action name,
 * row 2' (its value already says the name), its id `{row id}-name`.
 */
export function nameColumn<T>(spec: {
  label: string;
  /** The field's id after its row's; 'name' unless given. */
  field?: string;
  /** The field's label when it says more than its position ('Choice, row 1 of event Storm'). */
  fieldLabel?(row: ColumnRow<T>): string;
  /** A wider column, for a table with few other fields. */
  wide?: boolean;
  value(item: T): string;
  onChange(name: string, row: ColumnRow<T>): void;
}): Column<T> {
  const field = spec.field ?? 'name';
  return {
    key: field,
    header: { label: spec.label },
    cell: (row) => (
      <NameCell
        id={`${row.id}-${field}`}
        label={spec.fieldLabel ? spec.fieldLabel(row) : nameLabel(spec.label, row.index)}
        value={spec.value(row.item)}
        disabled={row.disabled}
        wide={spec.wide}
        onChange={(name) => spec.onChange(name, row)}
      />
    ),
  };
}

/** A whole number; blank while the row has none. `onChange` is given the text as typed, to parse. */
export function numberColumn<T>(
  spec: Omit<FieldSpec, 'headerClass'> & {
    /**
     * The header's width: narrow (`editor-table__number`) unless false, where the column takes
     * its share of a table of few columns (the gauges').
     */
    narrow?: boolean;
    min?: number;
    max?: number;
    value(item: T): number | undefined;
    onChange(text: string, row: ColumnRow<T>): void;
  },
): Column<T> {
  return {
    key: spec.field,
    header: { label: spec.label, className: spec.narrow === false ? undefined : 'editor-table__number' },
    cell: (row) => (
      <NumberCell
        id={`${row.id}-${spec.field}`}
        label={spec.label}
        who={row.who}
        min={spec.min}
        max={spec.max}
        value={spec.value(row.item)}
        disabled={row.disabled}
        onChange={(text) => spec.onChange(text, row)}
      />
    ),
  };
}

/** A line of text, or with `rows` a text area; the header may say more than the field's label. */
export function textColumn<T>(
  spec: FieldSpec & {
    /** The header when it says more than the field's label: 'Contact (phone, place or web address)'. */
    header?: string;
    /** Lines of a text area; a one-line field without. */
    rows?: number;
    value(item: T): string;
    onChange(text: string, row: ColumnRow<T>): void;
  },
): Column<T> {
  return {
    key: spec.field,
    header: { label: spec.header ?? spec.label, className: spec.headerClass },
    cell: (row) => (
      <TextCell
        id={`${row.id}-${spec.field}`}
        label={spec.label}
        who={row.who}
        rows={spec.rows}
        value={spec.value(row.item)}
        disabled={row.disabled}
        onChange={(text) => spec.onChange(text, row)}
      />
    ),
  };
}

/** A flag, as a checkbox in a narrow centred column. */
export function checkColumn<T>(
  spec: Omit<FieldSpec, 'headerClass'> & {
    value(item: T): boolean;
    onChange(checked: boolean, row: ColumnRow<T>): void;
  },
): Column<T> {
  return {
    key: spec.field,
    header: { label: spec.label, className: 'editor-table__check' },
    cell: (row) => (
      <CheckCell
        id={`${row.id}-${spec.field}`}
        label={spec.label}
        who={row.who}
        checked={spec.value(row.item)}
        disabled={row.disabled}
        onChange={(checked) => spec.onChange(checked, row)}
      />
    ),
  };
}

/** How many of something the row has (an event's choices), to read, not to edit. */
export function countColumn<T>(spec: { key: string; label: string; value(item: T): number }): Column<T> {
  return {
    key: spec.key,
    header: { label: spec.label, className: 'editor-table__number' },
    cell: (row) => <td className="editor-table__number editor-table__count">{spec.value(row.item)}</td>,
  };
}

/**
 * A result column per gauge under one 'Results' header (result-cells.tsx):
 * blank means the gauge does not change.
 */
export function resultsColumn<T>(spec: {
  results: readonly ResultColumn[];
  value(item: T): Readonly<Record<string, number>>;
  onChange(results: Record<string, number>, row: ColumnRow<T>): void;
}): Column<T> {
  return {
    key: 'results',
    header: { label: ACTION_LABELS.results, className: 'editor-table__group' },
    results: spec.results,
    cell: (row) => (
      <ResultCells
        idPrefix={row.id}
        who={row.who}
        columns={spec.results}
        results={spec.value(row.item)}
        disabled={row.disabled}
        onChange={(next) => spec.onChange(next, row)}
      />
    ),
  };
}

/**
 * The last column of a table whose rows move: Up, Down and Remove
 * (row-controls.tsx), focus put back as `rows` says after a removal.
 */
export function controlsColumn<T>(spec: {
  rows: TableRows;
  count: number;
  focusSoon: FocusSoon;
  onMove(index: number, to: number): void;
  onRemove(index: number): void;
}): Column<T> {
  return {
    key: 'controls',
    header: { label: 'Move or remove', hidden: true },
    cell: (row) => (
      <RowControls
        idPrefix={row.id}
        label={row.who}
        index={row.index}
        count={spec.count}
        disabled={row.disabled}
        focusSoon={spec.focusSoon}
        afterRemove={spec.rows.afterRemove(row.index)}
        onMove={(to) => spec.onMove(row.index, to)}
        onRemove={() => spec.onRemove(row.index)}
      />
    ),
  };
}

/** The last column of a table whose rows are added and removed but not moved: a Remove button, `{row id}-remove`. */
export function removeColumn<T>(spec: {
  focusSoon: FocusSoon;
  /** Where focus goes after row `index` is removed, the first of them there and enabled. */
  afterRemove(index: number): readonly string[];
  /** False while the row must stay (an event's last choice). */
  removable?: boolean;
  onRemove(index: number): void;
}): Column<T> {
  return {
    key: 'remove',
    header: { label: 'Remove', hidden: true },
    cell: (row) => (
      <RemoveCell
        id={`${row.id}-remove`}
        label={row.who}
        disabled={row.disabled || spec.removable === false}
        focusSoon={spec.focusSoon}
        afterRemove={spec.afterRemove(row.index)}
        onRemove={() => spec.onRemove(row.index)}
      />
    ),
  };
}
