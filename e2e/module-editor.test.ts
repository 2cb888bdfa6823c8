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
    actions: [{ ...DEFAULT_ACTION, name: 'Run', results: { fitness: 10 }, changes_objectives: { add: [], remove: ['Pass PT'] } }],
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
    await page.locator('tr', { hasText: title }).getByRole('button', { name: `Edit ${title}` }).click();
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
    await inspection.getByRole('group', { name: 'Only while these objectives are active' }).getByText('Pass PT').click();

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
    await page.locator('tr', { hasText: 'Ready Airman Training' }).first().getByRole('button', { name: /^Edit Ready Airman/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Module: Ready Airman Training' });
    await dialog.getByRole('heading', { name: 'Events', exact: true }).waitFor();
    const token = await apiLogin(e2e.baseUrl);
    const seed = await api<Module>(e2e.baseUrl, token, 'GET', 'modules/ready_airman_training');
    const events = seed.events ?? [];
    expect(events.length).toBeGreaterThanOrEqual(6);
    for (const e of events) {
      const row = dialog.getByRole('group', { name: `Event ${e.name}`, exact: true });
      expect(await row.getByLabel('Event name').inputValue()).toBe(e.name);
      expect(await row.getByLabel('Event name').isDisabled()).toBe(true);
      expect(await row.getByLabel('Choice', { exact: true }).count()).toBe(e.choices.length);
    }
    const stars = seed.scoring?.stars ?? [];
    expect(await dialog.getByLabel('Two stars from (points)').inputValue()).toBe(String(stars[0]));
    expect(await dialog.getByLabel('Three stars from (points)').inputValue()).toBe(String(stars[1]));
    expect(await dialog.getByLabel('Points per objective').inputValue()).toBe('');
    expect(await dialog.getByLabel('Points per objective').getAttribute('placeholder')).toBe('100');
    await context.close();
  });
});
