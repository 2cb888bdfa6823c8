/** Where the keyboard is, and getting there with Tab alone (no `.focus()`, no `locator.press()`). */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

export interface Focused {
  /** Its name as a screen reader gets it from its aria-label, its label, or its text. */
  name: string;
  /** A field's value; null for anything else. */
  value: string | null;
  /** Whether focus is on the page's body (lost) rather than on an element. */
  lost: boolean;
}

/** The focused element. */
export function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement;
    const lost = !el || el === document.body;
    if (!(el instanceof HTMLElement)) return { name: '', value: null, lost };
    const labels = 'labels' in el ? (el as HTMLInputElement).labels : null;
    const name = el.getAttribute('aria-label') ?? labels?.[0]?.textContent ?? el.textContent ?? '';
    const value = el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.value : null;
    return { name: name.replace(/\s+/g, ' ').trim(), value, lost };
  });
}

/**
 * Presses Tab (Shift+Tab with `back`) until the element named `name` has the
 * focus; fails after `max` presses, or as soon as focus falls to the body.
 */
export async function tabTo(page: Page, name: string, { back = false, max = 120 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    const now = await focused(page);
    expect(now.lost, `focus was lost on the way to '${name}'`).toBe(false);
    if (now.name === name) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`'${name}' not reached in ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

/**
 * A Carbon checkbox whose label is for screen readers only, by that label: its
 * visible box is the label element, which takes the click (the input under it
 * is hidden).
 */
export function checkbox(scope: Locator, name: string): Locator {
  return scope.locator('label.cds--checkbox-label', { has: scope.page().getByText(name, { exact: true }) });
}

/**
 * On the focused native select: moves by ArrowDown, then ArrowUp from the last option, until its
 * value is `value` (the list may hold any number of modules other tests made, in any order). An
 * end of the list is where the selected position stops moving: two options may share a value.
 */
export async function arrowToOption(page: Page, value: string): Promise<void> {
  const current = () =>
    page.evaluate(() => {
      const select = document.activeElement as HTMLSelectElement | null;
      return { value: select?.value ?? '', index: select?.selectedIndex ?? -1 };
    });
  for (const key of ['ArrowDown', 'ArrowUp']) {
    let before = await current();
    while (before.value !== value) {
      await page.keyboard.press(key);
      const after = await current();
      if (after.index === before.index) break;
      before = after;
    }
    if (before.value === value) return;
  }
  throw new Error(`no option ${value} in the focused select`);
}
