/**
 * An action's or an event choice's later consequences (docs/game-rules.md):
 * a table in its details, a row each with the days until it lands, what the
 * player is told, the tokens it gives or takes that day and a result column
 * per gauge, as the action's own results.
 */
import { MAX_LATER } from '@airman/contracts/module-values.ts';
import type { Later } from '@airman/contracts/module.ts';
import { ACTION_LABELS, hinted, LABEL_HINTS, LATER_LABELS } from '@airman/contracts/module-labels.ts';
import { newLater, parseInteger, parseOptionalInteger, updateLater, type GaugeRow } from '../module-editor-model.ts';
import {
  ColumnCells,
  ColumnsHead,
  numberColumn,
  removeColumn,
  resultsColumn,
  textColumn,
  type Column,
} from './editor-columns.tsx';
import { EditorTable, type FocusSoon } from './editor-table.tsx';
import { resultColumns } from './result-cells.tsx';
import { TableErrors } from './field-errors-context.tsx';
import { AddButton } from './row-controls.tsx';

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
  const titleId = `${id}-later-title`;
  const addId = `${id}-add-later`;
  // Rows by position: a consequence is added or removed, never moved.
  const field = (n: number) => `${id}-later-${n}-days`;
  const set = (n: number, patch: Partial<Later>) => onChange(updateLater(later, n, patch));
  const columns: Column<Later>[] = [
    numberColumn({
      label: LATER_LABELS.in_days,
      field: 'days',
      min: 1,
      value: (l) => l.in_days,
      onChange: (text, { index }) => set(index, { in_days: parseInteger(text) }),
    }),
    textColumn({
      label: LATER_LABELS.text,
      field: 'text',
      rows: 2,
      value: (l) => l.text,
      onChange: (text, { index }) => set(index, { text }),
    }),
    numberColumn({
      label: hinted(LATER_LABELS.next_day_tokens, LABEL_HINTS.signed),
      field: 'tokens',
      value: (l) => l.next_day_tokens,
      onChange: (text, { index }) => set(index, { next_day_tokens: parseOptionalInteger(text) ?? undefined }),
    }),
    resultsColumn({
      results: resultColumns(
        gauges,
        later.map((l) => l.results),
      ),
      value: (l) => l.results ?? {},
      onChange: (next, { index }) => set(index, { results: Object.keys(next).length > 0 ? next : undefined }),
    }),
    removeColumn({
      focusSoon,
      // The row after it takes its place, else the one before, else Add.
      afterRemove: (n) => [field(n), field(n - 1), addId],
      onRemove: (n) => onChange(later.filter((_, i) => i !== n)),
    }),
  ];
  return (
    <>
      <h4 id={titleId} className="editor-details__title">
        {ACTION_LABELS.later}
        <span className="visually-hidden"> of {who}</span>
      </h4>
      {later.length === 0 ? (
        <p className="editor-details__empty">None: everything happens at once.</p>
      ) : (
        <EditorTable
          labelledBy={titleId}
          scrollerFocusable={disabled}
          className="later-table"
          head={<ColumnsHead columns={columns} />}
        >
          {later.map((l, n) => (
            <tr key={n}>
              <ColumnCells
                columns={columns}
                row={{
                  item: l,
                  index: n,
                  id: `${id}-later-${n}`,
                  who: `later consequence ${n + 1} of ${who}`,
                  disabled,
                }}
              />
            </tr>
          ))}
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
