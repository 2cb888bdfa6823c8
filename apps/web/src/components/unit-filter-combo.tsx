/**
 * A list's unit filter (the users list's, the Progress page's), the combo box that unit-filter.tsx
 * loads when the field is first used (its styles come with unit-filter.tsx): a combo box of the
 * units users are in, as a tree (each unit indented under its parent, its count with the units under it).
 * Typing narrows the list to the units that start with the text, then those that contain
 * it, as a flat list; choosing one filters by that unit and every unit under it; clearing it (its clear button, Escape on the
 * closed list, or leaving it empty) removes the filter. Text that matches no unit applies nothing.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ComboBox, type ComboBoxProps } from '@carbon/react';
import type { UnitCount } from '@airman/contracts/api.ts';
import { matchingUnits } from '../lib/units.ts';

/** A unit of the list; a unit from the URL that the list does not hold has no count. */
type UnitItem = Pick<UnitCount, 'unit'> & Partial<Pick<UnitCount, 'total' | 'depth'>>;

const unitName = (item: UnitItem | null) => item?.unit ?? '';

/**
 * A unit under another shows the last part of its name, indented under its parent; the parent's
 * part is still read out (and matched by the tests), hidden from sight.
 */
function UnitOption(item: UnitItem) {
  const depth = item.depth ?? 0;
  const cut = depth > 0 ? item.unit.lastIndexOf('/') + 1 : 0;
  return (
    <span
      className="unit-filter__option"
      style={depth > 0 ? { paddingInlineStart: `${Math.min(depth, 6) * 1}rem` } : undefined}
    >
      <span className="unit-filter__name">
        {cut > 0 && <span className="visually-hidden">{item.unit.slice(0, cut)}</span>}
        {item.unit.slice(cut).trim()}
      </span>
      {item.total !== undefined && (
        <>
          {' '}
          <span className="unit-filter__count">{item.total === 1 ? '1 user' : `${item.total} users`}</span>
        </>
      )}
    </span>
  );
}

export interface UnitFilterProps {
  id: string;
  label: string;
  /** The unit filtered by (with the units under it), as stored; undefined for none. */
  value: string | undefined;
  /** Undefined while they load. */
  units: readonly UnitCount[] | undefined;
  onChange(unit: string | undefined): void;
}

export function UnitFilterComboBox({ id, label, value, units, onChange }: UnitFilterProps) {
  // What the field holds as the admin types (Carbon's own state, mirrored to order the list by it).
  const [text, setText] = useState(value ?? '');
  // What the live region last said of a choice.
  const [said, setSaid] = useState('');
  const selected = useMemo<UnitItem | null>(
    () => (value === undefined ? null : (units?.find((u) => u.unit === value) ?? { unit: value })),
    [value, units],
  );
  // A unit from the URL the list does not hold (a bookmarked link) is offered too, so it shows and applies.
  const all = useMemo<readonly UnitItem[]>(
    () => (selected && !units?.some((u) => u.unit === selected.unit) ? [...(units ?? []), selected] : (units ?? [])),
    [units, selected],
  );
  // The chosen unit in the field narrows nothing: opening the list shows every unit.
  const typed = text === value ? '' : text.trim();
  // Narrowed by typing, the matches are a flat list: indenting them would show a tree they are not.
  const items = useMemo(
    () => (typed ? matchingUnits(all, typed).map((u) => ({ ...u, depth: 0 })) : [...all]),
    [all, typed],
  );
  const noMatch = typed !== '' && items.length === 0;
  // Carbon highlights the first match among the items of the keystroke before, which this
  // list has reordered since: the first unit listed is the one highlighted, so Enter and Tab
  // choose what the admin sees at the top.
  const actions: NonNullable<ComboBoxProps<UnitItem>['downshiftActions']> = useRef(undefined);
  useEffect(() => {
    if (typed && items.length > 0) actions.current?.setHighlightedIndex(0);
  }, [typed, items]);

  function choose(unit: string | undefined) {
    setText(unit ?? '');
    setSaid(unit === undefined ? 'Unit filter cleared.' : `Filtering by unit ${unit}.`);
    if (unit !== value) onChange(unit);
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter on text that matches no unit chooses nothing (Carbon would drop the chosen unit).
    if (event.key === 'Enter' && noMatch) {
      event.preventDefault();
      event.stopPropagation();
    }
    // Escape on the closed list empties the field (the combo box's own way): the filter goes with it.
    if (event.key === 'Escape' && event.currentTarget.getAttribute('aria-expanded') !== 'true' && value !== undefined)
      choose(undefined);
  }

  const status = typed
    ? noMatch
      ? 'No unit matches.'
      : `${items.length === 1 ? '1 unit matches' : `${items.length} units match`}. Use the arrow keys to choose one.`
    : said;

  return (
    <div className="unit-filter">
      <ComboBox<UnitItem>
        id={id}
        titleText={label}
        placeholder="All units"
        items={items}
        downshiftActions={actions}
        itemToString={unitName}
        itemToElement={UnitOption}
        selectedItem={selected}
        onChange={({ selectedItem }) => choose(selectedItem ? selectedItem.unit : undefined)}
        onInputChange={setText}
        onInput={(event) => setText(event.currentTarget.value)}
        onKeyDownCapture={keyDown}
        warn={noMatch}
        warnText="No unit matches"
        helperText={units === undefined ? 'Loading units…' : undefined}
      />
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
