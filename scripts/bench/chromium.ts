/**
 * Debian's Chromium for the scripts that measure pages (CHROMIUM_PATH elsewhere): headless, and
 * quiet on the network besides the pages it is sent to (no updates, sync or QUIC).
 * `graphics` are the switches for how it draws (default: no GPU).
 */
import { chromium, type Browser, type Page } from 'playwright-core';

export function launchChromium(graphics: string[] = ['--disable-gpu']): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      ...graphics,
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** A new 1366×768 page of `browser`, signed in to the product at `url` through its login form as `admin`. */
export async function adminPage(
  browser: Browser,
  url: string,
  admin: { email: string; password: string },
): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await page.goto(`${url}/login`);
  await page.getByLabel('E-mail').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/admin');
  return page;
}
