/** Choose names from a defined list (objectives): a group of checkboxes. */
import { Checkbox } from '@carbon/react';

interface Props {
  legend: string;
  idPrefix: string;
  options: string[];
  value: string[];
  disabled: boolean;
  onChange(value: string[]): void;
}

export function NameChecklist({ legend, idPrefix, options, value, disabled, onChange }: Props) {
  return (
    <fieldset className="name-checklist">
      <legend>{legend}</legend>
      {options.length === 0 && <span className="name-checklist__empty">None defined</span>}
      {options.map((o, i) => (
        <Checkbox
          // By position: names loaded from JSON may repeat.
          key={i}
          id={`${idPrefix}-${i}`}
          labelText={o}
          checked={value.includes(o)}
          disabled={disabled}
          onChange={(_, { checked }) => onChange(checked ? [...value, o] : value.filter((v) => v !== o))}
        />
      ))}
    </fieldset>
  );
}
