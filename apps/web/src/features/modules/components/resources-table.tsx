/**
 * An event's resources (docs/game-rules.md): real help the player is shown
 * after answering and in the debrief, a row each with its name and how to
 * reach it, in the event's details.
 */
import { MAX_RESOURCES, type Resource } from '@airman/contracts/module.ts';
import { newResource } from '../module-editor-model.ts';
import { TextCell } from './editor-cells.tsx';
import { EditorTable, Header, type FocusSoon } from './editor-table.tsx';
import { TableErrors } from './field-errors-context.tsx';
import { AddButton, RemoveCell } from './row-controls.tsx';

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
  return (
    <>
      <h4 id={titleId} className="editor-details__title">
        Where to find help<span className="visually-hidden"> for {who}</span>
      </h4>
      {resources.length === 0 ? (
        <p className="editor-details__empty">No resources: the player is pointed to none.</p>
      ) : (
        <EditorTable
          labelledBy={titleId}
          scrollerFocusable={disabled}
          className="resources-table"
          head={
            <tr>
              <Header>Resource</Header>
              <Header>Contact (phone, place or web address)</Header>
              <Header hidden>Remove</Header>
            </tr>
          }
        >
          {resources.map((r, n) => {
            const row = `resource ${n + 1} of ${who}`;
            return (
              <tr key={n}>
                <TextCell
                  id={field(n)}
                  label="Resource"
                  who={row}
                  value={r.name}
                  disabled={disabled}
                  onChange={(name) => set(n, { name })}
                />
                <TextCell
                  id={`${id}-resource-${n}-contact`}
                  label="Contact"
                  who={row}
                  value={r.contact}
                  disabled={disabled}
                  onChange={(contact) => set(n, { contact })}
                />
                <RemoveCell
                  id={`${id}-resource-${n}-remove`}
                  label={row}
                  disabled={disabled}
                  focusSoon={focusSoon}
                  // The row after it takes its place, else the one before, else Add.
                  afterRemove={[field(n), field(n - 1), addId]}
                  onRemove={() => onChange(resources.filter((_, i) => i !== n))}
                />
              </tr>
            );
          })}
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
