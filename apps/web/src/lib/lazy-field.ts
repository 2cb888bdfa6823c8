/**
 * What a field whose code loads on first use (LazyDateField, UnitFilter) needs to hand over from
 * its stand-in to the loaded field: whether it is still on the page when the code arrives, and
 * the text typed put into the loaded field's input as typing puts it there.
 */
import { useEffect, useRef, type RefObject } from 'react';

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
