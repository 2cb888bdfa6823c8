/**
 * Which objectives an action or event needs, adds or removes: a small table,
 * a row per objective and a checkbox per list, inside the row's details.
 */
import { Checkbox } from '@carbon/react';
import { referencedNames, type ObjectiveRow } from '../module-editor-model.ts';
import { useInvalidCheckbox } from './field-errors-context.tsx';

export interface MatrixColumn {
  /** The column's header, e.g. 'Required'. */
  header: string;
  value: readonly string[];
  onChange(value: string[]): void;
}

export function ObjectiveMatrix({
  id,
  who,
  objectives,
  columns,
  disabled,
}: {
  id: string;
  /** The row's name, e.g. 'action Run'. */
  who: string;
  objectives: readonly ObjectiveRow[];
  columns: readonly MatrixColumn[];
  disabled: boolean;
}) {
  // The module's objectives, then any the lists name that it lacks (loaded from JSON), to be cleared.
  const { defined, unknown } = referencedNames(
    objectives.map((o) => o.ref),
    columns.flatMap((c) => c.value),
  );
  const nameOf = new Map(objectives.map((o) => [o.ref, o.name]));
  const rows = [
    ...defined.map((ref) => ({ ref, name: nameOf.get(ref) ?? ref })),
    ...unknown.map((ref) => ({ ref, name: `${ref} (no such objective)` })),
  ];
  return (
    <div className="objective-matrix">
      <h4 id={`${id}-title`} className="editor-details__title">
        Objectives
      </h4>
      {rows.length === 0 ? (
        <p className="editor-details__empty">None defined</p>
      ) : (
        <table className="cds--data-table cds--data-table--xs objective-matrix__table" aria-labelledby={`${id}-title`}>
          <thead>
            <tr>
              <th scope="col">
                <div className="cds--table-header-label">Objective</div>
              </th>
              {columns.map((c) => (
                <th key={c.header} scope="col" className="editor-table__check">
                  <div className="cds--table-header-label">{c.header}</div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((o, r) => (
              // By position: names loaded from JSON may repeat.
              <tr key={r}>
                <th scope="row" className="objective-matrix__name">
                  {o.name}
                </th>
                {columns.map((c, n) => (
                  <td key={c.header} className="editor-table__check">
                    <MatrixBox
                      id={`${id}-${n}-${r}`}
                      label={`${c.header}: ${o.name}, ${who}`}
                      checked={c.value.includes(o.ref)}
                      disabled={disabled}
                      onChange={(checked) =>
                        c.onChange(checked ? [...c.value, o.ref] : c.value.filter((v) => v !== o.ref))
                      }
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** One objective in one list: marked invalid when the Check names it (an objective the module lacks). */
function MatrixBox({
  id,
  label,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange(checked: boolean): void;
}) {
  const invalid = useInvalidCheckbox(id);
  return (
    <Checkbox
      id={id}
      hideLabel
      labelText={label}
      checked={checked}
      disabled={disabled}
      {...invalid}
      onChange={(_, { checked }) => onChange(checked)}
    />
  );
}
