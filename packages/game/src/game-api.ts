/** The game API calls (docs/api.md "Game"), made through the web app's HTTP client. */
import type {
  FinishRunRequest,
  FinishRunResponse,
  GameAssignment,
  GameCommand,
  RunAnswersRequest,
  StartRunResponse,
} from '@airman/contracts/game.ts';
import type { Questionnaire } from '@airman/contracts/questionnaire.ts';
import type { TrainingRecord } from '@airman/contracts/record.ts';

export interface GameApi {
  /** Whether a finished run is stored (false for the module editor's play-test, which keeps nothing). */
  readonly keepsResults: boolean;
  assignments(): Promise<GameAssignment[]>;
  /** The player's training record (best results, late completions); null when there is none to read. */
  record(): Promise<TrainingRecord | null>;
  startRun(module: string): Promise<StartRunResponse>;
  progress(runId: string, log: GameCommand[]): Promise<void>;
  answers(runId: string, body: RunAnswersRequest): Promise<void>;
  finish(runId: string, body: FinishRunRequest): Promise<FinishRunResponse>;
  quit(runId: string): Promise<void>;
  questionnaire(): Promise<Questionnaire>;
}

/**
 * The shell's HTTP client, handed to the game: it adds the session's token,
 * times calls out, retries them and applies the 401 rule (spec §7) exactly as
 * for the page's own calls. Paths are relative to /api/. A refused call
 * rejects with an Error whose message is the server's.
 */
export interface GameHttp {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
}

export function createGameApi(http: GameHttp, saveToken: (token: string) => void): GameApi {
  const run = (id: string, what: string) => `game/runs/${encodeURIComponent(id)}/${what}`;
  return {
    keepsResults: true,
    assignments: () => http.get('game/assignments'),
    // What the record adds to the list is a help, not a need: the list shows without it.
    record: () => http.get<TrainingRecord>('self/record').catch(() => null),
    startRun: (module) => http.post('game/runs', { module }),
    progress: async (runId, log) => {
      await http.post(run(runId, 'progress'), { log });
    },
    answers: async (runId, body) => {
      await http.post(run(runId, 'answers'), body);
    },
    finish: async (runId, body) => {
      const result = await http.post<FinishRunResponse>(run(runId, 'finish'), body);
      // A long run may outlive a token: keep the shell's token fresh (spec §7: the game may write a new token).
      const fresh = await http.post<{ auth: string }>('session/refresh').catch(() => null);
      if (fresh) saveToken(fresh.auth);
      return result;
    },
    quit: async (runId) => {
      await http.post(run(runId, 'quit'));
    },
    questionnaire: () => http.get('modules/questionnaire'),
  };
}
