import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { api, apiLogin, inviteAndRegister, uniqueEmail } from './api.ts';
import { seriousViolations } from './axe.ts';
import { describeE2E } from './browser.ts';
import { focused, tabTo } from './focus.ts';

interface Listed {
  users: { id: string }[];
}

describeE2E('the Users screen’s filters and order', (e2e) => {
  /**
   * A new unit of three: Erin Alpha and Lou Bravo sign in, Bravo last; Gus Charlie is
   * deactivated; Alpha's module is past its due date.
   */
  async function unitOfThree(): Promise<string> {
    const admin = await apiLogin(e2e.baseUrl);
    const unit = `Filters ${Date.now()}`;
    const people = [
      { email: uniqueEmail('early'), first_name: 'Erin', last_name: 'Alpha' },
      { email: uniqueEmail('late'), first_name: 'Lou', last_name: 'Bravo' },
      { email: uniqueEmail('gone'), first_name: 'Gus', last_name: 'Charlie' },
    ];
    const ids: string[] = [];
    for (const p of people) {
      await inviteAndRegister(e2e.baseUrl, p.email, 'Filters-Passw0rd!', { ...p, module: 'ready_airman_training' });
      const { users } = await api<Listed>(
        e2e.baseUrl,
        admin,
        'GET',
        `admin/users?search=${encodeURIComponent(p.email)}`,
      );
      ids.push(users[0]!.id);
    }
    // Bravo signs in last; Charlie is deactivated; Alpha's module is past its due date.
    await apiLogin(e2e.baseUrl, people[0]!.email, 'Filters-Passw0rd!');
    await apiLogin(e2e.baseUrl, people[1]!.email, 'Filters-Passw0rd!');
    await api(e2e.baseUrl, admin, 'POST', `admin/users/${ids[0]}`, {
      unit,
      assignments: [{ key: 'ready_airman_training', due_at: Date.now() - 86_400_000 }],
    });
    await api(e2e.baseUrl, admin, 'POST', `admin/users/${ids[1]}`, { unit });
    await api(e2e.baseUrl, admin, 'POST', `admin/users/${ids[2]}`, { unit, active_at: 0 });
    return unit;
  }

  const names = (page: Page) =>
    page.getByRole('table', { name: 'Users' }).locator('tbody tr td:nth-child(4)').allTextContents();

  it('narrows the list to a unit, an account status and an assignment status, and sorts by last sign-in', async () => {
    const unit = await unitOfThree();
    const page = await e2e.adminTab();
    // Part of the unit's name finds it in the list; choosing it filters by exactly that unit.
    await page.getByRole('combobox', { name: 'Filter by unit' }).fill(unit.slice('Filters '.length));
    await page.getByRole('option').filter({ hasText: unit }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('unit') === unit);
    await page.getByText('3 Users', { exact: true }).waitFor();
    expect(await names(page)).toEqual(['Erin Alpha', 'Lou Bravo', 'Gus Charlie']);
    const lastSignIn = await page
      .getByRole('table', { name: 'Users' })
      .locator('tbody tr td:nth-child(9)')
      .allTextContents();
    expect(lastSignIn[2]).toBe('Never');

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('last_login');
    await page.waitForFunction(
      () => document.querySelector('table[aria-label="Users"] tbody tr td:nth-child(4)')?.textContent === 'Lou Bravo',
    );
    expect(await names(page)).toEqual(['Lou Bravo', 'Erin Alpha', 'Gus Charlie']);

    await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('inactive');
    await page.getByText('1 Users', { exact: true }).waitFor();
    expect(await names(page)).toEqual(['Gus Charlie']);

    await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('');
    await page.getByRole('combobox', { name: 'Filter by module' }).selectOption('ready_airman_training');
    await page.getByRole('combobox', { name: 'Filter by assignment status' }).selectOption('past_due');
    await page.getByText('1 Users', { exact: true }).waitFor();
    expect(await names(page)).toEqual(['Erin Alpha']);
    // The pointer off the table: a hovered row's grey is Carbon's, not this screen's.
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('writes a filter chosen from the keyboard into the URL, keeps the focus on it, and keeps it on reload', async () => {
    const unit = await unitOfThree();
    const page = await e2e.adminTab();
    await page.goto(`/admin?unit=${encodeURIComponent(unit)}`);
    await page.getByText('3 Users', { exact: true }).waitFor();
    const entries = await page.evaluate(() => history.length);
    // From the top of the page, as a keyboard user starts: All statuses, Registered, Active, Inactive.
    await page.keyboard.press('Tab');
    await tabTo(page, 'Filter by status');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.waitForURL((url) => url.searchParams.get('status') === 'inactive');
    await page.getByText('1 Users', { exact: true }).waitFor();
    expect(await names(page)).toEqual(['Gus Charlie']);
    expect(await focused(page)).toMatchObject({ name: 'Filter by status', lost: false });
    expect(new URL(page.url()).searchParams.get('unit')).toBe(unit);
    // Replaced, not pushed: Back leaves the screen.
    expect(await page.evaluate(() => history.length)).toBe(entries);

    await page.reload();
    await page.getByText('1 Users', { exact: true }).waitFor();
    expect(await names(page)).toEqual(['Gus Charlie']);
    expect(await page.getByRole('combobox', { name: 'Filter by status' }).inputValue()).toBe('inactive');
    expect(await page.getByRole('combobox', { name: 'Filter by unit' }).inputValue()).toBe(unit);
    await page.close();
  });

  it('says when the filters match nobody, and clears them from the keyboard, the focus on the first filter', async () => {
    const page = await e2e.adminTab();
    await page.goto(`/admin?unit=${encodeURIComponent(`Nobody ${Date.now()}`)}&status=inactive`);
    await page.getByRole('heading', { name: 'No users match these filters' }).waitFor();
    await page.keyboard.press('Tab');
    await tabTo(page, 'Clear filters');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.search === '');
    await page.locator('table[aria-label="Users"] tbody tr').first().waitFor();
    await expect.poll(() => focused(page)).toEqual({ name: 'Filter by unit', value: '', lost: false });
    expect(await page.getByRole('combobox', { name: 'Filter by status' }).inputValue()).toBe('');
    await page.close();
  });
});
