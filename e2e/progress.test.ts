import { expect, it } from 'vitest';
import { api, apiLogin, inviteAndRegister, uniqueEmail } from './api.ts';
import { seriousViolations } from './axe.ts';
import { describeE2E } from './browser.ts';
import { focused, tabTo } from './focus.ts';

const DAY = 86_400_000;

interface Listed {
  users: { id: string; user_name: string }[];
}

describeE2E('the Progress page', (e2e) => {
  /** Two trainees of a unit of their own with ready_airman_training: one past its due date, one due ahead. */
  async function unitWithTrainees() {
    const admin = await apiLogin(e2e.baseUrl);
    const unit = `Progress ${Date.now()}`;
    const late = uniqueEmail('late');
    const onTime = uniqueEmail('ontime');
    await inviteAndRegister(e2e.baseUrl, late, 'Progress-Passw0rd!', {
      first_name: 'Lena',
      last_name: 'Late',
      rank: 'SrA',
      module: 'ready_airman_training',
    });
    await inviteAndRegister(e2e.baseUrl, onTime, 'Progress-Passw0rd!', {
      first_name: 'Otto',
      last_name: 'Ontime',
      rank: 'A1C',
      module: 'ready_airman_training',
    });
    const ids: Record<string, string> = {};
    for (const [email, due] of [
      [late, Date.now() - 3 * DAY - 3_600_000],
      [onTime, Date.now() + 10 * DAY],
    ] as const) {
      const { users } = await api<Listed>(e2e.baseUrl, admin, 'GET', `admin/users?search=${encodeURIComponent(email)}`);
      const id = users[0]!.id;
      ids[email] = id;
      await api(e2e.baseUrl, admin, 'POST', `admin/users/${id}`, {
        unit,
        assignments: [{ key: 'ready_airman_training', due_at: due }],
      });
    }
    return { unit, late, onTime, ids };
  }

  it('shows a unit’s counts, keeps the filters in the URL, shows each chart as a table and opens an overdue trainee', async () => {
    const { unit, late } = await unitWithTrainees();
    const page = await e2e.adminTab();
    // The header's entry sits between User Admin and Module Editor.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'User Admin',
      'Progress',
      'Module Editor',
      'Audit',
      'My record',
      'Profile',
    ]);
    await menu.getByRole('link', { name: 'Progress' }).click();
    await page.getByRole('heading', { name: 'Progress', level: 1 }).waitFor();

    await page.getByRole('combobox', { name: 'Unit', exact: true }).fill(unit);
    await page.getByRole('option').filter({ hasText: unit }).click();
    await page.waitForURL((url) => url.searchParams.get('unit') === unit);
    await page.getByRole('status').filter({ hasText: 'Showing 2 assignments.' }).waitFor();
    const row = page
      .getByRole('table', { name: 'Assignments by module and status' })
      .getByRole('row', { name: /Ready Airman Training/ });
    // Assigned, Complete, In Progress, Not Started, Failed, Quit, Past Due, Completion, % current.
    expect(await row.locator('td').allTextContents()).toEqual(['2', '0', '0', '1', '0', '0', '1', '0%', '0%']);
    const overdue = page.getByRole('table', { name: 'Overdue assignments' });
    expect(await overdue.getByRole('row').nth(1).locator('td').allTextContents()).toEqual([
      'Remind Late, Lena (Ready Airman Training)',
      'Late, Lena',
      expect.any(String),
      expect.stringMatching(/^[34]$/),
      'SrA',
      unit,
      'Ready Airman Training',
    ]);
    expect(await seriousViolations(page)).toEqual([]);

    // Shared or reloaded, the page keeps its filters.
    await page.getByRole('combobox', { name: 'Rank', exact: true }).selectOption('SrA');
    await page.waitForURL((url) => url.searchParams.get('rank') === 'SrA');
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Showing 1 assignments.' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Unit', exact: true }).inputValue()).toBe(unit);
    expect(await page.getByRole('combobox', { name: 'Rank', exact: true }).inputValue()).toBe('SrA');

    // The first chart's own table view, and back to the drawing.
    const chart = page.getByRole('figure', { name: 'Assignments by module and status' });
    const asTable = chart.getByRole('button', { name: 'Show as table' });
    await asTable.click();
    const tableView = chart.getByRole('table', { name: 'Assignments by module and status' });
    await tableView.getByRole('columnheader', { name: 'Past Due' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await asTable.click();
    await tableView.waitFor({ state: 'detached' });
    await chart.getByRole('img').waitFor();

    // The overdue row opens the user modal, from the keyboard too; closing it gives the focus back.
    const open = overdue.getByRole('button', { name: 'Late, Lena' });
    await open.click();
    const modal = page.getByRole('dialog', { name: 'User Management (autosaves)' });
    await modal.getByLabel('Email').waitFor();
    expect(await modal.getByLabel('Email').inputValue()).toBe(late);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.activeElement?.textContent === 'Late, Lena');
    await page.keyboard.press('Enter');
    await modal.getByLabel('Email').waitFor();
    await page.close();
  });

  it('redraws a chart’s axis on a filter change, leaving none of the former labels', async () => {
    const first = await unitWithTrainees();
    const second = await unitWithTrainees();
    const { context, page } = await e2e.adminPage('/admin', { viewport: { width: 1366, height: 768 } });
    await page.goto(`/progress?unit=${encodeURIComponent(first.unit)}`);
    const chart = page.locator('.progress-chart').filter({ hasText: 'Assignments by unit and status' });
    const labels = () =>
      chart
        .locator('.axis.left .tick text')
        .evaluateAll((ticks) => [
          ...new Set(ticks.filter((t) => t.getBoundingClientRect().width > 0).map((t) => t.textContent)),
        ]);
    await expect.poll(labels).toEqual([first.unit]);
    // The combo box's code (loaded as the field is first focused) is held until the unit's text
    // has been selected: on a slow link it arrives between the select-all and the typing.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/unit-filter-combo-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // By keyboard: Tab into the page, on to the Unit filter, type the next unit over it and choose it.
    await page.keyboard.press('Tab');
    await tabTo(page, 'Unit');
    await page.keyboard.press('ControlOrMeta+A');
    release();
    const unitField = page.getByRole('combobox', { name: 'Unit' });
    await expect.poll(() => unitField.getAttribute('aria-controls')).toMatch(/^downshift-/);
    await page.keyboard.type(second.unit);
    await page.getByRole('option').filter({ hasText: second.unit }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('unit') === second.unit);
    await page.getByRole('status').filter({ hasText: 'Showing 2 assignments.' }).waitFor();
    await expect.poll(labels).toEqual([second.unit]);
    expect((await focused(page)).name).toBe('Unit');
    await context.close();
  });

  it('opens the unit list for a click whose press the combo box’s code arrives during', async () => {
    const { context, page } = await e2e.adminPage('/admin', { viewport: { width: 1366, height: 768 } });
    await page.goto('/progress');
    const unit = page.getByRole('combobox', { name: 'Unit' });
    await unit.waitFor();
    // The combo box's code is held until the button is down on the field, then let through.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/unit-filter-combo-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const box = await unit.boundingBox();
    if (!box) throw new Error('the Unit filter has no box');
    await page.mouse.move(box.x + box.width / 3, box.y + box.height / 2);
    await page.mouse.down();
    const arrived = page.waitForResponse(/\/assets\/unit-filter-combo-[^/]+\.js$/);
    release();
    await arrived;
    // Run, and a task later: the field is still the stand-in while the button is down (Chromium
    // sends no click for a press whose element has gone by the release).
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(await unit.getAttribute('aria-controls')).toBe('progress-unit-menu');
    await page.mouse.up();
    // The combo box's own list (aria-controls names it once the combo box is in place).
    await expect.poll(() => unit.getAttribute('aria-controls')).toMatch(/^downshift-/);
    const menu = page.locator(`[id="${await unit.getAttribute('aria-controls')}"]`);
    await menu.getByRole('option').first().waitFor();
    expect(await unit.getAttribute('aria-expanded')).toBe('true');
    expect((await focused(page)).name).toBe('Unit');
    await context.close();
  });

  it('opens a date filter’s calendar for its first click, and the other’s after Escape, the focus in each', async () => {
    const page = await e2e.adminTab();
    await page.goto('/progress');
    const open = page.locator('.flatpickr-calendar.open');
    // The date field's code loads as the first is pressed: the click opens its calendar all the same.
    await page.getByLabel('Completions from').click();
    await expect.poll(() => open.count()).toBe(1);
    expect((await focused(page)).name).toBe('Completions from');
    await page.keyboard.press('Escape');
    await expect.poll(() => open.count()).toBe(0);
    // The other is still the plain input: the press ends before the date field takes its place.
    await page.getByLabel('Completions to').click();
    await expect.poll(() => open.count()).toBe(1);
    expect((await focused(page)).name).toBe('Completions to');
    await page.close();
  });

  it('counts calendar days overdue in the admin’s zone and reads on a phone, every scroller taking the focus', async () => {
    const zone = 'America/Denver';
    const { unit, ids, late } = await unitWithTrainees();
    const admin = await apiLogin(e2e.baseUrl);
    // Yesterday on a calendar in Denver, stored as due dates are (the date at 23:00 UTC).
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(Date.now());
    const yesterday = Date.parse(`${today}T23:00:00Z`) - DAY;
    await api(e2e.baseUrl, admin, 'POST', `admin/users/${ids[late]}`, {
      assignments: [{ key: 'ready_airman_training', due_at: yesterday }],
    });
    const { context, page } = await e2e.adminPage('/admin', {
      viewport: { width: 390, height: 844 },
      timezoneId: zone,
    });
    await page.goto(`/progress?unit=${encodeURIComponent(unit)}`);
    await page.getByRole('status').filter({ hasText: 'Showing 2 assignments.' }).waitFor();
    const overdue = page.getByRole('table', { name: 'Overdue assignments' });
    const cells = overdue.getByRole('row').nth(1).locator('td');
    const [y, m, d] = new Date(yesterday).toISOString().slice(0, 10).split('-').map(Number);
    // The first cell ticks the trainee for a reminder.
    expect(await cells.allTextContents()).toEqual([
      'Remind Late, Lena (Ready Airman Training)',
      'Late, Lena',
      `${m}/${d}/${y}`,
      '1',
      'SrA',
      unit,
      'Ready Airman Training',
    ]);
    // The due date and the days are in view without scrolling; nothing scrolls sideways.
    const due = await cells.nth(3).boundingBox();
    expect(due && due.x + due.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The status counts are read from their tables; no bar chart squeezed to 60 px.
    await page.getByRole('table', { name: 'Assignments by module and status' }).waitFor();
    expect(
      await page.locator('.progress-chart').filter({ hasText: 'Assignments by module and status' }).isVisible(),
    ).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    // A keyboard reaches the overdue table's scroller and scrolls it.
    await page.keyboard.press('Tab');
    await tabTo(page, 'Overdue assignments, scrollable', { max: 200 });
    const scroller = page.getByRole('region', { name: 'Overdue assignments, scrollable' });
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    if (process.env.PROGRESS_SHOTS)
      await page.screenshot({ path: `${process.env.PROGRESS_SHOTS}/progress-390.png`, fullPage: true });
    await context.close();
  });

  it('draws a status chart’s bars top to bottom in its table’s order', async () => {
    await unitWithTrainees();
    await unitWithTrainees();
    const page = await e2e.adminTab();
    await page.goto('/progress');
    // The unit chart, two units at least (the module chart is drawn by the same code).
    const name = 'Assignments by unit and status';
    const rows = page.getByRole('table', { name, exact: true }).locator('tbody th');
    await rows.first().waitFor();
    const tableOrder = await rows.allTextContents();
    const chart = page.locator('.progress-chart').filter({ hasText: name });
    await chart.locator('.axis.left .tick text').first().waitFor();
    // Each label as drawn from the top.
    const barOrder = await chart.locator('.axis.left .tick text').evaluateAll((ticks) => [
      ...new Set(
        ticks
          .map((t) => ({ text: t.textContent ?? '', top: t.getBoundingClientRect().top }))
          .sort((a, b) => a.top - b.top)
          .map((t) => t.text),
      ),
    ]);
    expect(tableOrder.length).toBeGreaterThan(1);
    expect(barOrder).toEqual(tableOrder);
    await page.close();
  });

  it('shows every chart’s title whole on a screen 320 px wide, wrapped rather than cut', async () => {
    await unitWithTrainees();
    const { context, page } = await e2e.adminPage('/admin', { viewport: { width: 320, height: 640 } });
    await page.goto('/progress');
    const titles = page.locator('.progress-chart .progress-chart__title');
    await expect.poll(() => titles.count()).toBeGreaterThanOrEqual(3);
    const cut = await titles.evaluateAll((ps) =>
      ps.filter((p) => p.scrollWidth > p.clientWidth).map((p) => p.textContent),
    );
    expect(cut).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await context.close();
  });

  it('takes two quick arrow keys in a filter as two steps, the URL and the focus with them', async () => {
    const page = await e2e.adminTab();
    await page.goto('/progress');
    await page.getByRole('heading', { name: 'By module', exact: true }).waitFor();
    await page.keyboard.press('Tab');
    await tabTo(page, 'Rank');
    // All ranks → Civilian → Airman Basic.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.waitForURL((url) => url.searchParams.get('rank') === 'AB');
    expect(await focused(page)).toMatchObject({ name: 'Rank', lost: false });
    await page.close();
  });
});
