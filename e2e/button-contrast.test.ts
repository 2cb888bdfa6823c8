/**
 * Every kind of button keeps its text at 4.5:1 or more against what is behind it (WCAG 1.4.3) in
 * each state a person puts it in: hovered, pressed, focused, focused while hovered. Measured in
 * Chromium on the built CSS: the computed text colour against the computed background, the
 * backgrounds of the button and everything under it composited (Carbon's hover and active
 * backgrounds are translucent), once every transition has ended.
 */
import { expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import { describeE2E } from './browser.ts';

/** Carbon's button kinds (the `kind` prop), each drawn as Carbon draws it. */
const CARBON_KINDS = [
  'primary',
  'secondary',
  'tertiary',
  'ghost',
  'danger',
  'danger--tertiary',
  'danger--ghost',
] as const;

/**
 * Each Carbon kind where the app puts buttons: on the page, in a data table's row (whose hover
 * darkens the row and recolours its buttons: admin.scss), and the app's own button classes where
 * they are used (the overdue table's name buttons, the header's Log Out).
 */
function fixture(): string {
  const carbon = (where: string) =>
    CARBON_KINDS.map(
      (kind) =>
        `<button type="button" class="cds--btn cds--btn--sm cds--btn--${kind}" data-contrast="${kind} ${where}">${kind}</button>`,
    ).join('');
  return `
    <div id="contrast-fixture">
      <p>${carbon('on the page')}</p>
      <table class="cds--data-table"><tbody><tr><td>row text</td><td>${carbon('in a table row')}
        <button type="button" class="progress-overdue__open" data-contrast="progress-overdue__open in a table row">Name</button>
      </td></tr></tbody></table>
      <div class="cds--modal-container" id="contrast-modal">
        <div class="cds--modal-content">${carbon('in a modal')}</div>
      </div>
    </div>`;
}

interface Measured {
  label: string;
  ratio: number;
  text: string;
  background: string;
}

/** Contrast of each marked button as it is drawn now (run in the page). */
function measure(): Measured[] {
  type Rgba = [number, number, number, number];
  const parse = (css: string): Rgba => {
    const m = /rgba?\(([^)]+)\)/.exec(css);
    if (!m) return [0, 0, 0, 0];
    const parts = (m[1] as string)
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
  };
  /** `top` drawn over the opaque `bottom`. */
  const over = (top: Rgba, bottom: Rgba): Rgba => {
    const a = top[3];
    return [0, 1, 2].map((i) => (top[i] as number) * a + (bottom[i] as number) * (1 - a)).concat(1) as Rgba;
  };
  /** The opaque colour behind `el`'s text: its background and its ancestors', composited. */
  const backdrop = (el: Element): Rgba => {
    const layers: Rgba[] = [];
    for (let node: Element | null = el; node; node = node.parentElement) {
      const bg = parse(getComputedStyle(node).backgroundColor);
      if (bg[3] > 0) layers.push(bg);
      if (bg[3] >= 1) break;
    }
    let colour: Rgba = [255, 255, 255, 1];
    for (const layer of layers.reverse()) colour = over(layer, colour);
    return colour;
  };
  const luminance = ([r, g, b]: Rgba) => {
    const lin = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const css = (c: Rgba) => `rgb(${c.slice(0, 3).map(Math.round).join(', ')})`;
  return Array.from(document.querySelectorAll<HTMLElement>('[data-contrast]')).map((el) => {
    const bg = backdrop(el);
    const text = over(parse(getComputedStyle(el).color), bg);
    const [hi, lo] = [luminance(text), luminance(bg)].sort((x, y) => y - x) as [number, number];
    return {
      label: el.dataset.contrast ?? '',
      ratio: Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100,
      text: css(text),
      background: css(bg),
    };
  });
}

/** Waits until no CSS transition is running (Carbon's buttons and rows fade between states). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
}

/** Forces CSS pseudo-classes on the marked button `index` (none: []), as DevTools does. */
async function force(cdp: CDPSession, index: number, classes: string[]): Promise<void> {
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: '[data-contrast]' });
  const nodeId = nodeIds[index];
  if (nodeId === undefined) throw new Error(`no marked button ${index}`);
  await cdp.send('CSS.forcePseudoState', { nodeId, forcedPseudoClasses: classes });
}

/** Every marked button in every state, with the ratios under 4.5:1. */
async function failures(page: Page): Promise<{ checked: number; low: string[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const buttons = page.locator('[data-contrast]');
  const count = await buttons.count();
  const low: string[] = [];
  let checked = 0;
  const record = async (index: number, state: string) => {
    await settled(page);
    const all = await page.evaluate(measure);
    const m = all[index];
    if (!m) throw new Error(`no measure for ${index}`);
    checked++;
    if (m.ratio < 4.5) low.push(`${m.label}, ${state}: ${m.ratio}:1 (${m.text} on ${m.background})`);
  };
  for (let i = 0; i < count; i++) {
    const button = buttons.nth(i);
    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    if (!box) throw new Error(`button ${i} is not drawn`);
    // Hovered by the pointer: the row under it is hovered too.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await record(i, 'hovered');
    await force(cdp, i, ['active', 'focus']);
    await record(i, 'pressed');
    await force(cdp, i, ['focus', 'focus-visible']);
    await record(i, 'focused and hovered');
    // The pointer away, on nothing: focused alone.
    await page.mouse.move(1, (page.viewportSize()?.height ?? 768) - 1);
    await record(i, 'focused');
    await force(cdp, i, []);
  }
  await cdp.detach();
  return { checked, low };
}

describeE2E('button text contrast in every state', (e2e) => {
  it('keeps every kind of button at 4.5:1 hovered, pressed and focused', async () => {
    const page = await e2e.adminTab('/modules');
    await page.getByRole('table', { name: 'Training Modules' }).waitFor();
    // The app's own buttons where they are: each module row's actions (Archive among them), the
    // page's New Module +, the header's.
    await page.evaluate(() => {
      const rows = Array.from(document.querySelectorAll<HTMLElement>('main tbody tr'));
      const live = rows.find((tr) => tr.querySelector('.cds--btn--danger--ghost'));
      const archived = rows.find((tr) => tr.classList.contains('is-archived'));
      const real = [
        ...[live, archived].flatMap((tr) => (tr ? Array.from(tr.querySelectorAll<HTMLElement>('.cds--btn')) : [])),
        ...Array.from(document.querySelectorAll<HTMLElement>('main .cds--btn:not(table *), header button')),
      ].filter((el) => !(el as HTMLButtonElement).disabled);
      real.forEach((el, i) => {
        const words = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (words && el.getClientRects().length > 0) el.dataset.contrast = `${words} (#${i})`;
      });
    });
    await page.locator('main').evaluate((main, html) => {
      main.insertAdjacentHTML('beforeend', html);
      // A modal's box drawn in the page's flow (set through the CSSOM: the CSP refuses style attributes).
      const modal = document.getElementById('contrast-modal') as HTMLElement;
      Object.assign(modal.style, { position: 'static', transform: 'none', opacity: '1', visibility: 'visible' });
    }, fixture());
    const marked = await page.locator('[data-contrast]').count();
    expect(marked).toBeGreaterThan(CARBON_KINDS.length * 3);
    const { checked, low } = await failures(page);
    expect(checked).toBe(marked * 4);
    expect(low).toEqual([]);
    await page.close();
  });
});
