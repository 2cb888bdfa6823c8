/**
 * Says something to a screen reader that no focus move says: a polite live
 * region of the page, visually hidden. It is put in the page ahead of the first
 * message (prepareAnnouncer), as a region that appears with its text already in
 * it is not read; each message replaces the last, a moment after the region is
 * emptied, so the same words said twice are heard twice.
 */
const ID = 'app-announcer';

function region(): HTMLElement {
  const existing = document.getElementById(ID);
  if (existing) return existing;
  const el = document.createElement('div');
  el.id = ID;
  el.className = 'visually-hidden';
  el.setAttribute('role', 'status');
  el.setAttribute('aria-live', 'polite');
  document.body.append(el);
  return el;
}

/** Puts the live region in the page, if it is not there yet. */
export function prepareAnnouncer(): void {
  region();
}

let pending: ReturnType<typeof setTimeout> | undefined;

/** Says `message` politely. */
export function announce(message: string): void {
  const el = region();
  el.textContent = '';
  clearTimeout(pending);
  pending = setTimeout(() => {
    el.textContent = message;
  }, 100);
}
