/**
 * An event's resources (docs/game-rules.md): real help the player is shown
 * after answering and in the debrief, a row each with its name and how to
 * reach it, in the event's details.
 */
import { MAX_RESOURCES } from '@airman/contracts/module-values.ts';
import type { Resource } from '@airman/contracts/module.ts';
import { EVENT_LABELS, hinted, LABEL_HINTS, RESOURCE_LABELS } from '@airman/contracts/module-labels.ts';
import { newResource } from '../module-editor-model.ts';
import { ColumnCells, ColumnsHead, removeColumn, textColumn, type Column } from './editor-columns.tsx';
import { EditorTable, type FocusSoon } from './editor-table.tsx';
import { TableErrors } from './field-errors-context.tsx';
import { AddButton } from './row-controls.tsx';

export function ResourcesTable({
  id,
  who,
  resources = [],
  disabled,
  focusSoon,
  onChange,
}: {
  /** The details' id: the table's elements are `{id}-resource-{n}-…`, its Add button `{id}-add-resource`. */
  id: string;
  /** The event, e.g. 'event Bad news'. */
  who: string;
  resources: readonly Resource[] | undefined;
  disabled: boolean;
  focusSoon: FocusSoon;
  onChange(resources: Resource[]): void;
}) {
  const titleId = `${id}-resources-title`;
  const addId = `${id}-add-resource`;
  // Rows by position: a resource is added or removed, never moved.
  const field = (n: number) => `${id}-resource-${n}-name`;
  const set = (n: number, patch: Partial<Resource>) =>
    onChange(resources.map((r, i) => (i === n ? { ...r, ...patch } : r)));
  const columns: Column<Resource>[] = [
    textColumn({
      label: RESOURCE_LABELS.name,
      field: 'name',
      value: (r) => r.name,
      onChange: (name, { index }) => set(index, { name }),
    }),
    textColumn({
      label: RESOURCE_LABELS.contact,
      header: hinted(RESOURCE_LABELS.contact, LABEL_HINTS.contact),
      field: 'contact',
      value: (r) => r.contact,
      onChange: (contact, { index }) => set(index, { contact }),
    }),
    removeColumn({
      focusSoon,
      // The row after it takes its place, else the one before, else Add.
      afterRemove: (n) => [field(n), field(n - 1), addId],
      onRemove: (n) => onChange(resources.filter((_, i) => i !== n)),
    }),
  ];
  return (
    <>
      <h4 id={titleId} className="editor-details__title">
        {EVENT_LABELS.resources}
        <span className="visually-hidden"> for {who}</span>
      </h4>
      {resources.length === 0 ? (
        <p className="editor-details__empty">No resources: the player is pointed to none.</p>
      ) : (
        <EditorTable
          labelledBy={titleId}
          scrollerFocusable={disabled}
          className="resources-table"
          head={<ColumnsHead columns={columns} />}
        >
          {resources.map((r, n) => (
            <tr key={n}>
              <ColumnCells
                columns={columns}
                row={{ item: r, index: n, id: `${id}-resource-${n}`, who: `resource ${n + 1} of ${who}`, disabled }}
              />
            </tr>
          ))}
        </EditorTable>
      )}
      <TableErrors id={`${id}-resources`} />
      <AddButton
        id={addId}
        disabled={disabled || resources.length >= MAX_RESOURCES}
        focusSoon={focusSoon}
        newRowField={field(resources.length)}
        onAdd={() => onChange([...resources, newResource()])}
      >
        Add resource<span className="visually-hidden"> to {who}</span>
      </AddButton>
    </>
  );
}
