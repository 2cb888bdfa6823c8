/**
 * An editor table whose rows have details (actions, events, an event's choices): its columns'
 * head and cells, each row's expand button and, while open, the row's details under it.
 */
import type { ReactNode } from 'react';
import { ColumnCells, columnCount, ColumnsHead, type Column } from './editor-columns.tsx';
import { EditorTable, ExpandableRow, type ExpandedRows } from './editor-table.tsx';

export function ExpandableTable<T>({
  labelledBy,
  className,
  columns,
  items,
  expanded,
  locked,
  who,
  details,
}: {
  labelledBy: string;
  className: string;
  columns: readonly Column<T>[];
  items: readonly T[];
  expanded: ExpandedRows;
  locked: boolean;
  /** A row's name, e.g. 'action Run': its controls' labels end with it. */
  who(item: T, index: number): string;
  /** A row's details, given the row's id (its fields' prefix) and name. */
  details(item: T, index: number, row: { id: string; who: string }): ReactNode;
}) {
  return (
    <EditorTable
      labelledBy={labelledBy}
      // Its rows' details buttons take focus, locked or not.
      scrollerFocusable={false}
      className={className}
      head={<ColumnsHead columns={columns} expandable />}
    >
      {items.map((item, index) => {
        const row = expanded.row(index);
        const name = who(item, index);
        return (
          <ExpandableRow
            key={row.key}
            row={row}
            who={name}
            columns={columnCount(columns, true)}
            details={details(item, index, { id: row.id, who: name })}
          >
            <ColumnCells columns={columns} row={{ item, index, id: row.id, who: name, disabled: locked }} />
          </ExpandableRow>
        );
      })}
    </EditorTable>
  );
}
