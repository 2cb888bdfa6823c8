/**
 * What a field whose code loads on first use (LazyDateField, UnitFilter) needs to hand over from
 * its stand-in to the loaded field: whether it is still on the page when the code arrives, a
 * press on the stand-in let finish before the swap, the text typed put into the loaded field's
 * input as typing puts it there, and the caret where it was.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

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
export interface PressHold {
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
export function usePressHold(): PressHold {
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
