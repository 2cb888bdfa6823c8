/**
 * Nothing typed in the invite modal is lost, by keyboard alone (Tab, Shift+Tab, arrows, Enter,
 * Space, Escape; never `.focus()` or `locator.press()`): Escape with the due date's calendar
 * open closes only the calendar; the next Escape asks before discarding; keeping the edits keeps
 * the text and the focus in the modal; and the focus is never on the page's body.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2E } from './browser.ts';
import { arrowToOption, focused, tabTo } from './focus.ts';

const MODULE = 'ready_airman_training';
const ADDRESSES = 'keep.one@example.com keep.two@example.com';

/** The focused element's name, failing if the focus is on the page's body. */
async function focusName(page: Page, step: string): Promise<string> {
  const now = await focused(page);
  expect(now.lost, `focus on the body after ${step}`).toBe(false);
  return now.name;
}

const calendarOpen = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('.flatpickr-calendar')).some((c) => c.classList.contains('open')),
  );

describeE2E('typed work in the invite modal', (e2e) => {
  it('Escape closes only the open calendar, then asks before discarding; keeping keeps it all', async () => {
    const { context, page } = await e2e.adminPage('/admin', { viewport: { width: 1366, height: 768 } });
    await page.getByRole('button', { name: 'Invite User +' }).waitFor();
    await page.keyboard.press('Tab');
    await tabTo(page, 'Invite User +');
    await page.keyboard.press('Enter');
    const invite = page.getByRole('dialog', { name: 'Invite Users' });
    await invite.waitFor();
    const addresses = invite.getByLabel('E-mail addresses');
    await expect.poll(() => focusName(page, 'opening')).toBe('E-mail addresses');
    await page.keyboard.type(ADDRESSES);

    // A module, then a date picked in the calendar: Tab into it (today), one day on, Enter.
    await page.keyboard.press('Tab');
    expect(await focusName(page, 'Tab')).toBe('Module for all invitees (optional)');
    await arrowToOption(page, MODULE);
    await page.keyboard.press('Tab');
    expect(await focusName(page, 'Tab')).toBe('Due date (optional)');
    const tomorrow = await page.evaluate(() => {
      const d = new Date();
      d.setDate(d.getDate() + 1);
      const two = (n: number) => String(n).padStart(2, '0');
      return {
        text: `${two(d.getMonth() + 1)}/${two(d.getDate())}/${d.getFullYear()}`,
        label: d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' }),
      };
    });
    await page.keyboard.press('Tab');
    await expect.poll(() => calendarOpen(page)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusName(page, 'ArrowRight')).toContain(tomorrow.label);
    await page.keyboard.press('Enter');
    const due = invite.getByLabel('Due date (optional)');
    await expect.poll(() => due.inputValue()).toBe(tomorrow.text);
    await focusName(page, 'Enter in the calendar');

    // The calendar open again (Tab from the field), on the date picked: Escape closes it alone.
    if ((await focusName(page, 'picking')) !== 'Due date (optional)') await tabTo(page, 'Due date (optional)');
    await page.keyboard.press('Tab');
    await expect.poll(() => calendarOpen(page)).toBe(true);
    await expect.poll(() => focusName(page, 'Tab into the calendar')).toContain(tomorrow.label);
    await page.keyboard.press('Escape');
    await expect.poll(() => calendarOpen(page)).toBe(false);
    expect(await focusName(page, 'Escape in the calendar')).toBe('Due date (optional)');
    expect(await invite.isVisible()).toBe(true);
    expect(await page.getByRole('dialog', { name: 'Discard unsaved changes?' }).count()).toBe(0);
    expect(await addresses.inputValue()).toBe(ADDRESSES);
    expect(await due.inputValue()).toBe(tomorrow.text);

    // Escape again: the question, on Keep editing.
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await ask.waitFor();
    await expect.poll(() => focusName(page, 'the second Escape')).toBe('Keep editing');
    await page.keyboard.press('Enter');
    await ask.waitFor({ state: 'detached' });
    await expect.poll(() => focusName(page, 'Keep editing')).toBe('Due date (optional)');
    expect(await invite.isVisible()).toBe(true);
    expect(await addresses.inputValue()).toBe(ADDRESSES);
    expect(await due.inputValue()).toBe(tomorrow.text);
    expect(await invite.getByLabel('Module for all invitees (optional)').inputValue()).toBe(MODULE);

    // Discarding, at last, by Tab to the button and Space: focus goes back to the opener. The
    // field's focus may have opened its calendar again (flatpickr opens it on focus, as the focus
    // arrives): an Escape for it first, once it has closed the calendar, then the one that asks.
    if (await calendarOpen(page)) {
      await page.keyboard.press('Escape');
      await expect.poll(() => calendarOpen(page)).toBe(false);
      expect(await invite.isVisible()).toBe(true);
      expect(await ask.count()).toBe(0);
    }
    await page.keyboard.press('Escape');
    await ask.waitFor();
    await expect.poll(() => focusName(page, 'asking again')).toBe('Keep editing');
    await page.keyboard.press('Tab');
    expect(await focusName(page, 'Tab in the question')).toBe('Discard changes');
    await page.keyboard.press('Space');
    await invite.waitFor({ state: 'detached' });
    await expect.poll(() => focusName(page, 'discarding')).toBe('Invite User +');
    await context.close();
  });
});
