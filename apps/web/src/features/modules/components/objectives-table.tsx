/** The objectives table: a row per objective, active from the start or not, hidden or not. */
import { OBJECTIVE_LABELS, SECTION_LABELS } from '@airman/contracts/module-labels.ts';
import {
  addRow,
  moveRow,
  newObjective,
  removeObjective,
  renameObjective,
  type ObjectiveRow,
} from '../module-editor-model.ts';
import { checkColumn, ColumnCells, ColumnsHead, controlsColumn, nameColumn, type Column } from './editor-columns.tsx';
import { EditorTable, rowName, tableRows, type TableProps } from './editor-table.tsx';
import { TableErrors } from './field-errors-context.tsx';
import { AddButton } from './row-controls.tsx';

const ADD_ID = 'add-objective';

export function ObjectivesTable({ model, locked, setModel, focusSoon }: TableProps) {
  const rows = tableRows('objective', model.rowKeys.objectives, ADD_ID);
  const setFlag = (i: number, patch: Partial<Pick<ObjectiveRow, 'active' | 'hidden'>>) =>
    setModel((m) => ({ ...m, objectives: m.objectives.map((x, j) => (j === i ? { ...x, ...patch } : x)) }));
  const columns: Column<ObjectiveRow>[] = [
    nameColumn({
      label: OBJECTIVE_LABELS.name,
      wide: true,
      value: (o) => o.name,
      onChange: (name, { index }) => setModel((m) => renameObjective(m, index, name)),
    }),
    checkColumn({
      label: OBJECTIVE_LABELS.active,
      field: 'active',
      value: (o) => o.active,
      onChange: (active, { index }) => setFlag(index, { active }),
    }),
    checkColumn({
      label: OBJECTIVE_LABELS.hidden,
      field: 'hidden',
      value: (o) => o.hidden,
      onChange: (hidden, { index }) => setFlag(index, { hidden }),
    }),
    controlsColumn({
      rows,
      count: model.objectives.length,
      focusSoon,
      onMove: (i, to) => setModel((m) => moveRow(m, 'objectives', i, to)),
      onRemove: (i) => setModel((m) => removeObjective(m, i)),
    }),
  ];
  return (
    <section aria-labelledby="objectives-title">
      <h3 id="objectives-title">{SECTION_LABELS.objectives}</h3>
      {model.objectives.length > 0 && (
        <EditorTable
          labelledBy="objectives-title"
          scrollerFocusable={locked}
          className="objectives-table"
          head={<ColumnsHead columns={columns} />}
        >
          {model.objectives.map((o, i) => {
            const { key, id } = rows.row(i);
            return (
              <tr key={key}>
                <ColumnCells
                  columns={columns}
                  row={{ item: o, index: i, id, who: rowName('objective', o.name, i), disabled: locked }}
                />
              </tr>
            );
          })}
        </EditorTable>
      )}
      <TableErrors id="objectives" />
      <AddButton
        id={ADD_ID}
        disabled={locked}
        focusSoon={focusSoon}
        newRowField={rows.firstField(model.nextRowKey)}
        onAdd={() => setModel((m) => addRow(m, 'objectives', newObjective(m.objectives)))}
      >
        Add Objective
      </AddButton>
    </section>
  );
}
