// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { plan } from '@airman/engine/play.ts';
import { tinyModule } from '@airman/engine/test-modules.ts';
import { GameController } from './controller.ts';
import { stubPage } from './jsdom-page.ts';
import { localGameApi, playTestAssignment } from './local-api.ts';
import { mountView, type View } from './view.ts';

/** Whether the debrief screen's module fails to arrive, as on a network that dropped. */
const network = vi.hoisted(() => ({ down: false }));
vi.mock('./view/debrief.ts', async (original) => {
  if (network.down) throw new TypeError('Failed to fetch dynamically imported module');
  return original();
});

let view: View | null = null;

beforeEach(() => {
  Element.prototype.scrollIntoView = () => undefined;
  // jsdom lays nothing out: the chart's size is never observed.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  stubPage();
});

afterEach(() => {
  view?.destroy();
  view = null;
  document.body.replaceChildren();
  network.down = false;
});

/** The tiny module played to its end in the page, focus on the control pressed last. */
async function playToTheEnd(): Promise<HTMLElement> {
  const controller = new GameController(localGameApi(tinyModule, () => 5));
  await controller.open(playTestAssignment(tinyModule));
  const host = document.createElement('div');
  document.body.append(host);
  view = mountView(host, controller);
  controller.begin();
  host.querySelector<HTMLElement>('[data-key="outcome"]')?.focus();
  for (const command of plan(tinyModule, 5).line) controller.command(command);
  return host;
}

// The debrief's chunk (with its chart) is first imported by the test that waits for it: on a busy
// machine that takes more than vi.waitFor's 1 s; a wait that is met returns at once.
const DEBRIEF_WAIT = { timeout: 15_000 };

const heading = (host: HTMLElement) => host.querySelector<HTMLElement>('[data-key="heading"]');

describe("the debrief's own chunk", () => {
  // The failure first: once fetched, the module stays in the test's module cache.
  it('says the results could not be shown when the module cannot be fetched, and fetches it again on Try again', async () => {
    network.down = true;
    const host = await playToTheEnd();
    await vi.waitFor(() => expect(heading(host)?.textContent).toBe('Your results could not be shown'), DEBRIEF_WAIT);
    expect(document.activeElement).toBe(heading(host));
    expect(host.textContent).toContain('Your run is kept.');

    network.down = false;
    const retry = host.querySelector<HTMLButtonElement>('[data-key="retry-debrief"]');
    retry?.focus();
    retry?.click();
    await vi.waitFor(() => expect(heading(host)?.textContent).toMatch(/: Complete$/), DEBRIEF_WAIT);
    expect(document.activeElement).toBe(heading(host));
  });

  it('shows the debrief once its module is here, focus on its heading', async () => {
    const host = await playToTheEnd();
    await vi.waitFor(() => expect(heading(host)?.textContent).toMatch(/: Complete$/), DEBRIEF_WAIT);
    expect(document.activeElement).toBe(heading(host));
  });
});
