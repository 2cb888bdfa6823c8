/** The game API calls (docs/api.md "Game"), with the token the shell hands over. */
import type { FinishRunRequest, GameAssignment, GameCommand, StartRunResponse } from '@airman/contracts/game.ts';
import type { Questionnaire } from '@airman/contracts/questionnaire.ts';

export interface GameApi {
  assignments(): Promise<GameAssignment[]>;
  startRun(module: string): Promise<StartRunResponse>;
  progress(runId: string, log: GameCommand[]): Promise<void>;
  finish(runId: string, body: FinishRunRequest): Promise<{ outcome: 'complete' | 'failed'; game_status: number }>;
  quit(runId: string): Promise<void>;
  questionnaire(): Promise<Questionnaire>;
}

export class GameApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * `getToken` asks the shell for the current token; `saveToken` hands a fresh one
 * back (the shell stores it). On a 401 the token is refreshed once from the shell.
 */
export function createGameApi(getToken: () => Promise<string | null>, saveToken: (token: string) => void): GameApi {
  async function call<T>(method: string, path: string, body?: unknown, retried = false): Promise<T> {
    const token = await getToken();
    const res = await fetch(`/api/${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? null : JSON.stringify(body),
    });
    if (res.status === 401 && !retried) return call<T>(method, path, body, true);
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
    finish: async (runId, body) => {
      const result = await call<{ outcome: 'complete' | 'failed'; game_status: number }>('POST', `game/runs/${encodeURIComponent(runId)}/finish`, body);
      // A long run may outlive a token: keep the shell's token fresh (spec §7: the game may write a new token).
      const fresh = await call<{ auth: string }>('POST', 'session/refresh').catch(() => null);
      if (fresh) saveToken(fresh.auth);
      return result;
    },
    quit: async (runId) => {
      await call('POST', `game/runs/${encodeURIComponent(runId)}/quit`);
    },
    questionnaire: () => call('GET', 'modules/questionnaire'),
  };
}
