/**
 * The date field (date-field.tsx), its code (Carbon's DatePicker, flatpickr: 29 KiB) loaded when
 * the field is first focused or pressed, or when preloadDateField is called (a filter bar being
 * entered). Until then a plain input in Carbon's date-input markup shows the date, takes typing,
 * and keeps a complete date on Enter or on leaving the field, as the date field does; once the
 * code is there (and a press on the plain input has ended) the date field takes its place with
 * what was typed, the focus, and a click on the plain input, which opens its calendar.
 */
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { placeCaret, typeInto, useStandIn } from '../lib/lazy-field.ts';
import type { DateFieldProps } from './date-field.tsx';
import { DrawnIcon } from './drawn-icon.tsx';

/** Carbon's Calendar icon (16 px), drawn here: its icon module would split the shared Carbon chunk. */
const CALENDAR =
  'M26,4h-4V2h-2v2h-8V2h-2v2H6C4.9,4,4,4.9,4,6v20c0,1.1,0.9,2,2,2h20c1.1,0,2-0.9,2-2V6C28,4.9,27.1,4,26,4z M26,26H6V12h20 V26z M26,10H6V6h4v2h2V6h8v2h2V6h4V10z';

let loading: Promise<ComponentType<DateFieldProps>> | undefined;

/** Starts loading the date field's code (once); resolves to the field. */
export function preloadDateField(): Promise<ComponentType<DateFieldProps>> {
  loading ??= import('./date-field.tsx').then((m) => m.DateField);
  return loading;
}

/** The date typed as m/d/yyyy, as date-field.tsx's parseTypedDate (repeated here: that module is the lazy one). */
function parseTyped(text: string): Date | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > new Date(year, month, 0).getDate()) return null;
  return new Date(year, month - 1, day);
}

/** mm/dd/yyyy, as the date field shows a date. */
function shown(date: Date | undefined): string {
  if (!date) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getMonth() + 1)}/${two(date.getDate())}/${date.getFullYear()}`;
}

export function LazyDateField(props: DateFieldProps) {
  const { id, labelText, hideLabel, size, value, onChange, primaryFocus } = props;
  const standIn = useStandIn(preloadDateField);
  const { Field, input: light, load, handedOver } = standIn;
  const [text, setText] = useState<string | null>(null);
  /** What was typed in the plain input, and whether it was clicked. */
  const handover = useRef({ text: null as string | null, clicked: false });
  // A field already loaded elsewhere on the page (the other date of a range): no plain input.
  useEffect(() => {
    if (loading) load();
  }, [load]);
  // The date field in place (after its own effects, which set up its listeners and flatpickr): the
  // focus, what was typed and where the caret was in it go to its input.
  useEffect(() => {
    if (!Field) return;
    const input = document.getElementById(id);
    if (!(input instanceof HTMLInputElement)) return;
    const { text: typed, clicked } = handover.current;
    const { focused, caret } = handedOver();
    const handOver = () => {
      if (typed !== null && typed !== input.value) typeInto(input, typed);
      if (!focused) return;
      if (document.activeElement !== input) input.focus();
      placeCaret(input, caret);
    };
    handOver();
    // Carbon's DatePicker sets flatpickr up a second time once it has seen its input (a render of
    // its own, within the same task), writing the field's date over the input and moving the
    // caret to its end: once it has, the text typed and the caret go back, and a click on the
    // plain input opens the calendar that a click on the field opens.
    const timer = setTimeout(() => {
      if (!input.isConnected) return;
      handOver();
      if (focused && clicked) input.click();
    }, 0);
    return () => clearTimeout(timer);
  }, [Field, id, handedOver]);

  if (Field) return <Field {...props} />;

  const current = text ?? shown(value);
  const commit = () => {
    const date = parseTyped(current);
    if (date && date.getTime() !== value?.getTime()) onChange(date);
    else if (current.trim() === '' && value) onChange(undefined);
  };
  return (
    <div className="date-field">
      <div className="cds--form-item">
        <div className="cds--date-picker cds--date-picker--single">
          <div className="cds--date-picker-container">
            <label htmlFor={id} className={hideLabel ? 'cds--label cds--visually-hidden' : 'cds--label'}>
              {labelText}
            </label>
            <div className="cds--date-picker-input__wrapper">
              <span>
                <input
                  ref={light}
                  id={id}
                  type="text"
                  className={
                    size ? `cds--date-picker__input cds--date-picker__input--${size}` : 'cds--date-picker__input'
                  }
                  placeholder="mm/dd/yyyy"
                  value={current}
                  onChange={(event) => {
                    handover.current.text = event.target.value;
                    setText(event.target.value);
                  }}
                  onFocus={standIn.onFocus}
                  onPointerDown={standIn.onPointerDown}
                  onClick={() => (handover.current.clicked = true)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      commit();
                    }
                  }}
                  onBlur={() => {
                    standIn.onBlur();
                    commit();
                  }}
                  {...(primaryFocus ? { 'data-modal-primary-focus': true } : {})}
                />
                <DrawnIcon className="cds--date-picker__icon" path={CALENDAR} viewBox="0 0 32 32" role="img" />
              </span>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
