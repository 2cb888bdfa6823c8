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
