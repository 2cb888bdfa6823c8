import { useState, type ReactNode } from 'react';
import { TextInput } from '@carbon/react';
import { useInvalid } from './field-errors-context.tsx';

/** A comma-separated list of item names, committed when the field loses focus. */
export function ItemsInput(props: {
  id: string;
  labelText: ReactNode;
  value: string[];
  disabled: boolean;
  onChange(items: string[]): void;
}) {
  const [text, setText] = useState(props.value.join(', '));
  const invalid = useInvalid(props.id);
  return (
    <TextInput
      id={props.id}
      size="sm"
      labelText={props.labelText}
      value={text}
      disabled={props.disabled}
      {...invalid}
      onChange={(e) => setText(e.target.value)}
      onBlur={() =>
        props.onChange(
          text
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        )
      }
    />
  );
}
