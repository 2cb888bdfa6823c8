/**
 * Results as columns: a change per gauge, one cell each, in the row of an
 * action, an event choice or a later consequence.
 */
import type { ReactNode } from 'react';
import { own } from '@airman/contracts/own.ts';
import { parseOptionalInteger, referencedNames, setResult, type GaugeRow } from '../module-editor-model.ts';
import { NumberCell } from './editor-cells.tsx';
import { Header } from './editor-table.tsx';

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

/** A column header of a table with results, other than theirs. */
export interface HeaderSpec {
  label: ReactNode;
  className?: string;
  /** For screen readers only (the expand and row-control columns). */
  hidden?: boolean;
}

/**
 * The header rows of a table with a result column per gauge: the `before`
 * headers, 'Results' across the results' columns with a gauge's name over
 * each (a second header row), then the `after` headers; one row while the
 * module has no gauge.
 */
export function ResultsHead({
  columns,
  before,
  after,
}: {
  columns: readonly ResultColumn[];
  before: readonly HeaderSpec[];
  after: readonly HeaderSpec[];
}) {
  const twoRows = columns.length > 0;
  const span = twoRows ? 2 : undefined;
  const header = (h: HeaderSpec, n: number) => (
    <Header key={n} rowSpan={span} className={h.className} hidden={h.hidden}>
      {h.label}
    </Header>
  );
  return (
    <>
      <tr>
        {before.map(header)}
        {twoRows && (
          <Header colSpan={columns.length} className="editor-table__group">
            Results
          </Header>
        )}
        {after.map((h, n) => header(h, before.length + n))}
      </tr>
      {twoRows && (
        <tr>
          {columns.map((c) => (
            <Header key={c.key} className="editor-table__number">
              {c.label}
            </Header>
          ))}
        </tr>
      )}
    </>
  );
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
