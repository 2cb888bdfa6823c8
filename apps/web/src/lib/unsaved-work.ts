/**
 * Work the page holds that the server does not have yet: a dirty editor, an
 * autosave waiting for its debounce or its answer. Reloading, going Back past
 * the app or closing the tab while any is held asks first (the browser's own
 * "Leave site?" dialog), and pending autosaves start saving at once, so a user
 * who stays loses nothing and one who leaves a moment later most likely neither.
 */
export interface UnsavedWork {
  /** Whether something is held now. */
  unsaved(): boolean;
  /** Starts saving what can be saved without asking (an autosave's pending patch). */
  flush?(): void;
}

const held = new Set<UnsavedWork>();

function onBeforeUnload(event: BeforeUnloadEvent): void {
  let unsaved = false;
  for (const work of held) {
    if (!work.unsaved()) continue;
    unsaved = true;
    work.flush?.();
  }
  if (!unsaved) return;
  event.preventDefault();
  // Older Chromium and Safari ask only when returnValue is set as well.
  event.returnValue = '';
}

/** Counts `work` until the returned function is called. */
export function holdUnsavedWork(work: UnsavedWork): () => void {
  if (typeof window === 'undefined') return () => undefined;
  if (held.size === 0) window.addEventListener('beforeunload', onBeforeUnload);
  held.add(work);
  return () => {
    held.delete(work);
    if (held.size === 0) window.removeEventListener('beforeunload', onBeforeUnload);
  };
}
