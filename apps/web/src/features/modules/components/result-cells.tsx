/**
 * Results as columns: a change per gauge, one cell each, in the row of an
 * action, an event choice or a later consequence; their header is the column
 * toolkit's (editor-columns.tsx resultsColumn).
 */
import { own } from '@airman/contracts/own.ts';
import { parseOptionalInteger, referencedNames, setResult, type GaugeRow } from '../module-editor-model.ts';
import { NumberCell } from './editor-cells.tsx';

export interface ResultColumn {
  /** The gauge's name as the rules use it. */
  key: string;
  /** What the header and the labels say. */
  label: string;
}

/**
 * A column per gauge, then one per gauge the results name that the module
 * does not have (a module loaded from JSON), so that its change can be seen
 * and cleared.
 */
export function resultColumns(
  gauges: readonly GaugeRow[],
  results: Iterable<Readonly<Record<string, number>> | undefined>,
): ResultColumn[] {
  const names = new Map<string, string>();
  for (const g of gauges) if (!names.has(g.ref)) names.set(g.ref, g.name);
  const mentioned = [...results].flatMap((r) => Object.keys(r ?? {}));
  const { unknown } = referencedNames([...names.keys()], mentioned);
  return [
    ...[...names].map(([key, label]) => ({ key, label })),
    ...unknown.map((key) => ({ key, label: `${key} (no such gauge)` })),
  ];
}

/** A number field per column; blank means the gauge does not change. */
export function ResultCells({
  idPrefix,
  who,
  columns,
  results,
  disabled,
  onChange,
}: {
  idPrefix: string;
  /** The row's name, e.g. 'action Run'. */
  who: string;
  columns: readonly ResultColumn[];
  results: Readonly<Record<string, number>>;
  disabled: boolean;
  onChange(results: Record<string, number>): void;
}) {
  return columns.map((c, n) => (
    <NumberCell
      key={c.key}
      // By position: a gauge's name may hold spaces or other characters an id cannot.
      id={`${idPrefix}-result-${n}`}
      label={`${c.label} change`}
      who={who}
      value={own(results, c.key)}
      disabled={disabled}
      onChange={(text) => onChange(setResult(results, c.key, parseOptionalInteger(text)))}
    />
  ));
}
