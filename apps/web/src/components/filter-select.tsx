/** A select of a list's filter bar: the users list's, the Progress page's. */
import { Select, SelectItem } from '@carbon/react';

export interface FilterOption {
  value: string;
  text: string;
}

export function FilterSelect({
  id,
  label,
  value,
  all,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  /** The first option, value '' (no filter), e.g. 'All units'; none for a select that always has a value. */
  all?: string;
  options: readonly FilterOption[];
  onChange(value: string): void;
}) {
  // An option of the empty value would be the All option's own: choosing it would choose All, and
  // arrowing down the list by keyboard would fall back to the top there and never get past it.
  const choices = all === undefined ? options : options.filter((o) => o.value !== '');
  return (
    <Select id={id} labelText={label} value={value} onChange={(e) => onChange(e.target.value)}>
      {all !== undefined && <SelectItem value="" text={all} />}
      {choices.map((o) => (
        <SelectItem key={o.value} value={o.value} text={o.text} />
      ))}
    </Select>
  );
}
