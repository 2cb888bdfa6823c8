/**
 * The canvas: every screen drawn with PixiJS, with motion (gauges ease to new
 * values, buttons press), pointer and touch input, devicePixelRatio handled,
 * and a sound toggle (off by default).
 */
import 'pixi.js/unsafe-eval';
import { Application, Container, Graphics, Text, type TextStyleOptions } from 'pixi.js';
import { visibleObjectives } from '@airman/engine/game-state.ts';
import type { GameController, Screen } from './controller.ts';
import { describeEffects } from './describe.ts';
import { formatDueDate } from '@airman/contracts/due-date.ts';

const COLORS = { bg: 0x0b1d33, panel: 0x16324f, text: 0xf4f4f4, muted: 0xa8b8c8, accent: 0x4589ff, ok: 0x42be65, bad: 0xfa4d56, disabled: 0x525252 };
const GAUGE_COLORS = [0x33b1ff, 0x42be65, 0xf1c21b, 0xbe95ff, 0xff7eb6];

function text(value: string, style: TextStyleOptions = {}): Text {
  return new Text({ text: value, style: { fill: COLORS.text, fontFamily: 'IBM Plex Sans, Arial, sans-serif', fontSize: 16, ...style } });
}

export interface CanvasView {
  destroy(): void;
  /** Frames drawn per second over the last second (for the benchmark). */
  fps(): number;
}

export async function mountCanvas(host: HTMLElement, controller: GameController): Promise<CanvasView> {
  const app = new Application();
  await app.init({ resizeTo: host, antialias: true, autoDensity: true, resolution: Math.min(window.devicePixelRatio || 1, 2), background: COLORS.bg });
  app.canvas.setAttribute('aria-hidden', 'true');
  app.canvas.className = 'game-canvas';
  host.append(app.canvas);

  let sound = false;
  let audio: AudioContext | null = null;
  const beep = (good: boolean) => {
    if (!sound) return;
    audio ??= new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = good ? 660 : 220;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.2);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.2);
  };

  // Displayed gauge values ease toward the real ones.
  const shown = new Map<string, number>();
  const bars: { name: string; fill: Graphics; label: Text; width: number }[] = [];
  let screen: Screen = controller.current;
  let flash = 0;

  function makeButton(label: string, width: number, onTap: (() => void) | null, color = COLORS.accent): Container {
    const c = new Container();
    const g = new Graphics().roundRect(0, 0, width, 40, 6).fill(onTap ? color : COLORS.disabled);
    const t = text(label, { fontSize: 14, wordWrap: true, wordWrapWidth: width - 16 });
    t.position.set(8, (40 - t.height) / 2);
    c.addChild(g, t);
    if (onTap) {
      c.eventMode = 'static';
      c.cursor = 'pointer';
      c.on('pointerdown', () => c.scale.set(0.96));
      c.on('pointerupoutside', () => c.scale.set(1));
      c.on('pointertap', () => {
        c.scale.set(1);
        onTap();
      });
    }
    return c;
  }

  function draw(): void {
    app.stage.removeChildren().forEach((child) => child.destroy({ children: true }));
    bars.length = 0;
    const W = app.screen.width;
    const pad = 16;
    const root = new Container();
    app.stage.addChild(root);
    const soundButton = makeButton(sound ? 'Sound: on' : 'Sound: off', 110, () => {
      sound = !sound;
      draw();
    }, COLORS.panel);
    soundButton.position.set(W - 110 - pad, pad);
    root.addChild(soundButton);
    let y = pad;
    const heading = (value: string, size = 24) => {
      const t = text(value, { fontSize: size, fontWeight: '600', wordWrap: true, wordWrapWidth: W - 2 * pad - 120 });
      t.position.set(pad, y);
      root.addChild(t);
      y += t.height + 12;
    };
    switch (screen.kind) {
      case 'loading':
      case 'error':
        heading(screen.message, 20);
        if (screen.kind === 'error') {
          const b = makeButton('Back to my training', 220, () => void controller.loadList());
          b.position.set(pad, y);
          root.addChild(b);
        }
        break;
      case 'list':
        heading('Your training');
        if (screen.assignments.length === 0) heading('No modules are assigned to you.', 16);
        for (const a of screen.assignments) {
          const past = a.status.startsWith('Past Due');
          const card = makeButton(`${a.title} — ${a.status}${a.due_at > 0 ? ` — due ${formatDueDate(a.due_at)}` : ''}`, Math.min(W - 2 * pad, 640), () => void controller.open(a), past ? COLORS.bad : COLORS.panel);
          card.position.set(pad, y);
          root.addChild(card);
          y += 52;
        }
        break;
      case 'questionnaire':
        heading(`${screen.questionnaire.title} — ${screen.phase === 'before' ? 'before the run' : 'after the run'}`, 20);
        heading(`${Object.keys(screen.answers).length} of ${screen.questionnaire.items.length} answered. Use the Game controls below the canvas to answer.`, 16);
        break;
      case 'play': {
        const s = screen.state;
        heading(`${screen.title} — Day ${s.day} of ${s.module.days} — ${s.tokens} tokens — ${screen.points} points`, 20);
        const barWidth = Math.min(W - 2 * pad, 520);
        Object.entries(s.gauges).forEach(([name, value], i) => {
          const range = s.module.healthy_range?.[name];
          const label = text(range ? `${name} ${value} (healthy ${range[0]}–${range[1]})` : `${name} ${value}`, { fontSize: 14 });
          label.position.set(pad, y);
          const back = new Graphics().roundRect(pad, y + 20, barWidth, 12, 6).fill(COLORS.panel);
          // The healthy range as a band over the bar's track.
          if (range) back.rect(pad + (barWidth * range[0]) / 100, y + 18, (barWidth * (range[1] - range[0])) / 100, 16).stroke({ width: 2, color: COLORS.ok });
          const fill = new Graphics();
          fill.position.set(pad, y + 20);
          root.addChild(label, back, fill);
          bars.push({ name, fill, label, width: barWidth });
          if (!shown.has(name)) shown.set(name, value);
          fill.tint = GAUGE_COLORS[i % GAUGE_COLORS.length] ?? COLORS.accent;
          y += 40;
        });
        const objectives = visibleObjectives(s)
          .map((o) => `${o.status === 'complete' ? '✓' : '•'} ${o.name}`)
          .join('   ');
        heading(objectives || 'No objectives', 14);
        const inventory = Object.entries(s.inventory).map(([k, n]) => (n > 1 ? `${k} ×${n}` : k));
        heading(`Inventory: ${inventory.join(', ') || 'empty'}`, 14);
        const cols = Math.max(1, Math.floor((W - 2 * pad) / 260));
        const bw = (W - 2 * pad - (cols - 1) * 8) / cols;
        if (screen.event) {
          // Today's event as a card: its choices replace the actions until one is picked.
          heading(`Event: ${screen.event.name}`, 18);
          heading(screen.event.text, 14);
          const choices = s.module.events?.[s.pendingEvent]?.choices ?? [];
          screen.event.choices.forEach((choice, i) => {
            const effects = choices[choice.index];
            const label = `${choice.label} — ${effects ? describeEffects(effects) : ''}${choice.ok ? '' : ` — ${choice.reason}`}`;
            const b = makeButton(label, Math.min(W - 2 * pad, 640), choice.ok ? () => controller.command({ choose: choice.index }) : null);
            b.position.set(pad, y + i * 48);
            root.addChild(b);
          });
          y += screen.event.choices.length * 48 + 8;
          const quitNow = screen.confirmQuit
            ? makeButton('Really quit?', 140, () => void controller.quit(), COLORS.bad)
            : makeButton('Quit', 140, () => controller.askQuit(true), COLORS.panel);
          quitNow.position.set(pad, y);
          root.addChild(quitNow);
          break;
        }
        screen.actions.forEach((a, i) => {
          const action = s.module.actions.find((x) => x.name === a.action);
          const label = `${a.action} (${action?.token_cost ?? 0})${a.ok ? '' : ` — ${a.reason}`}`;
          const b = makeButton(label, bw, a.ok ? () => controller.command({ action: a.action }) : null);
          b.position.set(pad + (i % cols) * (bw + 8), y + Math.floor(i / cols) * 48);
          root.addChild(b);
        });
        y += Math.ceil(screen.actions.length / cols) * 48 + 8;
        const end = makeButton('End Day', 140, () => controller.command({ end_day: true }), COLORS.ok);
        end.position.set(pad, y);
        const quit = screen.confirmQuit
          ? makeButton('Really quit?', 140, () => void controller.quit(), COLORS.bad)
          : makeButton('Quit', 140, () => controller.askQuit(true), COLORS.panel);
        quit.position.set(pad + 150, y);
        root.addChild(end, quit);
        break;
      }
      case 'outcome':
        heading(`${screen.title}: ${screen.outcome === 'complete' ? 'Complete!' : 'Failed'}`, 28);
        heading(screen.outcome === 'complete' ? `${'★'.repeat(screen.score.stars)}${'☆'.repeat(3 - screen.score.stars)}  ${screen.score.points} points` : `${screen.score.points} points`, 20);
        heading(Object.entries(screen.state.gauges).map(([g, v]) => `${g} ${v}`).join('   '), 16);
        {
          const b = makeButton('Back to my training', 220, () => void controller.loadList());
          b.position.set(pad, y);
          root.addChild(b);
        }
        break;
    }
  }

  const unsubscribe = controller.subscribe((next, announcement) => {
    const before = screen;
    screen = next;
    if (before.kind === 'play' && next.kind === 'play' && announcement) {
      beep(!announcement.includes(':'));
      flash = next.dayEnded ? 1 : 0.35;
    }
    draw();
  });
  const onResize = () => draw();
  window.addEventListener('resize', onResize);

  let frames = 0;
  let fps = 0;
  let last = performance.now();
  app.ticker.add((ticker) => {
    frames++;
    const now = performance.now();
    if (now - last >= 1000) {
      fps = (frames * 1000) / (now - last);
      frames = 0;
      last = now;
    }
    if (screen.kind !== 'play') return;
    const k = Math.min(1, ticker.deltaMS / 150);
    for (const bar of bars) {
      const target = screen.state.gauges[bar.name] ?? 0;
      const current = shown.get(bar.name) ?? target;
      const value = current + (target - current) * k;
      shown.set(bar.name, Math.abs(target - value) < 0.05 ? target : value);
      bar.fill.clear().roundRect(0, 0, (bar.width * Math.max(0, value)) / 100, 12, 6).fill(0xffffff);
    }
    if (flash > 0) {
      flash = Math.max(0, flash - ticker.deltaMS / 600);
      app.stage.alpha = 1 - flash * 0.3;
    }
  });

  return {
    fps: () => fps,
    destroy() {
      unsubscribe();
      window.removeEventListener('resize', onResize);
      void audio?.close();
      const gl = (app.renderer as unknown as { gl?: WebGLRenderingContext }).gl;
      app.destroy({ removeView: true }, { children: true, texture: true, textureSource: true });
      gl?.getExtension('WEBGL_lose_context')?.loseContext();
    },
  };
}
