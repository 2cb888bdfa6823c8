/** The game API calls (docs/api.md "Game"), with the token the shell hands over. */
import type { FinishRunRequest, GameAssignment, GameCommand, RunAnswersRequest, RunScore, StartRunResponse } from '@airman/contracts/game.ts';
import type { Questionnaire } from '@airman/contracts/questionnaire.ts';
import { TOKEN_RETRY_LIMIT } from '@airman/contracts/constants.ts';

export interface GameApi {
  assignments(): Promise<GameAssignment[]>;
  startRun(module: string): Promise<StartRunResponse>;
  progress(runId: string, log: GameCommand[]): Promise<void>;
  answers(runId: string, body: RunAnswersRequest): Promise<void>;
  finish(runId: string, body: FinishRunRequest): Promise<FinishResult>;
  quit(runId: string): Promise<void>;
  questionnaire(): Promise<Questionnaire>;
}

export interface FinishResult {
  outcome: 'complete' | 'failed';
  game_status: number;
  score: RunScore;
}

export class GameApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface GameSession {
  /** The shell's current token. */
  getToken(): Promise<string | null>;
  /** Hands a fresh token to the shell, which stores it. */
  saveToken(token: string): void;
  /** The token was refused on every try: the shell ends the session. */
  ended(): void;
}

/**
 * The game's calls, with the shell's token. A 401 is retried with the token
 * read again from the shell (another tab or the shell may hold a newer one), up
 * to TOKEN_RETRY_LIMIT times as the shell's own calls are (spec §7); then the
 * session has ended, and the shell sends the user to the login page.
 */
export function createGameApi(session: GameSession): GameApi {
  async function call<T>(method: string, path: string, body?: unknown, retries = 0): Promise<T> {
    const token = await session.getToken();
    const res = await fetch(`/api/${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? null : JSON.stringify(body),
    });
    if (res.status === 401) {
      if (token && retries < TOKEN_RETRY_LIMIT) return call<T>(method, path, body, retries + 1);
      session.ended();
    }
    if (!res.ok) {
      const message = await res.json().then((j: { message?: string }) => j.message ?? res.statusText, () => res.statusText);
      throw new GameApiError(res.status, message);
    }
    return (await res.json()) as T;
  }
  return {
    assignments: () => call('GET', 'game/assignments'),
    startRun: (module) => call('POST', 'game/runs', { module }),
    progress: async (runId, log) => {
      await call('POST', `game/runs/${encodeURIComponent(runId)}/progress`, { log });
    },
    answers: async (runId, body) => {
      await call('POST', `game/runs/${encodeURIComponent(runId)}/answers`, body);
    },
    finish: async (runId, body) => {
      const result = await call<FinishResult>('POST', `game/runs/${encodeURIComponent(runId)}/finish`, body);
      // A long run may outlive a token: keep the shell's token fresh (spec §7: the game may write a new token).
      const fresh = await call<{ auth: string }>('POST', 'session/refresh').catch(() => null);
      if (fresh) session.saveToken(fresh.auth);
      return result;
    },
    quit: async (runId) => {
      await call('POST', `game/runs/${encodeURIComponent(runId)}/quit`);
    },
    questionnaire: () => call('GET', 'modules/questionnaire'),
  };
}
