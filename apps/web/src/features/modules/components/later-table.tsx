/**
 * An action's or an event choice's later consequences (docs/game-rules.md):
 * a table in its details, a row each with the days until it lands, what the
 * player is told, the tokens it gives or takes that day and a result column
 * per gauge, as the action's own results.
 */
import { MAX_LATER, type Later } from '@airman/contracts/module.ts';
import { newLater, parseInteger, parseOptionalInteger, updateLater, type GaugeRow } from '../module-editor-model.ts';
import { NumberCell, TextCell } from './editor-cells.tsx';
import { EditorTable, type FocusSoon } from './editor-table.tsx';
import { ResultCells, resultColumns, ResultsHead } from './result-cells.tsx';
import { TableErrors } from './field-errors-context.tsx';
import { AddButton, RemoveCell } from './row-controls.tsx';

export function LaterTable({
  id,
  who,
  later = [],
  gauges,
  disabled,
  focusSoon,
  onChange,
}: {
  /** The details' id: the table's elements are `{id}-later-{n}-…`, its Add button `{id}-add-later`. */
  id: string;
  /** The action or choice, e.g. 'action Run'. */
  who: string;
  later: readonly Later[] | undefined;
  gauges: readonly GaugeRow[];
  disabled: boolean;
  focusSoon: FocusSoon;
  onChange(later: Later[]): void;
}) {
  const results = resultColumns(
    gauges,
    later.map((l) => l.results),
  );
  const titleId = `${id}-later-title`;
  const addId = `${id}-add-later`;
  // Rows by position: a consequence is added or removed, never moved.
  const field = (n: number) => `${id}-later-${n}-days`;
  const set = (n: number, patch: Partial<Later>) => onChange(updateLater(later, n, patch));
  return (
    <>
      <h4 id={titleId} className="editor-details__title">
        Later consequences<span className="visually-hidden"> of {who}</span>
      </h4>
      {later.length === 0 ? (
        <p className="editor-details__empty">None: everything happens at once.</p>
      ) : (
        <EditorTable
          labelledBy={titleId}
          scrollerFocusable={disabled}
          className="later-table"
          head={
            <ResultsHead
              columns={results}
              before={[
                { label: 'In days', className: 'editor-table__number' },
                { label: 'What comes back' },
                { label: 'Tokens that day (+/−)', className: 'editor-table__number' },
              ]}
              after={[{ label: 'Remove', hidden: true }]}
            />
          }
        >
          {later.map((l, n) => {
            const row = `later consequence ${n + 1} of ${who}`;
            const rowId = `${id}-later-${n}`;
            return (
              <tr key={n}>
                <NumberCell
                  id={field(n)}
                  label="In days"
                  who={row}
                  min={1}
                  value={l.in_days}
                  disabled={disabled}
                  onChange={(text) => set(n, { in_days: parseInteger(text) })}
                />
                <TextCell
                  id={`${rowId}-text`}
                  label="What comes back"
                  who={row}
                  rows={2}
                  value={l.text}
                  disabled={disabled}
                  onChange={(text) => set(n, { text })}
                />
                <NumberCell
                  id={`${rowId}-tokens`}
                  label="Tokens that day (+/−)"
                  who={row}
                  value={l.next_day_tokens}
                  disabled={disabled}
                  onChange={(text) => set(n, { next_day_tokens: parseOptionalInteger(text) ?? undefined })}
                />
                <ResultCells
                  idPrefix={rowId}
                  who={row}
                  columns={results}
                  results={l.results ?? {}}
                  disabled={disabled}
                  onChange={(next) => set(n, { results: Object.keys(next).length > 0 ? next : undefined })}
                />
                <RemoveCell
                  id={`${rowId}-remove`}
                  label={row}
                  disabled={disabled}
                  focusSoon={focusSoon}
                  // The row after it takes its place, else the one before, else Add.
                  afterRemove={[field(n), field(n - 1), addId]}
                  onRemove={() => onChange(later.filter((_, i) => i !== n))}
                />
              </tr>
            );
          })}
        </EditorTable>
      )}
      <TableErrors id={`${id}-later`} />
      <AddButton
        id={addId}
        disabled={disabled || later.length >= MAX_LATER}
        focusSoon={focusSoon}
        newRowField={field(later.length)}
        onAdd={() => onChange([...later, newLater()])}
      >
        Add later consequence<span className="visually-hidden"> to {who}</span>
      </AddButton>
    </>
  );
}
