/** The admin screens' Carbon patterns: loading, empty states, the 404 page, links drawn as links. */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiLogin, inviteAndRegister, uniqueEmail } from './api.ts';
import { seriousViolations } from './axe.ts';
import { describeE2E } from './browser.ts';
import type { Module } from '@airman/contracts/module.ts';

describeE2E('the admin screens', (e2e) => {
  it("shows a table skeleton while the users load, and a route spinner of a spinner's size", async () => {
    const { context, page } = await e2e.adminPage();
    // The users' answer held back, so the loading state is seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/users?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.route('**/api/admin/users', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin');
    const skeleton = page.locator('table.cds--skeleton');
    await skeleton.waitFor();
    const box = await skeleton.boundingBox();
    expect(box && box.width <= 1280 && box.height < 700).toBe(true);
    // Nothing on the page is a giant disc: every SVG is icon-sized.
    expect(
      await page.evaluate(() =>
        Math.max(0, ...Array.from(document.querySelectorAll('svg')).map((s) => s.getBoundingClientRect().width)),
      ),
    ).toBeLessThan(100);
    release();
    await page.locator('table[aria-label="Users"]').waitFor();
    expect(await skeleton.count()).toBe(0);

    // A page opened by its address: Carbon's Loading while the route's code loads (held back), styled.
    const fresh = await e2e.adminPage();
    let releaseCode = () => {};
    const code = new Promise<void>((resolve) => (releaseCode = resolve));
    await fresh.page.route(/\/assets\/modules-[^/]*\.js$/, async (route) => {
      await code;
      await route.continue();
    });
    const opened = fresh.page.goto('/modules');
    const spinner = fresh.page.locator('.cds--loading').first();
    await spinner.waitFor();
    const size = await spinner.boundingBox();
    // Carbon's 88 px spinner, turning (its box grows to 88·√2 on the diagonal), in the page's middle.
    expect(size && size.width <= 125 && size.height <= 125).toBe(true);
    expect(size && Math.abs(size.x + size.width / 2 - 640) < 4).toBe(true);
    releaseCode();
    await opened;
    await fresh.page.getByRole('heading', { name: 'Training Modules' }).waitFor();
    await fresh.context.close();
    await context.close();
  });

  it('answers an unknown path with a page that says so and leads home; anonymous visitors still go to /login', async () => {
    const { context, page } = await e2e.adminPage();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByText('There is no page at /no/such/page. The link may be old or mistyped.').waitFor();
    expect(page.url()).toMatch(/\/no\/such\/page$/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();

    const anonymous = await e2e.newPage();
    await anonymous.page.goto('/no/such/page');
    await anonymous.page.waitForURL('**/login');
    await anonymous.context.close();
  });

  it('keeps colour contrast on hovered user rows and on archived module rows, hovered or not', async () => {
    const token = await apiLogin(e2e.baseUrl);
    const base = await api<Module>(e2e.baseUrl, token, 'GET', 'modules/ready_airman_training');
    const title = `Contrast ${Date.now()}`;
    const copy = await api<Module>(e2e.baseUrl, token, 'POST', 'modules', { ...base, id: '', game_title: title });
    await api(e2e.baseUrl, token, 'DELETE', `modules/${copy.id}`);
    const page = await e2e.adminTab();
    const row = page.locator('table[aria-label="Users"] tbody tr').first();
    await row.hover();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/modules');
    await page.getByText('Show Archived').click();
    const archived = page.locator('tr.is-archived', { hasText: title });
    await archived.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await archived.hover();
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator('tr', { hasText: 'Ready Airman Training' }).first().hover();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  /** `check` on each list with a filter bar (Users, Progress, Audit) at `width`, its unit filter shown. */
  async function onFilterBars(width: number, check: (page: Page, path: string) => Promise<void>) {
    const page = await e2e.adminTab();
    await page.setViewportSize({ width, height: 844 });
    for (const path of ['/admin', '/progress', '/audit']) {
      await page.goto(path);
      await page.getByRole('combobox', { name: /unit/i }).first().waitFor();
      await check(page, path);
    }
    await page.close();
  }
  const FILTER_BAR = '.users-filters, .progress-filters, .audit-filters';

  it('lines up the filters of a row on Users, Progress and Audit: labels and fields at one height', async () => {
    await onFilterBars(1366, async (page, path) => {
      // Each labelled field of the bar, by the height of its label; the fields whose labels start
      // within 12 px of each other share a row, and a row's labels and fields share one height.
      const rows = await page.evaluate((selector) => {
        const bar = document.querySelector(selector) ?? document.body;
        const tops = Array.from(bar.querySelectorAll<HTMLLabelElement>('label.cds--label'))
          .map((label) => ({ label, field: label.htmlFor ? document.getElementById(label.htmlFor) : null }))
          .filter(({ field }) => field instanceof HTMLInputElement || field instanceof HTMLSelectElement)
          .map(({ label, field }) => ({
            name: label.textContent?.trim() ?? '',
            label: label.getBoundingClientRect().top,
            field: field!.getBoundingClientRect().top,
          }))
          .filter(({ label, field }) => field > label)
          .sort((a, b) => a.label - b.label);
        const grouped: { name: string; label: number; field: number }[][] = [];
        for (const top of tops) {
          const row = grouped.at(-1);
          if (row && Math.abs(top.label - row[0]!.label) < 12) row.push(top);
          else grouped.push([top]);
        }
        return grouped.filter((row) => row.length > 1);
      }, FILTER_BAR);
      expect(rows.length, path).toBeGreaterThan(0);
      for (const row of rows) {
        const misplaced = row
          .filter((f) => Math.abs(f.label - row[0]!.label) > 0.5 || Math.abs(f.field - row[0]!.field) > 0.5)
          .map((f) => `${f.name}: label ${f.label}, field ${f.field} (row: ${row[0]!.label}, ${row[0]!.field})`);
        expect(misplaced, path).toEqual([]);
      }
    });
  });

  it('fills a phone with the filters of Users, Progress and Audit: every row ends at the bar’s right edge', async () => {
    await onFilterBars(390, async (page, path) => {
      // The bar's fields by row (their tops); the last of each row ends where the bar does.
      const short = await page.evaluate((selector) => {
        const bar = document.querySelector(selector);
        if (!bar) return ['no filter bar'];
        const right = bar.getBoundingClientRect().right;
        const fields = Array.from(bar.querySelectorAll<HTMLElement>('input:not([type="checkbox"]), select'))
          .filter((field) => field.getBoundingClientRect().width > 0)
          .map((field) => ({ name: field.id, box: field.getBoundingClientRect() }));
        const rows = new Map<number, { name: string; box: DOMRect }[]>();
        for (const field of fields) rows.set(field.box.top, [...(rows.get(field.box.top) ?? []), field]);
        return [...rows.values()]
          .map((row) => row.reduce((a, b) => (b.box.right > a.box.right ? b : a)))
          .filter((last) => Math.abs(last.box.right - right) > 1)
          .map((last) => `${last.name} ends at ${last.box.right}, the bar at ${right}`);
      }, FILTER_BAR);
      expect(short, path).toEqual([]);
    });
  });

  it('keeps a name of one long word whole on a phone’s users table', async () => {
    const email = uniqueEmail('longname');
    await inviteAndRegister(e2e.baseUrl, email, 'Longname-Passw0rd!', {
      first_name: 'Maximilian',
      last_name: 'Christopherson',
    });
    const page = await e2e.adminTab();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('searchbox', { name: 'Search by player name' }).fill(email);
    const cell = page.locator('td.users-table__name', { hasText: 'Christopherson' });
    await cell.waitFor();
    // Each word of the name on one line: a word cut in two has a box on each line.
    const cut = await cell.evaluate((td) => {
      const text = td.firstChild;
      if (!(text instanceof Text)) return ['no text'];
      const words: string[] = [];
      for (const match of text.data.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        if (range.getClientRects().length > 1) words.push(match[0]);
      }
      return words;
    });
    expect(cut).toEqual([]);
    await page.close();
  });

  it('puts Show Archived on the line of the Modules unit filter: its label with the label, the switch with the field', async () => {
    const page = await e2e.adminTab('/modules');
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 768 });
      const unit = page.getByRole('combobox', { name: 'Reports of unit' });
      await unit.waitFor();
      const boxes = await page.evaluate(() => {
        const top = (selector: string) => document.querySelector(selector)?.getBoundingClientRect();
        const [label, field, toggleLabel, toggle] = [
          top('label[for="report-unit"]'),
          top('#report-unit'),
          top('.toolbar .cds--toggle__label-text'),
          top('.toolbar .cds--toggle__appearance'),
        ];
        return {
          labels: [label?.top, toggleLabel?.top],
          fields: [field?.top, field?.bottom, toggle?.top, toggle?.bottom],
        };
      });
      expect(boxes.labels[1], `${width}: label`).toBeCloseTo(boxes.labels[0]!, 0);
      expect(boxes.fields[2], `${width}: switch band's top`).toBeCloseTo(boxes.fields[0]!, 0);
      expect(boxes.fields[3], `${width}: switch band's bottom`).toBeCloseTo(boxes.fields[1]!, 0);
    }
    await page.close();
  });
});
