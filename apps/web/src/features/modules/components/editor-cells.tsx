/**
 * The field cells of the editor's tables (docs/decisions/013): a row's name, a
 * number, a flag. Each field's label is hidden, the column header shows it; a
 * number's or a flag's label names its column and its row, 'Starting value,
 * gauge mental', so a screen reader in forms mode says whose field it is.
 */
import { Checkbox, TextArea, TextInput } from '@carbon/react';
import { useInvalid, useInvalidCheckbox, useInvalidTextArea } from './field-errors-context.tsx';

/** A row's own name (or a choice's label), in a small text field. */
export function NameCell({
  id,
  label,
  value,
  disabled,
  wide = false,
  onChange,
}: {
  id: string;
  /** By position, e.g. 'Gauge name, row 2': the value already says the name. */
  label: string;
  value: string;
  disabled: boolean;
  /** A wider column, for a table with few other fields. */
  wide?: boolean;
  onChange(value: string): void;
}) {
  const invalid = useInvalid(id);
  return (
    <td className={wide ? 'editor-table__name editor-table__name--wide' : 'editor-table__name'}>
      <TextInput
        id={id}
        size="sm"
        hideLabel
        labelText={label}
        value={value}
        disabled={disabled}
        {...invalid}
        onChange={(e) => onChange(e.target.value)}
      />
    </td>
  );
}

/**
 * A row's text (a lesson, what a later consequence says, a resource's name):
 * a line, or with `rows` a text area for a sentence or two.
 */
export function TextCell({
  id,
  label,
  who,
  value,
  rows,
  disabled,
  onChange,
}: {
  id: string;
  /** The column, e.g. 'Lesson when low'. */
  label: string;
  /** The row, e.g. 'gauge mental'. */
  who: string;
  value: string;
  /** Lines of a text area; a one-line field without. */
  rows?: number;
  disabled: boolean;
  onChange(value: string): void;
}) {
  const labelText = `${label}, ${who}`;
  const invalid = useInvalid(id);
  const invalidArea = useInvalidTextArea(id);
  return (
    <td className="editor-table__text">
      {rows === undefined ? (
        <TextInput
          id={id}
          size="sm"
          hideLabel
          labelText={labelText}
          value={value}
          disabled={disabled}
          {...invalid}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <TextArea
          id={id}
          hideLabel
          labelText={labelText}
          rows={rows}
          value={value}
          disabled={disabled}
          {...invalidArea}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </td>
  );
}

/** A whole number of a row; blank while it has none. */
export function NumberCell({
  id,
  label,
  who,
  value,
  min,
  max,
  disabled,
  onChange,
}: {
  id: string;
  /** The column, e.g. 'Starting value'. */
  label: string;
  /** The row, e.g. 'gauge mental'. */
  who: string;
  value: number | undefined;
  min?: number;
  max?: number;
  disabled: boolean;
  /** The field's text as typed: the caller parses it. */
  onChange(text: string): void;
}) {
  const invalid = useInvalid(id);
  return (
    <td className="editor-table__number">
      <TextInput
        id={id}
        size="sm"
        hideLabel
        labelText={`${label}, ${who}`}
        type="number"
        min={min}
        max={max}
        step={1}
        value={value === undefined ? '' : String(value)}
        disabled={disabled}
        {...invalid}
        onChange={(e) => onChange(e.target.value)}
      />
    </td>
  );
}

/** A flag of a row, as a checkbox. */
export function CheckCell({
  id,
  label,
  who,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  /** The column, e.g. 'Disabled'. */
  label: string;
  /** The row, e.g. 'action Run'. */
  who: string;
  checked: boolean;
  disabled: boolean;
  onChange(checked: boolean): void;
}) {
  const invalid = useInvalidCheckbox(id);
  return (
    <td className="editor-table__check">
      <Checkbox
        id={id}
        hideLabel
        labelText={`${label}, ${who}`}
        checked={checked}
        disabled={disabled}
        {...invalid}
        onChange={(_, { checked }) => onChange(checked)}
      />
    </td>
  );
}
