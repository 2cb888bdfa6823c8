import { Button } from '@carbon/react';

/** Move up, move down and remove buttons of an editor table row. */
export function RowControls(props: {
  label: string;
  index: number;
  count: number;
  disabled: boolean;
  onMove(to: number): void;
  onRemove(): void;
}) {
  const { label, index, count, disabled } = props;
  return (
    <span className="row-controls">
      <Button kind="ghost" size="sm" disabled={disabled || index === 0} onClick={() => props.onMove(index - 1)}>
        Up<span className="visually-hidden"> {label}</span>
      </Button>
      <Button kind="ghost" size="sm" disabled={disabled || index === count - 1} onClick={() => props.onMove(index + 1)}>
        Down<span className="visually-hidden"> {label}</span>
      </Button>
      <Button kind="danger--ghost" size="sm" disabled={disabled} onClick={props.onRemove}>
        Remove<span className="visually-hidden"> {label}</span>
      </Button>
    </span>
  );
}
