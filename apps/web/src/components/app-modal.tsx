/**
 * Carbon's Modal, holding focus as a dialog must (WCAG 2.4.3): focus moves in
 * when it opens, Carbon's trap keeps Tab inside, one Escape closes it, and
 * focus returns to what opened it.
 *
 * Our modals mount already open, so Carbon's own first focus (its Close button,
 * on mount) can miss: it runs before a lazy editor's fields exist or while the
 * dialog is still being laid out. Its Close button also shows a tooltip while
 * focused, which takes the first Escape for itself. It returns focus only
 * when `open` turns false, while ours are unmounted. And by default it wraps
 * Tab through hidden 'Focus sentinel' elements outside the dialog, a step a
 * screen reader announces.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FeatureFlags, Modal, type ModalProps } from '@carbon/react';
import { addModalToastSlot } from './modal-toast-slots.ts';
import '../styles/modal.scss';

/** The first field of the dialog's body, where typing starts; a lazy editor's counts once it is there. */
const FIELD =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"], button:not([disabled])';

function firstTarget(root: HTMLElement): HTMLElement | null {
  return (
    root.querySelector<HTMLElement>('[data-modal-primary-focus]') ??
    // A toast's Close button at the body's top (modal-toast-slots.ts) is not where typing starts.
    root.querySelector<HTMLElement>(`.cds--modal-content :is(${FIELD}):not(.modal-toasts *)`) ??
    root.querySelector<HTMLElement>('.cds--modal-footer .cds--btn:not([disabled])') ??
    root.querySelector<HTMLElement>('.cds--modal-close')
  );
}

/** An open AppModal: its root, and the element inside it that last had the focus. */
interface OpenModal {
  root: HTMLElement;
  last: HTMLElement | null;
}

/** The AppModals open now, in the order they opened (the last one is on top). */
const openModals: OpenModal[] = [];

/**
 * Where focus goes back to when the opener is gone or was never known: into the modal still open
 * beneath, where its focus last was (else its first field), never the page behind it; with no
 * modal open, the page's main region. A confirmation over an editor, opened by a click outside
 * the editor (focus on the body then), goes back into the editor this way.
 */
function fallbackTarget(page: Document): HTMLElement | null {
  const below = openModals.at(-1);
  if (below) {
    const { root, last } = below;
    return last?.isConnected && root.contains(last) ? last : firstTarget(root);
  }
  return page.getElementById('main');
}

/** Carbon's props; closing needs no event (ours only unmount the modal). */
export type AppModalProps = Omit<ModalProps, 'onRequestClose'> & {
  onRequestClose(): void;
  /** The dialog is described by its body's text (a confirmation's question), read with its name. */
  describedByBody?: boolean;
};

export function AppModal({ describedByBody, ...props }: AppModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Counted among the open modals, with where its focus last was, from the first paint to unmounting.
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const entry: OpenModal = { root, last: null };
    openModals.push(entry);
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement) entry.last = event.target;
    };
    root.addEventListener('focusin', onFocusIn);
    return () => {
      root.removeEventListener('focusin', onFocusIn);
      openModals.splice(openModals.indexOf(entry), 1);
    };
  }, []);
  useLayoutEffect(() => {
    const dialog = ref.current?.querySelector('[role="dialog"]');
    const body = ref.current?.querySelector('.cds--modal-content');
    if (describedByBody && dialog && body?.id) dialog.setAttribute('aria-describedby', body.id);
  }, [describedByBody]);
  const toastSlot = useRef<HTMLDivElement>(null);
  // Toasts raised while the modal is open show in it (modal-toast-slots.ts).
  useLayoutEffect(() => (toastSlot.current ? addModalToastSlot(toastSlot.current) : undefined), []);
  // What had focus when the modal was asked for: the button that opened it.
  const [opener] = useState(() => {
    const active = document.activeElement;
    return active instanceof HTMLElement && active !== document.body ? active : null;
  });
  // Carbon's Escape listener keeps the handler of the render that opened the modal: it
  // gets a stable one that calls the latest (an editor's guard must see its edits).
  const latestClose = useRef(props.onRequestClose);
  useLayoutEffect(() => {
    latestClose.current = props.onRequestClose;
  });
  const onRequestClose = useCallback(() => latestClose.current(), []);

  // Focus in, once the dialog can take it (it may be mid-layout on the first frame). Carbon's
  // own first focus, on the Close button (its tooltip showing), does not count as placed: the
  // modal opens on its first field.
  useEffect(() => {
    let frame = 0;
    let tries = 0;
    const placed = (root: HTMLElement) => {
      const active = document.activeElement;
      return active instanceof HTMLElement && root.contains(active) && !active.closest('.cds--modal-close');
    };
    const focusIn = () => {
      const root = ref.current;
      if (!root || placed(root)) return;
      const target = firstTarget(root);
      target?.focus();
      if (!placed(root) && !target?.closest('.cds--modal-close') && tries++ < 120)
        frame = requestAnimationFrame(focusIn);
    };
    focusIn();
    return () => cancelAnimationFrame(frame);
  }, []);

  // Back to the opener when the modal goes, unless the closing action put focus somewhere itself.
  // An opener still on the page takes it at once, in the task that closed the modal: a key
  // pressed on a busy machine before a timer ran would otherwise start from the page's top. A
  // closing action that moves focus later still wins, as it moves it after this.
  useEffect(
    () => () => {
      // The page's document as the modal closes, held for the timers below (which may run after a
      // test's document is gone).
      const page = document;
      const unfocused = () => !page.activeElement || page.activeElement === page.body;
      if (unfocused() && opener?.isConnected) {
        opener.focus();
        return;
      }
      setTimeout(() => {
        if (!unfocused()) return;
        // An opener drawn again meanwhile (its screen reloaded what it shows) is found by its id.
        const back = opener?.isConnected ? opener : opener?.id ? page.getElementById(opener.id) : null;
        if (back) back.focus();
        // The opener went with the modal (a guard over an editor that closed too): the
        // editor's own opener takes focus first; the modal beneath or the main region only if
        // nothing did.
        else setTimeout(() => unfocused() && fallbackTarget(page)?.focus());
      });
    },
    [opener],
  );

  // One Escape closes, even on the Close button, whose tooltip would otherwise swallow it.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !(event.target instanceof Element)) return;
      const root = ref.current;
      const close = root?.querySelector('.cds--modal-close-button');
      if (!close?.contains(event.target)) return;
      event.preventDefault();
      event.stopPropagation();
      onRequestClose();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [onRequestClose]);

  // The rest of a double-click that opened the modal (a row's, or a tap on a phone's
  // name link followed by a second) is not the user's first act in it: that second
  // press would land on whatever field now lies under the pointer (a select's native
  // list opened, which took the next Escape). Presses inside the modal count only from
  // a fresh one (click count 1) on. A click from the keyboard (Enter, Space) counts 0: never held back.
  useEffect(() => {
    let fresh = false;
    const onPress = (event: MouseEvent) => {
      if (event.type === 'mousedown' && event.detail === 1) fresh = true;
      if (fresh || event.detail < 2 || !(event.target instanceof Node) || !ref.current?.contains(event.target)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    const types = ['mousedown', 'mouseup', 'click', 'dblclick'] as const;
    for (const type of types) document.addEventListener(type, onPress, true);
    return () => {
      for (const type of types) document.removeEventListener(type, onPress, true);
    };
  }, []);

  // Tab wraps on the keystroke itself, not through hidden 'Focus sentinel' elements outside the dialog.
  return (
    <FeatureFlags enableFocusWrapWithoutSentinels>
      <Modal
        {...props}
        onRequestClose={onRequestClose}
        // Focus that moves on to another modal (a guard over an editor) is not pulled back. Nor is
        // focus that moved to an element removed since (`:not(html, html *)` matches only those):
        // Carbon checks where focus went a moment after it moved, and a row's Remove button, reached
        // by Tab and pressed at once, is gone by then; Carbon took that for focus leaving the dialog
        // and sent it to the Close button, away from where the editor had put it.
        selectorsFloatingMenus={[...(props.selectorsFloatingMenus ?? []), '.cds--modal', ':not(html, html *)']}
        ref={ref}
      >
        <div ref={toastSlot} className="modal-toasts" />
        {props.children}
      </Modal>
    </FeatureFlags>
  );
}
