/** Unit: free text with the '655 ISRW' suggestion (spec §3). */
import { TextInput } from '@carbon/react';
import { UNIT_SUGGESTION } from '@airman/contracts/constants.ts';

export function UnitInput(props: { id: string; value: string; onChange(value: string): void; onBlur?(): void }) {
  const listId = `${props.id}-suggestions`;
  return (
    <>
      <TextInput
        id={props.id}
        labelText="Unit"
        list={listId}
        autoComplete="off"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
      />
      <datalist id={listId}>
        <option value={UNIT_SUGGESTION} />
      </datalist>
    </>
  );
}
