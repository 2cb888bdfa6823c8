/**
 * The gauges table: a row per gauge with its starting value, daily change,
 * healthy range and the lessons of a run that kept it below or above that range.
 */
import { own } from '@airman/contracts/own.ts';
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
} from '../module-editor-model.ts';
import { NameCell, NumberCell, TextCell } from './editor-cells.tsx';
import { EditorTable, Header, nameLabel, rowName, tableRows, type TableProps } from './editor-table.tsx';
import { TableErrors } from './field-errors-context.tsx';
import { AddButton, RowControls } from './row-controls.tsx';

const ADD_ID = 'add-gauge';

export function GaugesTable({ model, locked, setModel, focusSoon }: TableProps) {
  const rows = tableRows('gauge', model.rowKeys.gauges, ADD_ID);
  return (
    <section aria-labelledby="gauges-title">
      <h3 id="gauges-title">Gauges</h3>
      <p className="editor-note">
        A daily change applies each night. Each day a gauge ends inside its healthy range scores. A run that kept a
        gauge mostly below (or above) its range is taught its lesson when low (or high) in the debrief. Leave them blank
        for none.
      </p>
      {model.gauges.length > 0 && (
        <EditorTable
          labelledBy="gauges-title"
          scrollerFocusable={locked}
          head={
            <tr>
              <Header>Gauge</Header>
              <Header>Starting value</Header>
              <Header>Daily change</Header>
              <Header>Healthy from</Header>
              <Header>Healthy to</Header>
              <Header className="editor-table__lesson">Lesson when low</Header>
              <Header className="editor-table__lesson">Lesson when high</Header>
              <Header hidden>Move or remove</Header>
            </tr>
          }
        >
          {model.gauges.map((g, i) => {
            const { key, id } = rows.row(i);
            const who = rowName('gauge', g.name, i);
            const range = own(model.healthy_range, g.ref);
            const lesson = own(model.lessons, g.ref);
            // Both blank: no range; one blank: that end is 0 or 100.
            const changeRange = (end: 0 | 1, text: string) =>
              setModel((m) => {
                const current = own(m.healthy_range, g.ref);
                const other = end === 0 ? current?.[1] : current?.[0];
                const value = parseOptionalInteger(text);
                if (value === null && other === undefined) return setHealthyRange(m, g.ref, null);
                const next: [number, number] = end === 0 ? [value ?? 0, other ?? 100] : [other ?? 0, value ?? 100];
                return setHealthyRange(m, g.ref, next);
              });
            return (
              <tr key={key}>
                <NameCell
                  id={`${id}-name`}
                  label={nameLabel('Gauge', i)}
                  value={g.name}
                  disabled={locked}
                  onChange={(name) => setModel((m) => renameGauge(m, i, name))}
                />
                <NumberCell
                  id={`${id}-value`}
                  label="Starting value"
                  who={who}
                  min={0}
                  max={100}
                  value={g.value}
                  disabled={locked}
                  onChange={(text) =>
                    setModel((m) => ({
                      ...m,
                      gauges: m.gauges.map((x, j) => (j === i ? { ...x, value: parseInteger(text) } : x)),
                    }))
                  }
                />
                <NumberCell
                  id={`${id}-daily`}
                  label="Daily change"
                  who={who}
                  min={-100}
                  max={100}
                  value={own(model.daily_change, g.ref)}
                  disabled={locked}
                  onChange={(text) => setModel((m) => setDailyChange(m, g.ref, parseOptionalInteger(text)))}
                />
                <NumberCell
                  id={`${id}-healthy-min`}
                  label="Healthy from"
                  who={who}
                  min={0}
                  max={100}
                  value={range?.[0]}
                  disabled={locked}
                  onChange={(text) => changeRange(0, text)}
                />
                <NumberCell
                  id={`${id}-healthy-max`}
                  label="Healthy to"
                  who={who}
                  min={0}
                  max={100}
                  value={range?.[1]}
                  disabled={locked}
                  onChange={(text) => changeRange(1, text)}
                />
                <TextCell
                  id={`${id}-lesson-low`}
                  label="Lesson when low"
                  who={who}
                  rows={3}
                  value={lesson?.low ?? ''}
                  disabled={locked}
                  onChange={(text) => setModel((m) => setLesson(m, g.ref, 'low', text))}
                />
                <TextCell
                  id={`${id}-lesson-high`}
                  label="Lesson when high"
                  who={who}
                  rows={3}
                  value={lesson?.high ?? ''}
                  disabled={locked}
                  onChange={(text) => setModel((m) => setLesson(m, g.ref, 'high', text))}
                />
                <RowControls
                  idPrefix={id}
                  label={who}
                  index={i}
                  count={model.gauges.length}
                  disabled={locked}
                  focusSoon={focusSoon}
                  afterRemove={rows.afterRemove(i)}
                  onMove={(to) => setModel((m) => moveRow(m, 'gauges', i, to))}
                  onRemove={() => setModel((m) => removeGauge(m, i))}
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
