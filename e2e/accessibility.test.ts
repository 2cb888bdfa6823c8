import { expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { describeE2E, login } from './browser.ts';

describeE2E('accessibility (axe-core, WCAG 2.1 AA): no serious or critical violation', (e2e) => {
  it('finds a violation where there is one (the check itself works)', async () => {
    const { context, page } = await e2e.newPage();
    await page.setContent('<html lang="en"><body><main><img src="data:,"><button></button></main></body></html>');
    const found = await seriousViolations(page);
    expect(found.some((v) => v.startsWith('image-alt'))).toBe(true);
    expect(found.some((v) => v.startsWith('button-name'))).toBe(true);
    await context.close();
  });

  it('on /login, with an error notice', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await login(page, 'nobody@example.com', 'Wrong-Password-1');
    await page.getByRole('alert').waitFor();
    // The button, disabled while signing in, fades back to its colour; check it once enabled.
    await expect.poll(() => page.getByRole('button', { name: 'Sign In' }).isEnabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('shows the skip link when it has the focus, and it moves the focus to the content', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await page.keyboard.press('Tab');
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = await skip.boundingBox();
    expect(box && box.width > 20 && box.height > 10).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await context.close();
  });

  it('on /register and /register/{code}', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto('/register');
    await page.getByRole('button', { name: 'Lookup' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/register/not-a-real-code');
    await page.getByText('There is an issue with this invite code, please let your instructor know.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('on /profile', async () => {
    const { context, page } = await e2e.adminPage();
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Password Reset' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
