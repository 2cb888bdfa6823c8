/**
 * A run's xAPI statements (docs/xapi.md): built from what the run row holds and
 * nothing else (the actor is the trainee's account id, which never changes), so the statement queued when an event happens and the one the
 * export rebuilds later are the same, byte for byte, with the same id (UUID v5
 * of the run and the verb). Verbs are ADL's, and cmi5's where it has one.
 */
import type { Questionnaire, QuestionnaireAnswers } from '@airman/contracts/questionnaire.ts';
import { domainScores } from '@airman/contracts/questionnaire-score.ts';
import { URL_NAMESPACE, uuidV5 } from './uuid-v5.ts';

/** The namespace of every statement id and registration this product makes. */
const NAMESPACE = uuidV5('https://ready-airman-training/xapi', URL_NAMESPACE);

export const VERBS = {
  launched: 'http://adlnet.gov/expapi/verbs/launched',
  initialized: 'http://adlnet.gov/expapi/verbs/initialized',
  answered: 'http://adlnet.gov/expapi/verbs/answered',
  completed: 'http://adlnet.gov/expapi/verbs/completed',
  passed: 'http://adlnet.gov/expapi/verbs/passed',
  failed: 'http://adlnet.gov/expapi/verbs/failed',
  abandoned: 'https://w3id.org/xapi/adl/verbs/abandoned',
  terminated: 'http://adlnet.gov/expapi/verbs/terminated',
} as const;
export type Verb = keyof typeof VERBS;

const SIMULATION = 'http://adlnet.gov/expapi/activities/simulation';
const SURVEY = 'http://id.tincanapi.com/activitytype/survey';
const PLATFORM = 'Ready Airman Training';

/**
 * What a run's statements are made of: the run row and its module's questionnaire. Nothing of
 * the trainee's that can change (an e-mail address) is in them: the actor is the account's id.
 */
export interface RunFacts {
  run_id: string;
  user_id: string;
  module_id: string;
  module_title: string;
  status: string;
  started_at: number;
  finished_at: number;
  score_points: number | null;
  /** The most points a run of the module could score (engine's maxPoints of the run's module). */
  max_points: number;
  answers_before: QuestionnaireAnswers | null;
  answers_after: QuestionnaireAnswers | null;
}

/** A follow-up questionnaire's answers (features/followup): of a trainee's completion of a module. */
export interface FollowupFacts {
  user_id: string;
  module_id: string;
  /** The completion it follows (epoch ms). */
  completed_at: number;
  answered_at: number;
  answers: QuestionnaireAnswers;
}

export interface Statement {
  id: string;
  actor: { objectType: 'Agent'; account: { homePage: string; name: string } };
  verb: { id: string; display: { 'en-US': string } };
  object: {
    objectType: 'Activity';
    id: string;
    definition: { type: string; name: { 'en-US': string } };
  };
  result?: {
    score?: { raw: number; min?: number; max?: number; scaled?: number };
    success?: boolean;
    completion?: boolean;
    duration?: string;
    extensions?: Record<string, unknown>;
  };
  context: {
    registration: string;
    platform: string;
    language: string;
    contextActivities?: { parent: { objectType: 'Activity'; id: string }[] };
  };
  timestamp: string;
}

/** The statement id of a run's verb (and, for answered, of the questionnaire set). */
export function statementId(runId: string, verb: Verb, set?: 'before' | 'after'): string {
  return uuidV5(`${runId}/${verb}${set ? `/${set}` : ''}`, NAMESPACE);
}

/** The registration of an assignment (a trainee and a module): every run of it shares it. */
export function registration(userId: string, moduleId: string): string {
  return uuidV5(`assignment/${userId}/${moduleId}`, NAMESPACE);
}

/** The module's activity id, under PUBLIC_URL. */
export function moduleActivityId(publicUrl: string, moduleId: string): string {
  return `${publicUrl}/xapi/modules/${encodeURIComponent(moduleId)}`;
}

/** The extension under which answered statements carry the domain scores (0–100 by domain id). */
export function domainScoresExtension(publicUrl: string): string {
  return `${publicUrl}/xapi/extensions/domain-scores`;
}

/** An ISO 8601 duration to the hundredth of a second, as xAPI wants it: PT1H2M3.45S. */
export function isoDuration(ms: number): string {
  const centis = Math.max(0, Math.round(ms / 10));
  const h = Math.floor(centis / 360_000);
  const m = Math.floor((centis % 360_000) / 6_000);
  const s = (centis % 6_000) / 100;
  return `PT${h > 0 ? `${h}H` : ''}${h > 0 || m > 0 ? `${m}M` : ''}${s}S`;
}

function score(raw: number, max: number): NonNullable<Statement['result']>['score'] {
  // xAPI: max above min, raw between them; a module that scores nothing has no range.
  if (max <= 0) return { raw };
  const clamped = Math.min(max, Math.max(0, raw));
  return { raw: clamped, min: 0, max, scaled: Math.round((clamped / max) * 10_000) / 10_000 };
}

export class StatementBuilder {
  constructor(private readonly publicUrl: string) {}

  private make(
    f: RunFacts,
    verb: Verb,
    at: number,
    extra: { result?: Statement['result']; set?: 'before' | 'after'; questionnaire?: string } = {},
  ): Statement {
    const module = moduleActivityId(this.publicUrl, f.module_id);
    const object: Statement['object'] = extra.set
      ? {
          objectType: 'Activity',
          id: `${module}/questionnaire/${extra.set}`,
          definition: {
            type: SURVEY,
            name: { 'en-US': `${extra.questionnaire ?? 'Questionnaire'} (${extra.set} the game)` },
          },
        }
      : { objectType: 'Activity', id: module, definition: { type: SIMULATION, name: { 'en-US': f.module_title } } };
    return {
      id: statementId(f.run_id, verb, extra.set),
      // The account, not the address: an e-mail changes, and the LRS would see two people.
      actor: { objectType: 'Agent', account: { homePage: this.publicUrl, name: f.user_id } },
      verb: { id: VERBS[verb], display: { 'en-US': verb } },
      object,
      ...(extra.result ? { result: extra.result } : {}),
      context: {
        registration: registration(f.user_id, f.module_id),
        platform: PLATFORM,
        language: 'en-US',
        ...(extra.set ? { contextActivities: { parent: [{ objectType: 'Activity', id: module }] } } : {}),
      },
      timestamp: new Date(at).toISOString(),
    };
  }

  /** A run started: launched, then initialized (the game is ready at once). */
  started(f: RunFacts): Statement[] {
    return [this.make(f, 'launched', f.started_at), this.make(f, 'initialized', f.started_at)];
  }

  /**
   * A complete questionnaire set: answered, with its domain scores. Its time is the run's
   * start for the set asked before day 1, the run's end for the one asked after the last day.
   */
  answered(f: RunFacts, q: Questionnaire, set: 'before' | 'after'): Statement | undefined {
    const answers = set === 'before' ? f.answers_before : f.answers_after;
    if (!answers || q.items.some((i) => answers[i.id] === undefined)) return undefined;
    const at = set === 'before' ? f.started_at : f.finished_at;
    return this.make(f, 'answered', at, {
      set,
      questionnaire: q.title,
      result: { completion: true, extensions: { [domainScoresExtension(this.publicUrl)]: domainScores(q, answers) } },
    });
  }

  /**
   * The follow-up questionnaire answered (features/followup): answered, with its domain scores, by
   * the trainee's account, in the assignment's registration, at the moment it was answered. Its
   * id is of the completion it follows: answered once, stated once.
   */
  followupAnswered(f: FollowupFacts, q: Questionnaire): Statement {
    const module = moduleActivityId(this.publicUrl, f.module_id);
    return {
      id: uuidV5(`followup/${f.user_id}/${f.module_id}/${f.completed_at}/answered`, NAMESPACE),
      actor: { objectType: 'Agent', account: { homePage: this.publicUrl, name: f.user_id } },
      verb: { id: VERBS.answered, display: { 'en-US': 'answered' } },
      object: {
        objectType: 'Activity',
        id: `${module}/questionnaire/followup`,
        definition: { type: SURVEY, name: { 'en-US': `${q.title} (follow-up after the game)` } },
      },
      result: { completion: true, extensions: { [domainScoresExtension(this.publicUrl)]: domainScores(q, f.answers) } },
      context: {
        registration: registration(f.user_id, f.module_id),
        platform: PLATFORM,
        language: 'en-US',
        contextActivities: { parent: [{ objectType: 'Activity', id: module }] },
      },
      timestamp: new Date(f.answered_at).toISOString(),
    };
  }

  /** A run played to its end: completed, then passed or failed with the score, then terminated. */
  finished(f: RunFacts): Statement[] {
    const duration = isoDuration(f.finished_at - f.started_at);
    const passed = f.status === 'complete';
    return [
      this.make(f, 'completed', f.finished_at, { result: { completion: true, duration } }),
      this.make(f, passed ? 'passed' : 'failed', f.finished_at, {
        result: { score: score(f.score_points ?? 0, f.max_points), success: passed, completion: true, duration },
      }),
      this.make(f, 'terminated', f.finished_at, { result: { duration } }),
    ];
  }

  /** A run quit before its end: abandoned (cmi5's verb for a session that ends without terminated). */
  quit(f: RunFacts): Statement[] {
    return [
      this.make(f, 'abandoned', f.finished_at, { result: { duration: isoDuration(f.finished_at - f.started_at) } }),
    ];
  }

  /** Every statement of the run as it stands, in the order they happened. */
  all(f: RunFacts, q: Questionnaire | null): Statement[] {
    const out = [...this.started(f)];
    const before = q ? this.answered(f, q, 'before') : undefined;
    if (before) out.push(before);
    if (f.status === 'complete' || f.status === 'failed') {
      const after = q ? this.answered(f, q, 'after') : undefined;
      if (after) out.push(after);
      out.push(...this.finished(f));
    } else if (f.status === 'quit') {
      out.push(...this.quit(f));
    }
    return out;
  }
}
