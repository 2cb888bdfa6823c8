import { expect, it } from 'vitest';
import { api, apiLogin } from './api.ts';
import { seriousViolations } from './axe.ts';
import { describeE2E } from './browser.ts';
import { DEFAULT_GAME_RECORD, type Module } from '@airman/contracts/module.ts';

/** A small module of the admin's own, made through the API. */
async function apiModule(baseUrl: string, title: string): Promise<{ token: string; module: Module }> {
  const token = await apiLogin(baseUrl);
  const module = await api<Module>(baseUrl, token, 'POST', 'modules', {
    ...DEFAULT_GAME_RECORD,
    game_title: title,
    days: 3,
    daily_time_tokens: 4,
    starting_gauges: { morale: 60, fitness: 50 },
    objectives: [{ name: 'Pass PT', active: true, hidden: false }],
    actions: [
      {
        ...DEFAULT_ACTION,
        name: 'Run',
        results: { fitness: 10 },
        changes_objectives: { add: [], remove: ['Pass PT'] },
      },
    ],
  });
  return { token, module };
}

const DEFAULT_ACTION = {
  name: '',
  token_cost: 1,
  set_cooldown: 0,
  results: {},
  disabled: false,
  required_objectives: [],
  changes_inventory: { add: [], remove: [] },
  changes_objectives: { add: [], remove: [] },
};

describeE2E('the module editor', (e2e) => {
  it('edits events with their choices and the scoring, and saves them in the module', async () => {
    const title = `Events ${Date.now()}`;
    const { token, module } = await apiModule(e2e.baseUrl, title);
    const { context, page } = await e2e.adminPage('/modules');
    await page
      .locator('tr', { hasText: title })
      .getByRole('button', { name: `Edit ${title}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Edit Module: ${title}` });
    await dialog.getByRole('heading', { name: 'Events', exact: true }).waitFor();

    await dialog.getByRole('button', { name: 'Add Event' }).click();
    const event = dialog.getByRole('group', { name: 'Event New event' });
    await event.getByLabel('Event name').fill('Inspection');
    const inspection = dialog.getByRole('group', { name: 'Event Inspection' });
    await inspection.getByLabel('What happens').fill('The first sergeant inspects the dorm.');
    await inspection.getByLabel('First day').fill('2');
    await inspection.getByLabel('Last day').fill('3');
    await inspection.getByLabel('Chance each day (%)').fill('40');
    await inspection
      .getByRole('group', { name: 'Only while these objectives are active' })
      .getByText('Pass PT')
      .click();

    const first = inspection.getByRole('group', { name: 'Choice Carry on of event Inspection' });
    await first.getByLabel('Choice', { exact: true }).fill('Clean all night');
    const clean = inspection.getByRole('group', { name: 'Choice Clean all night of event Inspection' });
    await clean.getByLabel('Token cost').fill('2');
    await clean.getByLabel('Add a result for gauge').selectOption('morale');
    await clean.getByLabel('morale change').fill('-5');

    await inspection.getByRole('button', { name: 'Add Choice to event Inspection' }).click();
    const second = inspection.getByRole('group', { name: 'Choice New choice of event Inspection' });
    await second.getByLabel('Choice', { exact: true }).fill('Hope for the best');
    const hope = inspection.getByRole('group', { name: 'Choice Hope for the best of event Inspection' });
    await hope.getByLabel('Tokens tomorrow (+/−)').fill('-1');
    await hope.getByRole('group', { name: 'Objectives removed' }).getByText('Pass PT').click();

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
    await context.close();
  });

  it("shows the seed module's events and scoring in its tables", async () => {
    const { context, page } = await e2e.adminPage('/modules');
    // By its own name: copies made by other tests ('Ready Airman Training Copy …') may come first.
    await page.getByRole('button', { name: 'Edit Ready Airman Training', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Module: Ready Airman Training' });
    await dialog.getByRole('heading', { name: 'Events', exact: true }).waitFor();
    const token = await apiLogin(e2e.baseUrl);
    const seed = await api<Module>(e2e.baseUrl, token, 'GET', 'modules/ready_airman_training');
    const events = seed.events ?? [];
    expect(events.length).toBeGreaterThanOrEqual(6);
    // One read of the whole table (role queries over this many fields are slow on a busy machine).
    const shown = await dialog.locator('fieldset[aria-label^="Event "]').evaluateAll((sets) =>
      sets.map((set) => ({
        name: (set.querySelector('input[id$="-name"]') as HTMLInputElement | null)?.value,
        disabled: (set.querySelector('input[id$="-name"]') as HTMLInputElement | null)?.disabled,
        choices: set.querySelectorAll('input[id*="-choice-"][id$="-label"]').length,
      })),
    );
    expect(shown).toEqual(events.map((e) => ({ name: e.name, disabled: true, choices: e.choices.length })));
    const stars = seed.scoring?.stars ?? [];
    expect(await dialog.getByLabel('Two stars from (points)').inputValue()).toBe(String(stars[0]));
    expect(await dialog.getByLabel('Three stars from (points)').inputValue()).toBe(String(stars[1]));
    expect(await dialog.getByLabel('Points per objective').inputValue()).toBe('');
    expect(await dialog.getByLabel('Points per objective').getAttribute('placeholder')).toBe('100');
    await context.close();
  });

  it('keeps the Check in view while the last action is edited', async () => {
    const token = await apiLogin(e2e.baseUrl);
    const base = await api<Module>(e2e.baseUrl, token, 'GET', 'modules/ready_airman_training');
    const title = `Pinned ${Date.now()}`;
    await api<Module>(e2e.baseUrl, token, 'POST', 'modules', { ...base, id: '', game_title: title });
    const { context, page } = await e2e.adminPage('/modules');
    await page
      .locator('tr', { hasText: title })
      .getByRole('button', { name: `Edit ${title}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Edit Module: ${title}` });
    const last = dialog.getByRole('group', { name: `Action ${base.actions.at(-1)?.name ?? ''}`, exact: true });
    await last.getByLabel('Token cost').fill('2');
    const check = dialog.getByRole('heading', { name: 'Check', exact: true });
    const content = dialog.locator('.cds--modal-content');
    await expect.poll(async () => (await content.evaluate((el) => el.scrollTop)) > 1000).toBe(true);
    const [heading, box] = [await check.boundingBox(), await content.boundingBox()];
    expect(heading && box && heading.y >= box.y && heading.y + heading.height <= box.y + box.height).toBe(true);
    await dialog
      .getByRole('status')
      .filter({ hasText: /^No errors|^The module cannot be saved/ })
      .waitFor();
    await context.close();
  });

  it('asks before closing with unsaved changes, and closes at once without them', async () => {
    const title = `Guarded ${Date.now()}`;
    const { token, module } = await apiModule(e2e.baseUrl, title);
    const { context, page } = await e2e.adminPage('/modules');
    const edit = page.locator('tr', { hasText: title }).getByRole('button', { name: `Edit ${title}` });
    await edit.click();
    const dialog = page.getByRole('dialog', { name: `Edit Module: ${title}` });
    const field = dialog.getByLabel('Title');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('End');
    await page.keyboard.type(' (draft)');

    // Escape asks; Keep editing (focused first, the safe answer) returns to the field, the edit kept.
    await page.keyboard.press('Escape');
    const guard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await guard.getByText('Your changes have not been saved. Closing now loses them.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await expect
      .poll(() => guard.getByRole('button', { name: 'Keep editing' }).evaluate((el) => el === document.activeElement))
      .toBe(true);
    await page.keyboard.press('Enter');
    await guard.waitFor({ state: 'detached' });
    expect(await field.inputValue()).toBe(`${title} (draft)`);
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);

    // The footer's Close asks too; Discard changes closes without saving.
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await guard.getByRole('button', { name: 'Discard changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => edit.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await api<Module>(e2e.baseUrl, token, 'GET', `modules/${module.id}`)).game_title).toBe(title);

    // Nothing changed: Escape closes at once.
    await edit.click();
    await field.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await guard.count()).toBe(0);

    // The JSON editor asks too.
    await page
      .locator('tr', { hasText: title })
      .getByRole('button', { name: `Edit JSON of ${title}` })
      .click();
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' ');
    await page.keyboard.press('Escape');
    await guard.getByRole('button', { name: 'Discard changes' }).click();
    await page.getByRole('dialog', { name: title }).waitFor({ state: 'detached' });
    await context.close();
  });
});
