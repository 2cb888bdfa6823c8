/** The objectives table: a row per objective, active from the start or not, hidden or not. */
import {
  addRow,
  moveRow,
  newObjective,
  removeObjective,
  renameObjective,
  type ObjectiveRow,
} from '../module-editor-model.ts';
import { CheckCell, NameCell } from './editor-cells.tsx';
import { EditorTable, Header, nameLabel, rowName, tableRows, type TableProps } from './editor-table.tsx';
import { TableErrors } from './field-errors-context.tsx';
import { AddButton, RowControls } from './row-controls.tsx';

const ADD_ID = 'add-objective';

export function ObjectivesTable({ model, locked, setModel, focusSoon }: TableProps) {
  const rows = tableRows('objective', model.rowKeys.objectives, ADD_ID);
  const setFlag = (i: number, patch: Partial<Pick<ObjectiveRow, 'active' | 'hidden'>>) =>
    setModel((m) => ({ ...m, objectives: m.objectives.map((x, j) => (j === i ? { ...x, ...patch } : x)) }));
  return (
    <section aria-labelledby="objectives-title">
      <h3 id="objectives-title">Objectives</h3>
      {model.objectives.length > 0 && (
        <EditorTable
          labelledBy="objectives-title"
          scrollerFocusable={locked}
          className="objectives-table"
          head={
            <tr>
              <Header>Objective</Header>
              <Header className="editor-table__check">Active</Header>
              <Header className="editor-table__check">Hidden</Header>
              <Header hidden>Move or remove</Header>
            </tr>
          }
        >
          {model.objectives.map((o, i) => {
            const { key, id } = rows.row(i);
            const who = rowName('objective', o.name, i);
            return (
              <tr key={key}>
                <NameCell
                  id={`${id}-name`}
                  label={nameLabel('Objective', i)}
                  value={o.name}
                  disabled={locked}
                  wide
                  onChange={(name) => setModel((m) => renameObjective(m, i, name))}
                />
                <CheckCell
                  id={`${id}-active`}
                  label="Active"
                  who={who}
                  checked={o.active}
                  disabled={locked}
                  onChange={(active) => setFlag(i, { active })}
                />
                <CheckCell
                  id={`${id}-hidden`}
                  label="Hidden"
                  who={who}
                  checked={o.hidden}
                  disabled={locked}
                  onChange={(hidden) => setFlag(i, { hidden })}
                />
                <RowControls
                  idPrefix={id}
                  label={who}
                  index={i}
                  count={model.objectives.length}
                  disabled={locked}
                  focusSoon={focusSoon}
                  afterRemove={rows.afterRemove(i)}
                  onMove={(to) => setModel((m) => moveRow(m, 'objectives', i, to))}
                  onRemove={() => setModel((m) => removeObjective(m, i))}
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
