/**
 * /: the game (spec §2): a loading bar with the real percentage, a fullscreen
 * button once loaded, the game area 80% of the window height (it scrolls
 * inside itself), and the game unloaded when the user leaves.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Loading, ProgressBar } from '@carbon/react';
import { GAME_CANVAS_HEIGHT_RATIO } from '@airman/contracts/constants.ts';
import { createBridge } from '@airman/game/bridge.ts';
import type { GameHttp } from '@airman/game/game-api.ts';
import { loadGame } from '#lib/game/load-game.ts';
import { useAuth } from '#lib/auth/auth-context.tsx';
import { getJson, sendJson, sessionRefused } from '#lib/api-client.ts';
import { readToken } from '#lib/token-store.ts';
import { PageHeading } from '#components/page-heading.tsx';
import { useCurrentUser } from '#lib/auth/current-user.tsx';
import '#styles/game.scss';
import { ErrorNotice } from '#components/error-notice.tsx';
import { TextButton } from '#components/text-button.tsx';

// Asked of a trainee the identity provider signed in for the first time only: the form (zod, the
// unit input, the form styles) is a chunk of its own, so the training list does not download it.
const ProfileForm = lazy(() => import('./game-profile.tsx'));

/** The game's calls go through the page's own client: token, time-out, retries and the 401 rule. */
const gameHttp: GameHttp = {
  get: (path) => getJson(path),
  post: (path, body) => sendJson('post', path, body),
};

/**
 * A trainee the identity provider signed in for the first time has no rank or
 * unit yet: asked here, as registration asks, before the game loads.
 */
export function Component() {
  const user = useCurrentUser();
  if (user.role !== 'admin' && (user.rank === '' || user.unit === '')) {
    return (
      <div className="form-page">
        <PageHeading>Complete your profile</PageHeading>
        <p>Give your rank and unit to start training.</p>
        <Suspense fallback={<Loading withOverlay={false} description="Loading the form" />}>
          <ProfileForm key={JSON.stringify([user.rank, user.unit])} user={user} />
        </Suspense>
      </div>
    );
  }
  return <Game />;
}

function Game() {
  const stage = useRef<HTMLDivElement>(null);
  const [percent, setPercent] = useState(0);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The game is mounted once; it reaches the session's latest signIn through this.
  const { signIn: currentSignIn } = useAuth();
  const signIn = useRef(currentSignIn);
  useEffect(() => {
    signIn.current = currentSignIn;
  });

  useEffect(() => {
    const abort = new AbortController();
    let destroy: (() => void) | undefined;
    const bridge = createBridge((event, reply) => {
      if (event.type === 'token-request') reply({ type: 'token', token: readToken() });
      // Through the session, not only into storage: the page's own checks read the session's token.
      if (event.type === 'token-write') signIn.current(event.token);
      if (event.type === 'session-ended') sessionRefused();
    });
    loadGame(setPercent, abort.signal)
      .then(async (game) => {
        if (abort.signal.aborted || !stage.current) return;
        const mounted = await game.mountGame(stage.current, { bridge, http: gameHttp });
        if (abort.signal.aborted) {
          mounted.destroy();
          return;
        }
        destroy = mounted.destroy;
        setReady(true);
      })
      .catch((e: unknown) => {
        if (!abort.signal.aborted) setError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      abort.abort();
      destroy?.();
    };
  }, []);

  return (
    <section aria-labelledby="game-title" className="game-page">
      <PageHeading id="game-title" className="visually-hidden">
        Training game
      </PageHeading>
      {error && <ErrorNotice title="The game could not be loaded." subtitle={error} />}
      {!ready && !error && (
        <ProgressBar label="Loading the game" helperText={`${percent}%`} value={percent} max={100} />
      )}
      {ready && (
        <TextButton
          kind="tertiary"
          size="sm"
          className="game-fullscreen"
          onClick={() => void stage.current?.requestFullscreen()}
        >
          Fullscreen
        </TextButton>
      )}
      {/* The game area: dvh is the window as it is now (on a phone, vh is the tallest it can be, bars hidden). */}
      <div ref={stage} className="game-stage" style={{ height: `${GAME_CANVAS_HEIGHT_RATIO * 100}dvh` }} />
    </section>
  );
}
