/**
 * The one date field of the app: Carbon's DatePicker, whose typed date is kept.
 *
 * Carbon's field reads what was typed only when flatpickr gets to it, and Tab
 * got there first: it opened the calendar on today's date, where Enter wrote
 * today over the typed one, and the form's button stayed disabled meanwhile. Here
 * a complete date (mm/dd/yyyy) counts as it is typed; Tab keeps it and moves
 * into the calendar opened on it (decision 010); Enter keeps it and stays in the
 * field; leaving the field keeps it. Escape with the calendar open closes the
 * calendar alone, never the modal the field is in. Anything else typed is marked invalid and
 * left as it was, never read as some other date.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { DatePicker, DatePickerInput } from '@carbon/react';

export const DATE_FORMAT_HINT = 'Enter the date as mm/dd/yyyy, for example 12/31/2026.';

/** The date typed as m/d/yyyy (leading zeros optional), at local midnight; null when it is not one. */
export function parseTypedDate(text: string): Date | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > new Date(year, month, 0).getDate()) return null;
  return new Date(year, month - 1, day);
}

/** What this field uses of the flatpickr instance Carbon puts on its input. */
interface Picker {
  selectedDates: Date[];
  isOpen: boolean;
  calendarContainer?: HTMLElement;
  setDate(date: Date, triggerChange: boolean): void;
  clear(): void;
  close(): void;
}

export interface DateFieldProps {
  id: string;
  labelText: string;
  hideLabel?: boolean;
  size?: 'sm' | 'md' | 'lg';
  /** The date shown; undefined for none. */
  value?: Date;
  /** A new date (undefined: the field was emptied). */
  onChange(date: Date | undefined): void;
  /** Where a modal puts its first focus (AppModal). */
  primaryFocus?: boolean;
}

export function DateField({ id, labelText, hideLabel, size, value, onChange, primaryFocus }: DateFieldProps) {
  const root = useRef<HTMLDivElement>(null);
  const [invalid, setInvalid] = useState(false);
  const latest = useRef(onChange);
  const time = value?.getTime();
  const latestTime = useRef(time);
  // Before any effect of the picker's: a date emptied from outside (a Clear filters) makes Carbon clear
  // the picker in its own effect, which reports the change; it must reach this render's handler.
  useLayoutEffect(() => {
    latest.current = onChange;
    latestTime.current = time;
  });
  // Carbon sets the picker's date again whenever `value` is a new object: only a new date is.
  const shown = useMemo(() => (time === undefined ? undefined : new Date(time)), [time]);

  useEffect(() => {
    const wrapper = root.current;
    if (!wrapper) return;
    const input = () => wrapper.querySelector<HTMLInputElement>('input');
    const picker = () => (input() as (HTMLInputElement & { _flatpickr?: Picker }) | null)?._flatpickr;

    /** Takes the typed text as the field's date; false when it is not a date. */
    const commit = (): boolean => {
      const field = input();
      const fp = picker();
      if (!field || !fp) return true;
      const text = field.value.trim();
      if (text === '') {
        setInvalid(false);
        if (fp.selectedDates.length > 0) fp.clear();
        return true;
      }
      const date = parseTypedDate(text);
      if (!date) {
        setInvalid(true);
        return false;
      }
      setInvalid(false);
      if (fp.selectedDates[0]?.getTime() !== date.getTime()) fp.setDate(date, true);
      return true;
    };

    // Capture listeners on the wrapper run before Carbon's and flatpickr's on the input.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.target !== input()) return;
      if (event.key === 'Enter') {
        commit();
        picker()?.close();
        // flatpickr would read the text its own way and then blur the field (focus to the body).
        event.preventDefault();
        event.stopPropagation();
      } else if (event.key === 'Tab' && !event.shiftKey && !commit()) {
        // Not a date: Tab moves on as usual, not into a calendar that would offer today's.
        picker()?.close();
        event.stopPropagation();
      }
    };
    const onBlur = (event: FocusEvent) => {
      if (event.target !== input()) return;
      const into = event.relatedTarget;
      if (into instanceof Node && picker()?.calendarContainer?.contains(into)) return;
      commit();
      // flatpickr's own reading would turn 13/45/2026 into 1/1/2026, or empty the field.
      event.stopPropagation();
    };
    const onInput = (event: Event) => {
      const field = input();
      if (event.target !== field || !field) return;
      const date = parseTypedDate(field.value);
      if (date) {
        setInvalid(false);
        latest.current(date);
      }
    };
    // Escape with the calendar open closes the calendar, and only it: the modal around the field
    // (Carbon's Escape listener on the document) never sees the key, so neither it nor what was
    // typed in it goes. Focus returns to the field, where the date is read out. On the window,
    // in the capture phase: before flatpickr's and Carbon's listeners, wherever the focus is.
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const field = input();
      const fp = picker();
      const calendar = fp?.calendarContainer;
      if (!field || !fp || !(fp.isOpen || calendar?.classList.contains('open'))) return;
      const target = event.target;
      if (!(target instanceof Node) || !(wrapper.contains(target) || calendar?.contains(target))) return;
      event.preventDefault();
      event.stopPropagation();
      if (document.activeElement !== field) field.focus();
      fp.close();
      calendar?.classList.remove('open');
    };
    window.addEventListener('keydown', onEscape, true);
    wrapper.addEventListener('keydown', onKeyDown, true);
    wrapper.addEventListener('blur', onBlur, true);
    wrapper.addEventListener('input', onInput, true);
    return () => {
      window.removeEventListener('keydown', onEscape, true);
      wrapper.removeEventListener('keydown', onKeyDown, true);
      wrapper.removeEventListener('blur', onBlur, true);
      wrapper.removeEventListener('input', onInput, true);
    };
  }, []);

  return (
    <div ref={root} className="date-field">
      <DatePicker
        datePickerType="single"
        value={shown}
        onChange={(dates: Date[]) => {
          setInvalid(false);
          // Carbon's echo of a date emptied from outside: already none, nothing to report.
          if (dates[0] === undefined && latestTime.current === undefined) return;
          latest.current(dates[0]);
        }}
      >
        <DatePickerInput
          id={id}
          labelText={labelText}
          hideLabel={hideLabel}
          size={size}
          placeholder="mm/dd/yyyy"
          invalid={invalid}
          invalidText={DATE_FORMAT_HINT}
          {...(primaryFocus ? { 'data-modal-primary-focus': true } : {})}
        />
      </DatePicker>
    </div>
  );
}
