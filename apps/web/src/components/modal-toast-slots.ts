/**
 * Where toasts show while a modal is open: a slot at the top of each open modal's
 * body, the newest modal's first. A toast over the page would cover the modal's
 * edge (its Close button, on a phone its first field), and a screen reader in a
 * modal dialog reads nothing outside it.
 */
const slots: HTMLElement[] = [];
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Registers an open modal's slot; the returned function takes it away as the modal closes. */
export function addModalToastSlot(slot: HTMLElement): () => void {
  slots.push(slot);
  changed();
  return () => {
    const at = slots.indexOf(slot);
    if (at >= 0) slots.splice(at, 1);
    changed();
  };
}

export function subscribeModalToastSlots(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The slot of the modal opened last that is still in the document, or null when no modal is
 * open: a modal taken out of the page before it could say so leaves no slot to toast into.
 */
export function topModalToastSlot(): HTMLElement | null {
  return slots.findLast((slot) => slot.isConnected) ?? null;
}
