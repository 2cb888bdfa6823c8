/**
 * The module editor's play-test: the game itself, on the module as edited
 * (unsaved changes included), inside the editor. It starts at the module's
 * briefing with a fresh random seed; its runs stay in the page, so no run and
 * no report row is stored. Edits made while it runs wait for the next one.
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Button, ProgressBar } from '@carbon/react';
import { moduleSchema, type Module } from '@airman/contracts/module.ts';
import { loadGame } from './load-game.ts';
import '#styles/game.scss';
import { ErrorNotice } from '#components/error-notice.tsx';

export function PlayTest({ module, disabled }: { module: Module; disabled: boolean }) {
  const [playing, setPlaying] = useState<Module | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  return (
    // While it runs it has the dialog's body to itself: nothing pinned covers it (game.scss).
    <section aria-label="Play-test" className={playing ? 'play-test play-test--playing' : 'play-test'}>
      <Button
        ref={toggle}
        kind="tertiary"
        size="sm"
        disabled={disabled && !playing}
        onClick={() => setPlaying((p) => (p ? null : module))}
      >
        {playing ? 'End the play-test' : 'Play-test'}
      </Button>
      {playing && <PlayTestArea module={playing} />}
    </section>
  );
}

/** The game's share of the editor's height: at least this much, on any screen. */
const SHARE_OF_EDITOR = 0.7;

/**
 * The game area is SHARE_OF_EDITOR of the editor dialog's height (70dvh in CSS until measured, or
 * outside a dialog), kept as the dialog changes size: tall enough to play in, and short enough
 * that the play-test's button and note fit in view above it.
 */
function useShareOfDialog(area: RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const host = area.current;
    const dialog = host?.closest<HTMLElement>('.cds--modal-container');
    if (!host || !dialog) return undefined;
    const observer = new ResizeObserver(() => {
      host.style.height = `${Math.ceil(dialog.getBoundingClientRect().height * SHARE_OF_EDITOR)}px`;
    });
    observer.observe(dialog);
    return () => observer.disconnect();
  }, [area]);
}

function PlayTestArea({ module }: { module: Module }) {
  const area = useRef<HTMLDivElement>(null);
  useShareOfDialog(area);
  const [percent, setPercent] = useState(0);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(() => {
    const parsed = moduleSchema.safeParse(module);
    return parsed.success
      ? null
      : `Fix the module first: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`;
  });

  useEffect(() => {
    if (error) return;
    const abort = new AbortController();
    let destroy: (() => void) | undefined;
    loadGame(setPercent, abort.signal)
      .then((game) => {
        const host = area.current;
        if (abort.signal.aborted || !host) return;
        destroy = game.mountPlayTest(host, module).destroy;
        setReady(true);
        // The briefing renders once its run has started: the play-test is brought into view whole
        // (its button, its note and the game), and focus moves to the briefing's heading.
        setTimeout(() => {
          host.closest('.play-test')?.scrollIntoView({ block: 'start' });
          host.querySelector<HTMLElement>('[data-key="heading"]')?.focus({ preventScroll: true });
        });
      })
      .catch((e: unknown) => {
        if (!abort.signal.aborted) setError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      abort.abort();
      destroy?.();
    };
  }, [module, error]);

  return (
    <>
      <p className="play-test__note">The module as edited, unsaved changes included. Nothing of this play is stored.</p>
      {error && <ErrorNotice title="The play-test could not start." subtitle={error} />}
      {!ready && !error && (
        <ProgressBar label="Loading the game" helperText={`${percent}%`} value={percent} max={100} />
      )}
      <div ref={area} className="game-stage play-test__area" />
    </>
  );
}
