/**
 * A list's unit filter (unit-filter-combo.tsx), its code (Carbon's ComboBox and downshift: 15 KiB
 * compressed) loaded when the field is first focused or pressed. Until then a plain input in the
 * combo box's markup shows the unit and takes what the user does: the text typed, the keys that
 * open, choose or clear (arrows, Enter, Escape), a press on the field or its arrow, the clear
 * button. Once the code is here (and a press on the stand-in has ended) the combo box takes its
 * place with the focus, and what was typed and clicked is handed to it in order. Once loaded, every
 * unit filter is the combo box from its first render.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { placeCaret, typeInto, useStandIn, type Caret } from '../lib/lazy-field.ts';
import type { UnitFilterProps } from './unit-filter-combo.tsx';
import { DrawnIcon } from './drawn-icon.tsx';
import '../styles/select.scss';
import '../styles/unit-filter.scss';

type Combo = ComponentType<UnitFilterProps>;

let loaded: Combo | undefined;
let loading: Promise<Combo> | undefined;

/** Starts loading the combo box's code (once; again after a failure); resolves to the combo box. */
export function preloadUnitFilter(): Promise<Combo> {
  loading ??= import('./unit-filter-combo.tsx').then(
    (m) => (loaded = m.UnitFilterComboBox),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The keys the combo box acts on besides typing, replayed on it. */
const HANDED_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', 'Escape', 'Home', 'End']);

/** Carbon's ChevronDown and Close icons (16 px), drawn here: the icon modules are the combo box's. */
const CHEVRON = 'M8 11 3 6 3.7 5.3 8 9.6 12.3 5.3 13 6z';
const CLOSE =
  'M17.4141 16 24 9.4141 22.5859 8 16 14.5859 9.4143 8 8 9.4141 14.5859 16 8 22.5859 9.4143 24 16 17.4141 22.5859 24 24 22.5859 17.4141 16z';

interface Handover {
  /** What was typed, if anything. */
  text: string | null;
  keys: Pick<KeyboardEventInit, 'key' | 'code' | 'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey'>[];
  /** The field or its arrow was clicked: the combo box opens its list. */
  clicked: boolean;
}

/** The next task: the combo box has rendered what the last event changed. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Hands the stand-in's input over to the combo box's as a user goes about it: a click (it opens
 * the list), the text typed and where the caret was in it, then the keys.
 */
async function handOver(
  input: HTMLInputElement,
  focused: boolean,
  caret: Caret | null,
  { text, keys, clicked }: Handover,
) {
  if (focused) input.focus();
  if (clicked) {
    input.click();
    await nextTask();
  }
  if (text !== null && text !== input.value) {
    typeInto(input, text);
    await nextTask();
  }
  if (focused) placeCaret(input, caret);
  for (const key of keys) {
    input.dispatchEvent(new KeyboardEvent('keydown', { ...key, bubbles: true, cancelable: true }));
    await nextTask();
  }
}

export function UnitFilter(props: UnitFilterProps) {
  const { id, label, value, units, onChange } = props;
  const standIn = useStandIn(preloadUnitFilter, loaded ?? null);
  const { Field, input: light, load, handedOver } = standIn;
  const [text, setText] = useState<string | null>(null);
  const handover = useRef<Handover>({ text: null, keys: [], clicked: false });

  // The code already on its way (another list's filter): no waiting for the field to be used.
  useEffect(() => {
    if (loading && !loaded) load();
  }, [load]);
  // The combo box in place: the focus and what the user did go to its input, in the commit that
  // puts it there (the stand-in's input, focused, is gone: a key pressed before a later effect
  // would go to the page).
  useLayoutEffect(() => {
    if (!Field) return;
    const input = document.getElementById(id);
    if (!(input instanceof HTMLInputElement)) return;
    const done = handover.current;
    handover.current = { text: null, keys: [], clicked: false };
    const { focused, caret } = handedOver();
    void handOver(input, focused, caret, done);
  }, [Field, id, handedOver]);

  if (Field) return <Field {...props} />;

  const current = text ?? value ?? '';
  const labelId = `${id}-label`;
  const helperId = `${id}-helper-text`;
  // What the stand-in shows, and hands over.
  const type = (typed: string) => {
    handover.current.text = typed;
    setText(typed);
  };
  const click = () => {
    handover.current.clicked = true;
    light.current?.focus();
  };
  return (
    <div className="unit-filter">
      <div className="cds--list-box__wrapper">
        <label className="cds--label" id={labelId} htmlFor={id} dir="auto">
          {label}
        </label>
        <div className="cds--combo-box cds--list-box">
          <div className="cds--list-box__field">
            <input
              ref={light}
              id={id}
              className={current ? 'cds--text-input' : 'cds--text-input cds--text-input--empty'}
              type="text"
              role="combobox"
              aria-haspopup="listbox"
              aria-autocomplete="list"
              aria-expanded="false"
              aria-controls={`${id}-menu`}
              aria-labelledby={labelId}
              aria-describedby={units === undefined ? helperId : undefined}
              autoComplete="off"
              placeholder="All units"
              title={current}
              value={current}
              onChange={(event) => type(event.target.value)}
              onFocus={standIn.onFocus}
              onBlur={standIn.onBlur}
              onPointerDown={standIn.onPointerDown}
              onClick={() => (handover.current.clicked = true)}
              onKeyDown={(event) => {
                if (!HANDED_KEYS.has(event.key)) return;
                event.preventDefault();
                const { key, code, altKey, shiftKey, ctrlKey, metaKey } = event;
                handover.current.keys.push({ key, code, altKey, shiftKey, ctrlKey, metaKey });
              }}
            />
            {current && (
              <button
                type="button"
                className="cds--list-box__selection"
                tabIndex={-1}
                aria-label="Clear selected item"
                title="Clear selected item"
                onPointerDown={standIn.onPointerDown}
                onClick={() => {
                  type('');
                  if (value !== undefined) onChange(undefined);
                  light.current?.focus();
                }}
              >
                <DrawnIcon path={CLOSE} viewBox="0 0 32 32" />
              </button>
            )}
            <button
              type="button"
              className="cds--list-box__menu-icon"
              tabIndex={-1}
              aria-label="Open"
              title="Open"
              aria-controls={`${id}-menu`}
              aria-expanded="false"
              onPointerDown={standIn.onPointerDown}
              onClick={click}
            >
              <DrawnIcon path={CHEVRON} viewBox="0 0 16 16" />
            </button>
          </div>
          <ul id={`${id}-menu`} className="cds--list-box__menu" role="listbox" aria-labelledby={labelId} />
        </div>
        {units === undefined && (
          <div id={helperId} className="cds--form__helper-text" dir="auto">
            Loading units…
          </div>
        )}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite" />
    </div>
  );
}
