/** A gauge → change table (an action's or an event choice's results): a field per gauge, added from a list. */
import { Button, Select, SelectItem, TextInput } from '@carbon/react';
import { parseInteger } from '../module-editor-model.ts';

interface Props {
  idPrefix: string;
  results: Readonly<Record<string, number>>;
  gauges: string[];
  disabled: boolean;
  onChange(results: Record<string, number>): void;
}

export function ResultsInput({ idPrefix, results: table, gauges, disabled, onChange }: Props) {
  const results = Object.entries(table);
  const unusedGauges = gauges.filter((g) => !(g in table));
  return (
    <div className="action-row__results">
      <span className="action-row__label">Results</span>
      {results.map(([gauge, value], n) => (
        <span key={gauge} className="action-row__result">
          <TextInput
            // By position: a gauge's name may hold spaces or other characters an id cannot.
            id={`${idPrefix}-result-${n}`}
            labelText={`${gauge} change`}
            type="number"
            step={1}
            value={String(value)}
            disabled={disabled}
            onChange={(e) => onChange({ ...table, [gauge]: parseInteger(e.target.value) })}
          />
          <Button
            kind="ghost"
            size="sm"
            disabled={disabled}
            onClick={() => onChange(Object.fromEntries(results.filter(([g]) => g !== gauge)))}
          >
            Remove<span className="visually-hidden"> result {gauge}</span>
          </Button>
        </span>
      ))}
      {unusedGauges.length > 0 && (
        <Select
          id={`${idPrefix}-add-result`}
          labelText="Add a result for gauge"
          value=""
          disabled={disabled}
          onChange={(e) => e.target.value && onChange({ ...table, [e.target.value]: 0 })}
        >
          <SelectItem value="" text="Choose a gauge" />
          {unusedGauges.map((g) => (
            <SelectItem key={g} value={g} text={g} />
          ))}
        </Select>
      )}
    </div>
  );
}
