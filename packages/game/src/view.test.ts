// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Module } from '@airman/contracts/module.ts';
import { eventfulModule } from '@airman/engine/test-modules.ts';
import { GameController } from './controller.ts';
import { stubPage } from './jsdom-page.ts';
import { localGameApi, playTestAssignment } from './local-api.ts';
import { mountView, type View } from './view.ts';

/** The eventful module, its day-2 storm naming real help. */
const module: Module = {
  ...eventfulModule,
  events: eventfulModule.events?.map((e) =>
    e.name === 'Storm' ? { ...e, resources: [{ name: 'Base housing', contact: 'DSN 555-0100' }] } : e,
  ),
};

/** A storm without help: only the outcome to show after it is answered. */
const helpless: Module = { ...eventfulModule };

let view: View | null = null;
let scrolled: Element[] = [];

beforeEach(() => {
  scrolled = [];
  // jsdom lays nothing out: what is scrolled into view is recorded instead.
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
  // Nor escape a name for a selector, nor answer media queries.
  stubPage();
});

afterEach(() => {
  view?.destroy();
  view = null;
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

/** The play screen of `m` on day 1, drawn in the page. */
async function play(m: Module) {
  const controller = new GameController(localGameApi(m, () => 1));
  await controller.open(playTestAssignment(m));
  const host = document.createElement('div');
  document.body.append(host);
  view = mountView(host, controller);
  controller.begin();
  const key = (k: string) => host.querySelector<HTMLElement>(`[data-key="${k}"]`);
  /** Presses the control as the keyboard does: focused, then clicked. */
  const press = (k: string) => {
    const control = key(k);
    if (!control) throw new Error(`no control ${k}`);
    control.focus();
    control.click();
  };
  return { host, key, press, live: () => key('outcome') };
}

describe('focus after a move', () => {
  it('goes to the outcome after an action, in view, not back to the action', async () => {
    const { press, live } = await play(module);
    press('action:Fetch');
    expect(document.activeElement).toBe(live());
    expect(live()?.textContent).toMatch(/^Fetch\. /);
    expect(live()?.getAttribute('role')).toBe('status');
    expect(scrolled).toContain(live());
  });

  it('goes to the outcome after an answer, the help it names scrolled into view below it', async () => {
    const { press, key, live } = await play(module);
    press('end-day');
    // A new day that opens with an event: on to its first choice, as before.
    expect(document.activeElement?.getAttribute('data-key')).toMatch(/^choice:/);
    press('choice:0');
    expect(document.activeElement).toBe(live());
    expect(live()?.textContent).toMatch(/^Wait it out\. /);
    expect(scrolled).toEqual([key('help'), live()]);
  });

  it('goes to the outcome after an answer that names no help', async () => {
    const { press, key, live } = await play(helpless);
    press('end-day');
    press('choice:1');
    expect(document.activeElement).toBe(live());
    expect(live()?.textContent).toMatch(/^Fix the fuse box\. /);
    expect(key('help')).toBeNull();
  });

  it('stays on End Day after a day ends without an event', async () => {
    const { press, key } = await play(helpless);
    press('action:Fetch');
    press('end-day');
    press('choice:0');
    press('end-day');
    expect(document.activeElement).toBe(key('end-day'));
  });
});
