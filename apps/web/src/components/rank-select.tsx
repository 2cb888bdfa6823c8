/** A searchable select of the rank list (spec §3), shown as name with abbreviation and pay grade. */
import { ComboBox } from '@carbon/react';
import { RANKS, findRank, rankLabel, type Rank } from '@airman/contracts/ranks.ts';
import '../styles/select.scss';

export function RankSelect(props: {
  id: string;
  value: string;
  onChange(abbreviation: string): void;
  required?: boolean;
}) {
  return (
    <ComboBox<Rank>
      id={props.id}
      titleText="Rank"
      placeholder="Search ranks"
      items={[...RANKS]}
      itemToString={(r) => (r ? rankLabel(r) : '')}
      selectedItem={findRank(props.value) ?? null}
      onChange={({ selectedItem }) => props.onChange(selectedItem?.abbreviation ?? '')}
      shouldFilterItem={({ item, inputValue }) =>
        !inputValue || rankLabel(item).toLowerCase().includes(inputValue.toLowerCase())
      }
      aria-required={props.required}
    />
  );
}
