/**
 * The module editor's play-test: the game itself, on the module as edited
 * (unsaved changes included), inside the editor. It starts at the module's
 * briefing with a fresh random seed; its runs stay in the page, so no run and
 * no report row is stored. Edits made while it runs wait for the next one.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, InlineNotification, ProgressBar } from '@carbon/react';
import { moduleSchema, type Module } from '@airman/contracts/module.ts';
import { loadGame } from './load-game.ts';
import '../../styles/game.scss';

export function PlayTest({ module, disabled }: { module: Module; disabled: boolean }) {
  const [playing, setPlaying] = useState<Module | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  return (
    <section aria-label="Play-test" className="play-test">
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

function PlayTestArea({ module }: { module: Module }) {
  const area = useRef<HTMLDivElement>(null);
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
        // The briefing renders once its run has started: focus moves to its heading.
        setTimeout(() => host.querySelector<HTMLElement>('[data-key="heading"]')?.focus());
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
      {error && (
        <InlineNotification
          kind="error"
          title="The play-test could not start."
          subtitle={error}
          lowContrast
          hideCloseButton
          role="alert"
        />
      )}
      {!ready && !error && (
        <ProgressBar label="Loading the game" helperText={`${percent}%`} value={percent} max={100} />
      )}
      <div ref={area} className="game-stage play-test__area" />
    </>
  );
}
