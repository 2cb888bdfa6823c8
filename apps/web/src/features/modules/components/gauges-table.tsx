/**
 * The gauges table: a row per gauge with its starting value, daily change,
 * healthy range and the lessons of a run that kept it below or above that range.
 */
import { own } from '@airman/contracts/own.ts';
import { GAUGE_LABELS, SECTION_LABELS } from '@airman/contracts/module-labels.ts';
import {
  addRow,
  moveRow,
  newGauge,
  parseInteger,
  parseOptionalInteger,
  removeGauge,
  renameGauge,
  setDailyChange,
  setHealthyRange,
  setLesson,
  type EditorModel,
  type GaugeRow,
} from '../module-editor-model.ts';
import {
  ColumnCells,
  ColumnsHead,
  controlsColumn,
  nameColumn,
  numberColumn,
  textColumn,
  type Column,
} from './editor-columns.tsx';
import { EditorTable, rowName, tableRows, type TableProps } from './editor-table.tsx';
import { TableErrors } from './field-errors-context.tsx';
import { AddButton } from './row-controls.tsx';

const ADD_ID = 'add-gauge';

/** Sets one end of a gauge's healthy range: both blank, no range; one blank, that end is 0 or 100. */
function withRangeEnd(m: EditorModel, ref: string, end: 0 | 1, text: string): EditorModel {
  const current = own(m.healthy_range, ref);
  const other = end === 0 ? current?.[1] : current?.[0];
  const value = parseOptionalInteger(text);
  if (value === null && other === undefined) return setHealthyRange(m, ref, null);
  const next: [number, number] = end === 0 ? [value ?? 0, other ?? 100] : [other ?? 0, value ?? 100];
  return setHealthyRange(m, ref, next);
}

export function GaugesTable({ model, locked, setModel, focusSoon }: TableProps) {
  const rows = tableRows('gauge', model.rowKeys.gauges, ADD_ID);
  const columns: Column<GaugeRow>[] = [
    nameColumn({
      label: GAUGE_LABELS.name,
      value: (g) => g.name,
      onChange: (name, { index }) => setModel((m) => renameGauge(m, index, name)),
    }),
    numberColumn({
      narrow: false,
      label: GAUGE_LABELS.starting_gauges,
      field: 'value',
      min: 0,
      max: 100,
      value: (g) => g.value,
      onChange: (text, { index }) =>
        setModel((m) => ({
          ...m,
          gauges: m.gauges.map((x, j) => (j === index ? { ...x, value: parseInteger(text) } : x)),
        })),
    }),
    numberColumn({
      narrow: false,
      label: GAUGE_LABELS.daily_change,
      field: 'daily',
      min: -100,
      max: 100,
      value: (g) => own(model.daily_change, g.ref),
      onChange: (text, { item }) => setModel((m) => setDailyChange(m, item.ref, parseOptionalInteger(text))),
    }),
    numberColumn({
      narrow: false,
      label: GAUGE_LABELS.healthy_from,
      field: 'healthy-min',
      min: 0,
      max: 100,
      value: (g) => own(model.healthy_range, g.ref)?.[0],
      onChange: (text, { item }) => setModel((m) => withRangeEnd(m, item.ref, 0, text)),
    }),
    numberColumn({
      narrow: false,
      label: GAUGE_LABELS.healthy_to,
      field: 'healthy-max',
      min: 0,
      max: 100,
      value: (g) => own(model.healthy_range, g.ref)?.[1],
      onChange: (text, { item }) => setModel((m) => withRangeEnd(m, item.ref, 1, text)),
    }),
    textColumn({
      label: GAUGE_LABELS.lesson_low,
      field: 'lesson-low',
      headerClass: 'editor-table__lesson',
      rows: 3,
      value: (g) => own(model.lessons, g.ref)?.low ?? '',
      onChange: (text, { item }) => setModel((m) => setLesson(m, item.ref, 'low', text)),
    }),
    textColumn({
      label: GAUGE_LABELS.lesson_high,
      field: 'lesson-high',
      headerClass: 'editor-table__lesson',
      rows: 3,
      value: (g) => own(model.lessons, g.ref)?.high ?? '',
      onChange: (text, { item }) => setModel((m) => setLesson(m, item.ref, 'high', text)),
    }),
    controlsColumn({
      rows,
      count: model.gauges.length,
      focusSoon,
      onMove: (i, to) => setModel((m) => moveRow(m, 'gauges', i, to)),
      onRemove: (i) => setModel((m) => removeGauge(m, i)),
    }),
  ];
  return (
    <section aria-labelledby="gauges-title">
      <h3 id="gauges-title">{SECTION_LABELS.gauges}</h3>
      <p className="editor-note">
        A daily change applies each night. Each day a gauge ends inside its healthy range scores. A run that kept a
        gauge mostly below (or above) its range is taught its lesson when low (or high) in the debrief. Leave them blank
        for none.
      </p>
      {model.gauges.length > 0 && (
        <EditorTable labelledBy="gauges-title" scrollerFocusable={locked} head={<ColumnsHead columns={columns} />}>
          {model.gauges.map((g, i) => {
            const { key, id } = rows.row(i);
            return (
              <tr key={key}>
                <ColumnCells
                  columns={columns}
                  row={{ item: g, index: i, id, who: rowName('gauge', g.name, i), disabled: locked }}
                />
              </tr>
            );
          })}
        </EditorTable>
      )}
      <TableErrors id="gauges" />
      <AddButton
        id={ADD_ID}
        disabled={locked}
        focusSoon={focusSoon}
        newRowField={rows.firstField(model.nextRowKey)}
        onAdd={() => setModel((m) => addRow(m, 'gauges', newGauge(m.gauges)))}
      >
        Add Gauge
      </AddButton>
    </section>
  );
}
