import { expect, it } from 'vitest';
import { api, apiLogin, smallModule } from './api.ts';
import { seriousViolations } from './axe.ts';
import { describeE2E } from './browser.ts';
import { checkbox, focused, tabTo } from './focus.ts';
import type { Module } from '@airman/contracts/module.ts';
import type { Page } from 'playwright-core';

/** A small module of the admin's own, made through the API. */
async function apiModule(
  baseUrl: string,
  title: string,
  more: Partial<Module> = {},
): Promise<{ token: string; module: Module }> {
  const token = await apiLogin(baseUrl);
  const module = await api<Module>(baseUrl, token, 'POST', 'modules', smallModule(title, more));
  return { token, module };
}

/**
 * Whether the focused element is in full view below the pinned Check, within
 * the dialog's body (or is in the Check, or outside the body: the footer).
 */
function clearOfCheck(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    // As drawn: after the frames in which the page reacts to a Check that changed size.
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    const el = document.activeElement;
    const body = el?.closest('.cds--modal-content');
    const check = body?.querySelector('.module-check');
    if (!el || !body || !check || check.contains(el)) return true;
    const [r, c, b] = [el, check, body].map((e) => e.getBoundingClientRect());
    return r!.top >= c!.bottom - 1 && r!.bottom <= b!.bottom + 1;
  });
}

describeE2E('the module editor', (e2e) => {
  it('is worked by keyboard alone: focus stays with the row through Add, Up, Down and Remove', async () => {
    const title = `Keys ${Date.now()}`;
    await apiModule(e2e.baseUrl, title);
    const page = await e2e.adminTab('/modules');
    await page
      .locator('tr', { hasText: title })
      .getByRole('button', { name: `Edit ${title}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Edit Module: ${title}` });
    const gauges = dialog.getByRole('table', { name: 'Gauges', exact: true });
    const gaugeNames = () =>
      gauges.locator('input[id$="-name"]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    await expect.poll(async () => (await focused(page)).name).toBe('Title');

    // Add: the new row's first field.
    await tabTo(page, 'Add Gauge');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toEqual({ name: 'Gauge name, row 3', value: 'gauge', lost: false });
    await page.keyboard.press('Control+A');
    await page.keyboard.type('sleep');

    // Up keeps the focus on Up; at the top Up is disabled, and the row's Down has it.
    await tabTo(page, 'Up gauge sleep');
    await page.keyboard.press('Enter');
    await expect.poll(gaugeNames).toEqual(['morale', 'sleep', 'fitness']);
    expect(await focused(page)).toMatchObject({ name: 'Up gauge sleep' });
    await page.keyboard.press('Enter');
    await expect.poll(gaugeNames).toEqual(['sleep', 'morale', 'fitness']);
    expect(await focused(page)).toMatchObject({ name: 'Down gauge sleep' });
    await page.keyboard.press('Space');
    await expect.poll(gaugeNames).toEqual(['morale', 'sleep', 'fitness']);
    expect(await focused(page)).toMatchObject({ name: 'Down gauge sleep' });

    // Remove: the next row's first field; from the last row, the row before's.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ name: 'Remove gauge sleep' });
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toEqual({ name: 'Gauge name, row 2', value: 'fitness', lost: false });
    await tabTo(page, 'Remove gauge fitness');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toEqual({ name: 'Gauge name, row 1', value: 'morale', lost: false });
    expect(await gaugeNames()).toEqual(['morale']);

    // A row's details open and close with Enter and Space on its button, which keeps the focus.
    await tabTo(page, 'Details of action Run');
    const details = dialog.getByRole('button', { name: 'Details of action Run' });
    expect(await details.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    expect(await details.getAttribute('aria-expanded')).toBe('true');
    await tabTo(page, 'Required: Pass PT, action Run');
    await page.keyboard.press('Space');
    expect(await dialog.getByLabel('Required: Pass PT, action Run').isChecked()).toBe(true);
    await tabTo(page, 'Inventory added (comma-separated), action Run');
    await tabTo(page, 'Details of action Run', { back: true });
    await page.keyboard.press('Space');
    expect(await details.getAttribute('aria-expanded')).toBe('false');
    expect(await focused(page)).toMatchObject({ name: 'Details of action Run' });

    // Actions: a new row, removed again; the last one gone, the focus is on Add Action.
    await tabTo(page, 'Add Action');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toEqual({ name: 'Action name, row 2', value: 'New action', lost: false });
    await tabTo(page, 'Remove action New action');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toEqual({ name: 'Action name, row 1', value: 'Run', lost: false });
    await tabTo(page, 'Remove action Run');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).name).toBe('Add Action');

    // Events open on their name; a choice added and removed keeps the focus in the choices.
    await tabTo(page, 'Add Event');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toEqual({ name: 'Event name, row 1', value: 'New event', lost: false });
    await tabTo(page, 'Add Choice to event New event');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => focused(page))
      .toEqual({ name: 'Choice, row 2 of event New event', value: 'New choice', lost: false });
    await tabTo(page, 'Remove choice New choice of event New event');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => focused(page))
      .toEqual({ name: 'Choice, row 1 of event New event', value: 'Carry on', lost: false });
    expect(await seriousViolations(page)).toEqual([]);

    // Back up the whole editor: every field Shift+Tab reaches is scrolled into view clear of the pinned Check.
    for (let i = 0; i < 200 && (await focused(page)).name !== 'Title'; i++) {
      await page.keyboard.press('Shift+Tab');
      const now = await focused(page);
      expect(now.lost).toBe(false);
      expect(await clearOfCheck(page), `'${now.name}' is in view below the Check`).toBe(true);
    }
    expect(await focused(page)).toMatchObject({ name: 'Title' });

    await page.keyboard.press('Escape');
    await page
      .getByRole('dialog', { name: 'Discard unsaved changes?' })
      .getByRole('button', { name: 'Discard changes' })
      .click();
    await dialog.waitFor({ state: 'detached' });
    await page.close();
  });

  it('edits events with their choices and the scoring, and saves them in the module', async () => {
    const title = `Events ${Date.now()}`;
    const { token, module } = await apiModule(e2e.baseUrl, title);
    const page = await e2e.adminTab('/modules');
    await page
      .locator('tr', { hasText: title })
      .getByRole('button', { name: `Edit ${title}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Edit Module: ${title}` });
    await dialog.getByRole('heading', { name: 'Events', exact: true }).waitFor();

    await dialog.getByRole('button', { name: 'Add Event' }).click();
    // A new event opens its details, the focus on its name.
    await dialog.getByLabel('Event name, row 1').fill('Inspection');
    await dialog.getByLabel('What happens, event Inspection').fill('The first sergeant inspects the dorm.');
    await dialog.getByLabel('First day, event Inspection').fill('2');
    await dialog.getByLabel('Last day, event Inspection').fill('3');
    await dialog.getByLabel('Chance (%), event Inspection').fill('40');
    await checkbox(dialog, 'Only while active: Pass PT, event Inspection').click();

    const choices = dialog.getByRole('table', { name: 'Choices of event Inspection' });
    await choices.getByLabel('Choice, row 1 of event Inspection').fill('Clean all night');
    const clean = 'choice Clean all night of event Inspection';
    await choices.getByLabel(`Token cost, ${clean}`).fill('2');
    await choices.getByLabel(`morale change, ${clean}`).fill('-5');

    await dialog.getByRole('button', { name: 'Add Choice to event Inspection' }).click();
    await choices.getByLabel('Choice, row 2 of event Inspection').fill('Hope for the best');
    const hope = 'choice Hope for the best of event Inspection';
    await choices.getByLabel(`Tokens tomorrow (+/−), ${hope}`).fill('-1');
    await choices.getByRole('button', { name: `Details of ${hope}` }).click();
    await checkbox(choices, `Removed: Pass PT, ${hope}`).click();

    await dialog.getByLabel('Points per objective').fill('50');
    await dialog.getByLabel('Three stars from (points)').fill('90');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Module updated').waitFor();

    const saved = await api<Module>(e2e.baseUrl, token, 'GET', `modules/${module.id}`);
    expect(saved.events).toEqual([
      {
        name: 'Inspection',
        text: 'The first sergeant inspects the dorm.',
        days: [2, 3],
        chance: 40,
        required_objectives: ['Pass PT'],
        choices: [
          { label: 'Clean all night', token_cost: 2, results: { morale: -5 } },
          { label: 'Hope for the best', next_day_tokens: -1, changes_objectives: { add: [], remove: ['Pass PT'] } },
        ],
      },
    ]);
    // Two stars from the default shown (60% of the most points: 50 for the one objective), three from 90.
    expect(saved.scoring).toEqual({ objective_points: 50, stars: [30, 90] });
    await page.close();
  });

  it('adds a later consequence, a resource and a lesson by keyboard, and saves them', async () => {
    const title = `Later ${Date.now()}`;
    const { token, module } = await apiModule(e2e.baseUrl, title, {
      events: [{ name: 'Call', text: 'A friend calls.', days: [1, 3], chance: 50, choices: [{ label: 'Answer' }] }],
    });
    const page = await e2e.adminTab('/modules');
    const edit = page.locator('tr', { hasText: title }).getByRole('button', { name: `Edit ${title}` });
    await edit.click();
    const dialog = page.getByRole('dialog', { name: `Edit Module: ${title}` });
    await expect.poll(async () => (await focused(page)).name).toBe('Title');

    // A gauge's lesson, in its row.
    await tabTo(page, 'Lesson when low, gauge morale');
    await page.keyboard.type('Ask for help early.');

    // A later consequence in the action's details: Add puts the focus on its first field.
    await tabTo(page, 'Details of action Run');
    await page.keyboard.press('Enter');
    await tabTo(page, 'Add later consequence to action Run');
    await page.keyboard.press('Enter');
    const later = 'later consequence 1 of action Run';
    await expect.poll(() => focused(page)).toEqual({ name: `In days, ${later}`, value: '1', lost: false });
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ name: `What comes back, ${later}` });
    await page.keyboard.type('Sore legs');
    await tabTo(page, `fitness change, ${later}`);
    await page.keyboard.type('-3');

    // A resource in the event's details.
    await tabTo(page, 'Details of event Call');
    await page.keyboard.press('Enter');
    await tabTo(page, 'Add resource to event Call');
    await page.keyboard.press('Enter');
    const resource = 'resource 1 of event Call';
    await expect.poll(() => focused(page)).toEqual({ name: `Resource, ${resource}`, value: '', lost: false });
    await page.keyboard.type('Chaplain');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ name: `Contact, ${resource}` });
    await page.keyboard.type('Base chapel');
    // A second one, removed again: the focus goes to the row before's first field.
    await tabTo(page, 'Add resource to event Call');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => focused(page))
      .toEqual({ name: 'Resource, resource 2 of event Call', value: '', lost: false });
    await tabTo(page, 'Remove resource 2 of event Call');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toEqual({ name: `Resource, ${resource}`, value: 'Chaplain', lost: false });
    await dialog
      .getByRole('status')
      .filter({ hasText: /^No errors/ })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await tabTo(page, 'Save');
    await page.keyboard.press('Enter');
    await page.getByText('Module updated').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const saved = await api<Module>(e2e.baseUrl, token, 'GET', `modules/${module.id}`);
    expect(saved.actions[0]?.later).toEqual([{ in_days: 2, text: 'Sore legs', results: { fitness: -3 } }]);
    expect(saved.events?.[0]?.resources).toEqual([{ name: 'Chaplain', contact: 'Base chapel' }]);
    expect(saved.lessons).toEqual({ morale: { low: 'Ask for help early.' } });

    // Reopened, the tables show them.
    await edit.click();
    await dialog.getByRole('button', { name: 'Details of action Run' }).click();
    await dialog.getByRole('button', { name: 'Details of event Call' }).click();
    expect(await dialog.getByLabel('Lesson when low, gauge morale').inputValue()).toBe('Ask for help early.');
    expect(await dialog.getByLabel(`In days, ${later}`).inputValue()).toBe('2');
    expect(await dialog.getByLabel(`What comes back, ${later}`).inputValue()).toBe('Sore legs');
    expect(await dialog.getByLabel(`fitness change, ${later}`).inputValue()).toBe('-3');
    expect(await dialog.getByLabel(`Resource, ${resource}`).inputValue()).toBe('Chaplain');
    expect(await dialog.getByLabel(`Contact, ${resource}`).inputValue()).toBe('Base chapel');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // And so does the JSON.
    await page
      .locator('tr', { hasText: title })
      .getByRole('button', { name: `Edit JSON of ${title}` })
      .click();
    const json = page.getByRole('dialog', { name: title }).locator('.cm-content');
    await json.waitFor();
    // CodeMirror draws only the lines in and near view: the keyboard brings the rest in.
    await json.click();
    await page.keyboard.press('PageDown');
    await expect.poll(() => json.innerText()).toContain('"text": "Sore legs"');
    await page.keyboard.press('Control+End');
    await expect.poll(() => json.innerText()).toContain('"contact": "Base chapel"');
    await expect.poll(() => json.innerText()).toContain('"low": "Ask for help early."');
    await page.close();
  });

  it('asks before saving a module that cannot be won, by keyboard: Escape keeps editing on Save', async () => {
    const title = `Doomed ${Date.now()}`;
    // Every night takes 30 morale from 60: the second night empties it, whatever is played.
    const { token, module } = await apiModule(e2e.baseUrl, title, { daily_change: { morale: -30 } });
    const page = await e2e.adminTab('/modules');
    await page
      .locator('tr', { hasText: title })
      .getByRole('button', { name: `Edit ${title}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Edit Module: ${title}` });
    await expect.poll(async () => (await focused(page)).name).toBe('Title');
    await page.keyboard.press('End');
    await page.keyboard.type(' week');
    await dialog.getByRole('status').filter({ hasText: 'The module cannot be won.' }).waitFor();

    // Back from Title: Shift+Tab wraps from the dialog's top to its last button.
    await tabTo(page, 'Save', { back: true });
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Save a module that cannot be won?' });
    await confirm.getByText(/^No way of playing completes every shown objective/).waitFor();
    await expect.poll(async () => (await focused(page)).name).toBe('Cancel');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toMatchObject({ name: 'Save', lost: false });
    expect((await api<Module>(e2e.baseUrl, token, 'GET', `modules/${module.id}`)).game_title).toBe(title);
    expect(await dialog.getByLabel('Title').inputValue()).toBe(`${title} week`);

    // Cancel, by Tab and Enter, does the same.
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).name).toBe('Cancel');
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toMatchObject({ name: 'Save', lost: false });

    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).name).toBe('Cancel');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ name: 'Save anyway' });
    await page.keyboard.press('Enter');
    await page.getByText('Module updated').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const saved = await api<Module>(e2e.baseUrl, token, 'GET', `modules/${module.id}`);
    expect(saved).toMatchObject({ game_title: `${title} week`, daily_change: { morale: -30 } });
    await page.close();
  });

  it("shows the seed module's events and scoring in its tables", async () => {
    const page = await e2e.adminTab('/modules');
    // By its own name: copies made by other tests ('Ready Airman Training Copy …') may come first.
    await page.getByRole('button', { name: 'Edit Ready Airman Training', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Module: Ready Airman Training' });
    await dialog.getByRole('heading', { name: 'Events', exact: true }).waitFor();
    const token = await apiLogin(e2e.baseUrl);
    const seed = await api<Module>(e2e.baseUrl, token, 'GET', 'modules/ready_airman_training');
    const events = seed.events ?? [];
    expect(events.length).toBeGreaterThanOrEqual(6);
    // One read of the whole table (role queries over this many fields are slow on a busy machine).
    const table = dialog.getByRole('table', { name: 'Events', exact: true });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Details',
      'Event',
      'First day',
      'Last day',
      'Chance (%)',
      'Choices',
      'Move or remove',
    ]);
    const shown = await table.locator(':scope > tbody > tr').evaluateAll((rows) =>
      rows.map((row) => ({
        name: row.querySelector<HTMLInputElement>('input[id$="-name"]')?.value,
        disabled: row.querySelector<HTMLInputElement>('input[id$="-name"]')?.disabled,
        choices: Number(row.querySelector('.editor-table__count')?.textContent),
      })),
    );
    expect(shown).toEqual(events.map((e) => ({ name: e.name, disabled: true, choices: e.choices.length })));
    // A locked module's details open all the same: its choices, a row each, read-only.
    const [first] = events;
    if (!first) throw new Error('the seed module has events');
    await table.getByRole('button', { name: `Details of event ${first.name}` }).click();
    const labels = dialog.getByRole('table', { name: `Choices of event ${first.name}` }).getByRole('textbox');
    expect(
      await labels.evaluateAll((inputs) =>
        inputs
          .filter((i) => i.id.endsWith('-label'))
          .map((i) => [(i as HTMLInputElement).value, (i as HTMLInputElement).disabled]),
      ),
    ).toEqual(first.choices.map((c) => [c.label, true]));
    expect(await seriousViolations(page)).toEqual([]);
    const stars = seed.scoring?.stars ?? [];
    expect(await dialog.getByLabel('Two stars from (points)').inputValue()).toBe(String(stars[0]));
    expect(await dialog.getByLabel('Three stars from (points)').inputValue()).toBe(String(stars[1]));
    expect(await dialog.getByLabel('Points per objective').inputValue()).toBe('');
    expect(await dialog.getByLabel('Points per objective').getAttribute('placeholder')).toBe('100');
    await page.close();
  });

  it('keeps the Check and the column names in view while the last action is edited', async () => {
    const token = await apiLogin(e2e.baseUrl);
    const base = await api<Module>(e2e.baseUrl, token, 'GET', 'modules/ready_airman_training');
    const title = `Pinned ${Date.now()}`;
    await api<Module>(e2e.baseUrl, token, 'POST', 'modules', { ...base, id: '', game_title: title });
    const page = await e2e.adminTab('/modules');
    await page
      .locator('tr', { hasText: title })
      .getByRole('button', { name: `Edit ${title}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Edit Module: ${title}` });
    const costLabel = `Token cost, action ${base.actions.at(-1)?.name ?? ''}`;
    const lastCost = dialog.getByLabel(costLabel, { exact: true });
    await lastCost.fill('2');
    const check = dialog.getByRole('heading', { name: 'Check', exact: true });
    const content = dialog.locator('.cds--modal-content');
    await expect.poll(async () => (await content.evaluate((el) => el.scrollTop)) > 500).toBe(true);
    const [heading, box] = [await check.boundingBox(), await content.boundingBox()];
    expect(heading && box && heading.y >= box.y && heading.y + heading.height <= box.y + box.height).toBe(true);
    // The actions' header rows are pinned right under the Check, above the row being edited.
    const head = dialog.locator('table', { has: page.getByLabel(costLabel, { exact: true }) }).locator('thead');
    const [pinned, checkBox, field] = [
      await head.boundingBox(),
      await dialog.locator('.module-check').boundingBox(),
      await lastCost.boundingBox(),
    ];
    expect(pinned && checkBox && Math.abs(pinned.y - (checkBox.y + checkBox.height)) <= 2).toBe(true);
    expect(pinned && field && pinned.y + pinned.height <= field.y + 1).toBe(true);
    expect(await head.getByText('Token cost').isVisible()).toBe(true);
    await dialog
      .getByRole('status')
      .filter({ hasText: /^No errors|^The module cannot be saved/ })
      .waitFor();
    await page.close();
  });
});
