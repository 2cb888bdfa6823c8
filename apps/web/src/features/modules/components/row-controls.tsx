import { ArrowDown, ArrowUp, TrashCan } from '@carbon/icons-react';
import { Button } from '@carbon/react';

/**
 * Icon buttons, so a table keeps its width for its fields; what each does is
 * its text, for screen readers ('Up gauge mental'). No Carbon tooltip: one
 * would take the Escape that closes the dialog.
 */
const ICON_ONLY = 'cds--btn--icon-only editor-table__icon-button';

/**
 * Move up, move down and remove buttons of an editor table row, in the row's
 * last cell. Their ids (`{idPrefix}-up`, `-down`, `-remove`) let focus be put
 * back on them after the row has moved.
 */
export function RowControls(props: {
  idPrefix: string;
  /** The row's name, e.g. 'gauge mental': the buttons say 'Up gauge mental'. */
  label: string;
  index: number;
  count: number;
  disabled: boolean;
  onMove(to: number): void;
  onRemove(): void;
}) {
  const { idPrefix, label, index, count, disabled } = props;
  return (
    <td className="editor-table__controls">
      <span className="row-controls">
        <Button
          id={`${idPrefix}-up`}
          kind="ghost"
          size="sm"
          className={ICON_ONLY}
          renderIcon={ArrowUp}
          disabled={disabled || index === 0}
          onClick={() => props.onMove(index - 1)}
        >
          <span className="visually-hidden">Up {label}</span>
        </Button>
        <Button
          id={`${idPrefix}-down`}
          kind="ghost"
          size="sm"
          className={ICON_ONLY}
          renderIcon={ArrowDown}
          disabled={disabled || index === count - 1}
          onClick={() => props.onMove(index + 1)}
        >
          <span className="visually-hidden">Down {label}</span>
        </Button>
        <Button
          id={`${idPrefix}-remove`}
          kind="danger--ghost"
          size="sm"
          className={ICON_ONLY}
          renderIcon={TrashCan}
          disabled={disabled}
          onClick={props.onRemove}
        >
          <span className="visually-hidden">Remove {label}</span>
        </Button>
      </span>
    </td>
  );
}

/** Where focus goes after a row moved: the button pressed, else the other (at the table's end it is disabled), else its name. */
export function afterMove(idPrefix: string, up: boolean): string[] {
  return up
    ? [`${idPrefix}-up`, `${idPrefix}-down`, `${idPrefix}-name`]
    : [`${idPrefix}-down`, `${idPrefix}-up`, `${idPrefix}-name`];
}
