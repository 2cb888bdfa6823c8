/**
 * A field whose code loads on first use (LazyDateField, UnitFilter): a stand-in input until the
 * code is here, then the loaded field in its place (useStandIn), with what the stand-in held
 * handed over: whether it had the focus, the text typed (put into the loaded field's input as
 * typing puts it there) and the caret where it was.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** True while the component is on the page. */
export function useMounted(): RefObject<boolean> {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}

/** A press on a stand-in that holds its swap (usePressHold). */
interface PressHold {
  /** A press began on the stand-in (its pointerdown): a swap waits for it to end. */
  press(): void;
  /** Runs the swap now, or once the press under way has ended, after the click its release makes. */
  afterPress(swap: () => void): void;
}

/**
 * Holds a stand-in's swap for its loaded field while a press on the stand-in is in progress:
 * Chromium sends no click for a press whose element is gone by the release, so a field put in
 * place mid-press would never hear it (a list or a calendar would not open, the focus would go
 * to the page). The release's click is sent with it, in the same task: the swap runs a task later.
 */
function usePressHold(): PressHold {
  const [hold] = useState(() => {
    let pressing = false;
    let waiting: (() => void) | null = null;
    const release = () => {
      document.removeEventListener('pointerup', release, true);
      document.removeEventListener('pointercancel', release, true);
      setTimeout(() => {
        pressing = false;
        const swap = waiting;
        waiting = null;
        swap?.();
      }, 0);
    };
    return {
      press() {
        if (pressing) return;
        pressing = true;
        document.addEventListener('pointerup', release, true);
        document.addEventListener('pointercancel', release, true);
      },
      afterPress(swap: () => void) {
        if (pressing) waiting = swap;
        else swap();
      },
    };
  });
  return hold;
}

/** A field's stand-in until its code is here, and the loaded field once it is. */
export interface StandIn<F> {
  /** The loaded field, once it has taken the stand-in's place. */
  Field: F | null;
  /** The stand-in's input. */
  input: RefObject<HTMLInputElement | null>;
  /** Loads the field's code (once) and puts the field in place, after a press under way has ended. */
  load(): void;
  /** The stand-in input's handlers: the focus kept, a press held, the code loaded. */
  onFocus(): void;
  onBlur(): void;
  onPointerDown(): void;
  /** Whether the stand-in had the focus as the field took its place, and where its caret was. */
  handedOver(): { focused: boolean; caret: Caret | null };
}

/**
 * The swap from a stand-in to its loaded field: `preload` (stable: a module's own function)
 * resolves to the field; `initial` is the field when its code is here before the first render.
 * A press on the stand-in is let finish first (usePressHold). Whether the stand-in has the focus
 * is kept from its own focus and blur: React hears no blur as it takes the input off the page, so
 * a swap decided before a click still hands the focus over. Code that does not load (offline)
 * leaves the stand-in in place; the next focus or press tries again.
 */
export function useStandIn<F>(preload: () => Promise<F>, initial: F | null = null): StandIn<F> {
  const [Field, setField] = useState<F | null>(() => initial);
  const input = useRef<HTMLInputElement>(null);
  /** The stand-in's input, kept as the field replaces it: where its caret was. */
  const standIn = useRef<HTMLInputElement | null>(null);
  const focused = useRef(false);
  const mounted = useMounted();
  const hold = usePressHold();
  const load = useCallback(() => {
    void preload().then(
      (field) =>
        hold.afterPress(() => {
          if (!mounted.current) return;
          standIn.current = input.current;
          setField(() => field);
        }),
      () => undefined,
    );
  }, [preload, hold, mounted]);
  // Read in the effect that puts the field in place; stable, so that effect runs once a swap.
  const handedOver = useCallback(() => ({ focused: focused.current, caret: caretOf(standIn.current) }), []);
  return {
    Field,
    input,
    load,
    onFocus() {
      focused.current = true;
      load();
    },
    onBlur() {
      focused.current = false;
    },
    onPointerDown() {
      hold.press();
      load();
    },
    handedOver,
  };
}

/** Puts the text into the input as typing does: the value, then an input event React hears. */
export function typeInto(input: HTMLInputElement, text: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The caret or selection in a stand-in's input, with the text it was in. */
export interface Caret {
  text: string;
  start: number;
  end: number;
  direction: 'forward' | 'backward' | 'none';
}

/** Where the caret is in an input: an input keeps it once React has taken it off the page. */
export function caretOf(input: HTMLInputElement | null): Caret | null {
  if (!input || input.selectionStart === null || input.selectionEnd === null) return null;
  const { value: text, selectionStart: start, selectionEnd: end, selectionDirection } = input;
  return { text, start, end, direction: selectionDirection ?? 'none' };
}

/**
 * Puts the caret where it was in the stand-in when the loaded field holds the same text: text
 * selected before the code arrived (Ctrl+A, to type over it) is still selected, and what is typed
 * next replaces it rather than joining it.
 */
export function placeCaret(input: HTMLInputElement, caret: Caret | null): void {
  if (caret && input.value === caret.text) input.setSelectionRange(caret.start, caret.end, caret.direction);
}
