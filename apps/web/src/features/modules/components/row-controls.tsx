/**
 * The buttons that add, move and remove a table's rows (docs/decisions/013).
 * Each puts focus where the keyboard user can go on, once the change is on
 * screen: never on the page's body.
 */
import type { ElementType, ReactNode } from 'react';
import { ArrowDown, ArrowUp, TrashCan } from '@carbon/icons-react';
import { Button } from '@carbon/react';
import type { FocusSoon } from './editor-table.tsx';

/**
 * A table's Add button, under it: focus goes to the new row's first field once
 * the row is there.
 */
export function AddButton({
  id,
  disabled,
  focusSoon,
  newRowField,
  onAdd,
  children,
}: {
  id: string;
  disabled: boolean;
  focusSoon: FocusSoon;
  /** The id of the new row's first field. */
  newRowField: string;
  onAdd(): void;
  children: ReactNode;
}) {
  return (
    <Button
      id={id}
      kind="tertiary"
      size="sm"
      disabled={disabled}
      onClick={() => {
        focusSoon(newRowField);
        onAdd();
      }}
    >
      {children}
    </Button>
  );
}

/**
 * A small ghost icon button of a table row, so a table keeps its width for its
 * fields; what it does is its text, for screen readers ('Up gauge mental'). No
 * Carbon tooltip: one would take the Escape that closes the dialog.
 */
export function IconButton({
  id,
  icon,
  danger = false,
  label,
  disabled,
  onClick,
}: {
  id: string;
  icon: ElementType;
  /** Red, for a button that removes. */
  danger?: boolean;
  label: string;
  disabled: boolean;
  onClick(): void;
}) {
  return (
    <Button
      id={id}
      kind={danger ? 'danger--ghost' : 'ghost'}
      size="sm"
      className="cds--btn--icon-only editor-table__icon-button"
      renderIcon={icon}
      disabled={disabled}
      onClick={onClick}
    >
      <span className="visually-hidden">{label}</span>
    </Button>
  );
}

/**
 * Move up, move down and remove buttons of an editor table row, in the row's
 * last cell. Their ids (`{idPrefix}-up`, `-down`, `-remove`) let focus be put
 * back on them after the row has moved: the button pressed, else the other
 * (at the table's end it is disabled), else the row's name.
 */
export function RowControls(props: {
  idPrefix: string;
  /** The row's name, e.g. 'gauge mental': the buttons say 'Up gauge mental'. */
  label: string;
  index: number;
  count: number;
  disabled: boolean;
  focusSoon: FocusSoon;
  /** Where focus goes after Remove, the first of them that is there and enabled. */
  afterRemove: readonly string[];
  onMove(to: number): void;
  onRemove(): void;
}) {
  const { idPrefix, label, index, count, disabled, focusSoon } = props;
  const [up, down, name] = [`${idPrefix}-up`, `${idPrefix}-down`, `${idPrefix}-name`];
  return (
    <td className="editor-table__controls">
      <span className="row-controls">
        <IconButton
          id={up}
          icon={ArrowUp}
          label={`Up ${label}`}
          disabled={disabled || index === 0}
          onClick={() => {
            focusSoon(up, down, name);
            props.onMove(index - 1);
          }}
        />
        <IconButton
          id={down}
          icon={ArrowDown}
          label={`Down ${label}`}
          disabled={disabled || index === count - 1}
          onClick={() => {
            focusSoon(down, up, name);
            props.onMove(index + 1);
          }}
        />
        <IconButton
          id={`${idPrefix}-remove`}
          icon={TrashCan}
          danger
          label={`Remove ${label}`}
          disabled={disabled}
          onClick={() => {
            focusSoon(...props.afterRemove);
            props.onRemove();
          }}
        />
      </span>
    </td>
  );
}

/**
 * A row's Remove button, in the row's last cell, for a table whose rows do not move:
 * focus goes to the first of `afterRemove` that is there and enabled.
 */
export function RemoveCell({
  id,
  label,
  disabled,
  focusSoon,
  afterRemove,
  onRemove,
}: {
  id: string;
  /** The row's name, e.g. 'resource 1 of event Inspection': the button says 'Remove resource 1 …'. */
  label: string;
  disabled: boolean;
  focusSoon: FocusSoon;
  afterRemove: readonly string[];
  onRemove(): void;
}) {
  return (
    <td className="editor-table__controls">
      <IconButton
        id={id}
        icon={TrashCan}
        danger
        label={`Remove ${label}`}
        disabled={disabled}
        onClick={() => {
          focusSoon(...afterRemove);
          onRemove();
        }}
      />
    </td>
  );
}
