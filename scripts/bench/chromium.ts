/**
 * Debian's Chromium for the scripts that measure pages (CHROMIUM_PATH elsewhere): headless, and
 * quiet on the network besides the pages it is sent to (no updates, sync or QUIC).
 * `graphics` are the switches for how it draws (default: no GPU).
 */
import { chromium, type Browser } from 'playwright-core';

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
