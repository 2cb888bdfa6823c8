import { expect, it } from 'vitest';
import { describeE2E, login } from './browser.ts';
import { focusedKey, registeredTrainee, TRAINEE_PASSWORD } from './game-helpers.ts';

describeE2E('the game questionnaire', (e2e) => {
  it('says why Continue waits and takes focus to the first statement left unanswered', async () => {
    const email = await registeredTrainee(e2e.baseUrl);
    const { context, page } = await e2e.newPage();
    await login(page, email, TRAINEE_PASSWORD);
    const controls = page.getByRole('region', { name: 'Game controls' });
    await controls.getByRole('button', { name: /^Play Ready Airman Training/ }).click();
    await controls.getByRole('button', { name: 'Continue to the questionnaire' }).click();
    const groups = controls.locator('fieldset');
    await groups.first().waitFor();
    const total = await groups.count();
    // The first statement answered, the second left: Continue points at the second.
    await groups.nth(0).locator('label').nth(1).click();
    const next = controls.getByRole('button', { name: `Continue (answer every statement first: ${total - 1} left)` });
    // aria-disabled, not disabled: it takes the click (Playwright would wait for it to be enabled).
    await next.click({ force: true });
    await controls.locator('.game__live', { hasText: 'Answer every statement first.' }).waitFor();
    const second = await groups.nth(1).locator('input').first().getAttribute('data-key');
    expect(await focusedKey(page)).toBe(second);
    await controls.getByText('Comprehensive Airman Fitness (before the run)').waitFor();
    await context.close();
  });
});
