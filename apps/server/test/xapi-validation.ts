/**
 * xAPI 1.0.3 statement validation, as ADL's specification (part two, "Data") words its
 * requirements, for the test LRS (strict-lrs.ts). `statementErrors` returns every rule a
 * statement breaks, each as "<path>: <what is wrong>"; an empty list is a valid statement.
 *
 * What it checks: only the properties the specification defines, at every level; the id a
 * UUID; the actor an Agent with exactly one inverse functional identifier (mbox a mailto: IRI,
 * mbox_sha1sum 40 hex digits, openid a URI, or an account with a homePage IRL and a name) or a
 * Group of such Agents; the verb's id an IRI and its display a language map; the object an
 * Activity (an IRI id, a definition of language maps, IRIs and extensions), an Agent, a Group, a
 * StatementRef (a UUID) or a SubStatement; the result's score (scaled within [-1, 1], min below
 * max, raw between them), success and completion booleans, an ISO 8601 duration and extensions
 * keyed by IRIs; the context's registration a UUID, its activities, its language an RFC 5646
 * tag, revision and platform only about an Activity; timestamps ISO 8601 date-times; version 1.0.x.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const LANGUAGE_TAG =
  /^(?:[a-z]{2,3}(?:-[a-z]{3}){0,3}|[a-z]{4,8})(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?(?:-(?:[a-z\d]{5,8}|\d[a-z\d]{3}))*(?:-[a-wy-z\d](?:-[a-z\d]{2,8})+)*(?:-x(?:-[a-z\d]{1,8})+)?$|^x(?:-[a-z\d]{1,8})+$/i;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|[+-](\d{2}):?(\d{2}))?$/;
const DURATION =
  /^P(?:(?:\d+(?:[.,]\d+)?Y)?(?:\d+(?:[.,]\d+)?M)?(?:\d+(?:[.,]\d+)?D)?(?:T(?=\d)(?:\d+(?:[.,]\d+)?H)?(?:\d+(?:[.,]\d+)?M)?(?:\d+(?:[.,]\d+)?S)?)?|\d+(?:[.,]\d+)?W)$/;
const SHA1 = /^[0-9a-f]{40}$/i;
const INTERACTION_TYPES = new Set([
  'true-false',
  'choice',
  'fill-in',
  'long-fill-in',
  'matching',
  'performance',
  'sequencing',
  'likert',
  'numeric',
  'other',
]);
export const VOIDED = 'http://adlnet.gov/expapi/verbs/voided';

class Check {
  readonly errors: string[] = [];

  fail(path: string, message: string): void {
    this.errors.push(`${path === '' ? 'statement' : path}: ${message}`);
  }

  object(value: Json | undefined, path: string, allowed: readonly string[]): JsonObject | undefined {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      this.fail(path, 'must be an object');
      return undefined;
    }
    for (const key of Object.keys(value)) {
      if (!allowed.includes(key))
        this.fail(path === '' ? key : `${path}.${key}`, 'is not a property xAPI defines here');
    }
    return value;
  }

  string(value: Json | undefined, path: string): value is string {
    if (typeof value === 'string') return true;
    this.fail(path, 'must be a string');
    return false;
  }

  boolean(value: Json | undefined, path: string): void {
    if (typeof value !== 'boolean') this.fail(path, 'must be true or false');
  }

  number(value: Json | undefined, path: string): value is number {
    if (typeof value === 'number' && Number.isFinite(value)) return true;
    this.fail(path, 'must be a number');
    return false;
  }

  uuid(value: Json | undefined, path: string): void {
    if (this.string(value, path) && !UUID.test(value)) this.fail(path, 'must be a UUID');
  }

  /** An absolute IRI: a scheme, then characters, no white space. */
  iri(value: Json | undefined, path: string): void {
    if (!this.string(value, path)) return;
    if (!SCHEME.test(value) || /\s/.test(value) || !URL.canParse(value)) this.fail(path, 'must be an absolute IRI');
  }

  /** An IRL: an IRI that can be looked up (http or https). */
  irl(value: Json | undefined, path: string): void {
    if (!this.string(value, path)) return;
    if (!/^https?:\/\//i.test(value) || /\s/.test(value) || !URL.canParse(value))
      this.fail(path, 'must be an http(s) IRL');
  }

  dateTime(value: Json | undefined, path: string): void {
    if (!this.string(value, path)) return;
    const m = DATE_TIME.exec(value);
    const [month, day, hour, minute, second] = m ? [m[2], m[3], m[4], m[5], m[6]].map(Number) : [];
    const offset = m?.[8] === undefined ? [0, 0] : [Number(m[8]), Number(m[9])];
    const valid =
      m !== null &&
      month !== undefined &&
      month >= 1 &&
      month <= 12 &&
      day !== undefined &&
      day >= 1 &&
      day <= new Date(Date.UTC(Number(m[1]), month, 0)).getUTCDate() &&
      hour !== undefined &&
      hour <= 23 &&
      minute !== undefined &&
      minute <= 59 &&
      second !== undefined &&
      second <= 59 &&
      (offset[0] ?? 0) <= 14 &&
      (offset[1] ?? 0) <= 59;
    if (!valid) this.fail(path, 'must be an ISO 8601 date and time (2026-01-31T12:00:00.000Z)');
    // "-00:00" is ISO 8601's "offset unknown", which RFC 3339 allows and xAPI forbids.
    else if (/-00:?00$/.test(value)) this.fail(path, 'must not have the offset -00:00');
  }

  duration(value: Json | undefined, path: string): void {
    if (this.string(value, path) && (!DURATION.test(value) || value === 'P' || value.endsWith('T')))
      this.fail(path, 'must be an ISO 8601 duration (PT1H2M3.45S)');
  }

  languageMap(value: Json | undefined, path: string): void {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      this.fail(path, 'must be a language map');
      return;
    }
    for (const [tag, text] of Object.entries(value)) {
      if (!LANGUAGE_TAG.test(tag)) this.fail(`${path}.${tag}`, 'is not an RFC 5646 language tag');
      if (typeof text !== 'string') this.fail(`${path}.${tag}`, 'must be a string');
    }
  }

  extensions(value: Json | undefined, path: string): void {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      this.fail(path, 'must be an object keyed by IRIs');
      return;
    }
    for (const key of Object.keys(value)) this.iri(key, `${path}[${JSON.stringify(key)}]`);
  }

  /** An Agent: exactly one inverse functional identifier. */
  agent(value: Json | undefined, path: string): void {
    const agent = this.object(value, path, ['objectType', 'name', 'mbox', 'mbox_sha1sum', 'openid', 'account']);
    if (!agent) return;
    if (agent.objectType !== undefined && agent.objectType !== 'Agent')
      this.fail(`${path}.objectType`, "must be 'Agent'");
    if (agent.name !== undefined) this.string(agent.name, `${path}.name`);
    const ifis = this.identifiers(agent, path);
    if (ifis !== 1) this.fail(path, `an Agent has exactly one of mbox, mbox_sha1sum, openid, account (it has ${ifis})`);
  }

  /** A Group: members that are Agents, and at most one identifier (none: an anonymous Group, which needs members). */
  group(value: Json | undefined, path: string): void {
    const group = this.object(value, path, [
      'objectType',
      'name',
      'member',
      'mbox',
      'mbox_sha1sum',
      'openid',
      'account',
    ]);
    if (!group) return;
    if (group.objectType !== 'Group') this.fail(`${path}.objectType`, "must be 'Group'");
    if (group.name !== undefined) this.string(group.name, `${path}.name`);
    const ifis = this.identifiers(group, path);
    if (ifis > 1) this.fail(path, `a Group has at most one of mbox, mbox_sha1sum, openid, account (it has ${ifis})`);
    if (group.member !== undefined || ifis === 0) {
      if (!Array.isArray(group.member)) this.fail(`${path}.member`, 'must be an array of Agents');
      else {
        if (ifis === 0 && group.member.length === 0) this.fail(`${path}.member`, 'an anonymous Group needs members');
        group.member.forEach((m, i) => this.agent(m, `${path}.member[${i}]`));
      }
    }
  }

  agentOrGroup(value: Json | undefined, path: string): void {
    const type = value !== null && typeof value === 'object' && !Array.isArray(value) ? value.objectType : undefined;
    if (type === 'Group') this.group(value, path);
    else this.agent(value, path);
  }

  /** How many inverse functional identifiers a thing has, each checked. */
  private identifiers(actor: JsonObject, path: string): number {
    let count = 0;
    if (actor.mbox !== undefined) {
      count++;
      if (this.string(actor.mbox, `${path}.mbox`) && !/^mailto:[^@\s]+@[^@\s]+$/i.test(actor.mbox))
        this.fail(`${path}.mbox`, 'must be a mailto: IRI of one address');
    }
    if (actor.mbox_sha1sum !== undefined) {
      count++;
      if (this.string(actor.mbox_sha1sum, `${path}.mbox_sha1sum`) && !SHA1.test(actor.mbox_sha1sum))
        this.fail(`${path}.mbox_sha1sum`, 'must be a SHA-1 of 40 hex digits');
    }
    if (actor.openid !== undefined) {
      count++;
      this.iri(actor.openid, `${path}.openid`);
    }
    if (actor.account !== undefined) {
      count++;
      const account = this.object(actor.account, `${path}.account`, ['homePage', 'name']);
      if (account) {
        this.irl(account.homePage, `${path}.account.homePage`);
        if (this.string(account.name, `${path}.account.name`) && account.name === '')
          this.fail(`${path}.account.name`, 'must not be empty');
      }
    }
    return count;
  }

  verb(value: Json | undefined, path: string): void {
    const verb = this.object(value, path, ['id', 'display']);
    if (!verb) return;
    this.iri(verb.id, `${path}.id`);
    if (verb.display !== undefined) this.languageMap(verb.display, `${path}.display`);
  }

  activity(value: Json | undefined, path: string): void {
    const activity = this.object(value, path, ['objectType', 'id', 'definition']);
    if (!activity) return;
    if (activity.objectType !== undefined && activity.objectType !== 'Activity')
      this.fail(`${path}.objectType`, "must be 'Activity'");
    this.iri(activity.id, `${path}.id`);
    if (activity.definition !== undefined) this.definition(activity.definition, `${path}.definition`);
  }

  private definition(value: Json, path: string): void {
    const interaction = ['choices', 'scale', 'source', 'target', 'steps'];
    const definition = this.object(value, path, [
      'name',
      'description',
      'type',
      'moreInfo',
      'extensions',
      'interactionType',
      'correctResponsesPattern',
      ...interaction,
    ]);
    if (!definition) return;
    if (definition.name !== undefined) this.languageMap(definition.name, `${path}.name`);
    if (definition.description !== undefined) this.languageMap(definition.description, `${path}.description`);
    if (definition.type !== undefined) this.iri(definition.type, `${path}.type`);
    if (definition.moreInfo !== undefined) this.irl(definition.moreInfo, `${path}.moreInfo`);
    if (definition.extensions !== undefined) this.extensions(definition.extensions, `${path}.extensions`);
    if (definition.interactionType !== undefined) {
      if (
        this.string(definition.interactionType, `${path}.interactionType`) &&
        !INTERACTION_TYPES.has(definition.interactionType)
      )
        this.fail(`${path}.interactionType`, `must be one of ${[...INTERACTION_TYPES].join(', ')}`);
    } else {
      for (const key of ['correctResponsesPattern', ...interaction]) {
        if (definition[key] !== undefined) this.fail(`${path}.${key}`, 'needs an interactionType');
      }
    }
    if (definition.correctResponsesPattern !== undefined) {
      const pattern = definition.correctResponsesPattern;
      if (!Array.isArray(pattern) || pattern.some((p) => typeof p !== 'string'))
        this.fail(`${path}.correctResponsesPattern`, 'must be an array of strings');
    }
    for (const key of interaction) {
      const list = definition[key];
      if (list === undefined) continue;
      if (!Array.isArray(list)) {
        this.fail(`${path}.${key}`, 'must be an array of interaction components');
        continue;
      }
      list.forEach((component, i) => {
        const c = this.object(component, `${path}.${key}[${i}]`, ['id', 'description']);
        if (!c) return;
        if (this.string(c.id, `${path}.${key}[${i}].id`) && c.id === '')
          this.fail(`${path}.${key}[${i}].id`, 'must not be empty');
        if (c.description !== undefined) this.languageMap(c.description, `${path}.${key}[${i}].description`);
      });
    }
  }

  statementRef(value: Json | undefined, path: string): void {
    const ref = this.object(value, path, ['objectType', 'id']);
    if (!ref) return;
    if (ref.objectType !== 'StatementRef') this.fail(`${path}.objectType`, "must be 'StatementRef'");
    this.uuid(ref.id, `${path}.id`);
  }

  /** The object: an Activity unless its objectType says otherwise. */
  statementObject(value: Json | undefined, path: string, sub: boolean): void {
    const type = value !== null && typeof value === 'object' && !Array.isArray(value) ? value.objectType : undefined;
    if (type === undefined || type === 'Activity') this.activity(value, path);
    else if (type === 'Agent') this.agent(value, path);
    else if (type === 'Group') this.group(value, path);
    else if (type === 'StatementRef') this.statementRef(value, path);
    else if (type === 'SubStatement') {
      if (sub) this.fail(`${path}.objectType`, 'a SubStatement must not hold another SubStatement');
      else this.body(value, path, true);
    } else this.fail(`${path}.objectType`, 'must be Activity, Agent, Group, StatementRef or SubStatement');
  }

  result(value: Json | undefined, path: string): void {
    const result = this.object(value, path, ['score', 'success', 'completion', 'response', 'duration', 'extensions']);
    if (!result) return;
    if (result.score !== undefined) this.score(result.score, `${path}.score`);
    if (result.success !== undefined) this.boolean(result.success, `${path}.success`);
    if (result.completion !== undefined) this.boolean(result.completion, `${path}.completion`);
    if (result.response !== undefined) this.string(result.response, `${path}.response`);
    if (result.duration !== undefined) this.duration(result.duration, `${path}.duration`);
    if (result.extensions !== undefined) this.extensions(result.extensions, `${path}.extensions`);
  }

  private score(value: Json, path: string): void {
    const score = this.object(value, path, ['scaled', 'raw', 'min', 'max']);
    if (!score) return;
    const n = (key: string): number | undefined =>
      score[key] !== undefined && this.number(score[key], `${path}.${key}`) ? (score[key] as number) : undefined;
    const [scaled, raw, min, max] = [n('scaled'), n('raw'), n('min'), n('max')];
    if (scaled !== undefined && (scaled < -1 || scaled > 1)) this.fail(`${path}.scaled`, 'must be within -1 and 1');
    if (min !== undefined && max !== undefined && min >= max) this.fail(`${path}.min`, 'must be below max');
    if (raw !== undefined && min !== undefined && raw < min) this.fail(`${path}.raw`, 'must not be below min');
    if (raw !== undefined && max !== undefined && raw > max) this.fail(`${path}.raw`, 'must not be above max');
  }

  context(value: Json | undefined, path: string, objectIsActivity: boolean): void {
    const context = this.object(value, path, [
      'registration',
      'instructor',
      'team',
      'contextActivities',
      'revision',
      'platform',
      'language',
      'statement',
      'extensions',
    ]);
    if (!context) return;
    if (context.registration !== undefined) this.uuid(context.registration, `${path}.registration`);
    if (context.instructor !== undefined) this.agentOrGroup(context.instructor, `${path}.instructor`);
    if (context.team !== undefined) this.group(context.team, `${path}.team`);
    if (context.contextActivities !== undefined) {
      const kinds = ['parent', 'grouping', 'category', 'other'];
      const activities = this.object(context.contextActivities, `${path}.contextActivities`, kinds);
      for (const kind of kinds) {
        const list = activities?.[kind];
        if (list === undefined) continue;
        if (Array.isArray(list)) list.forEach((a, i) => this.activity(a, `${path}.contextActivities.${kind}[${i}]`));
        else this.activity(list, `${path}.contextActivities.${kind}`);
      }
    }
    for (const key of ['revision', 'platform'] as const) {
      if (context[key] === undefined) continue;
      this.string(context[key], `${path}.${key}`);
      if (!objectIsActivity) this.fail(`${path}.${key}`, 'is only for a statement about an Activity');
    }
    if (context.language !== undefined && this.string(context.language, `${path}.language`)) {
      if (!LANGUAGE_TAG.test(context.language)) this.fail(`${path}.language`, 'must be an RFC 5646 language tag');
    }
    if (context.statement !== undefined) this.statementRef(context.statement, `${path}.statement`);
    if (context.extensions !== undefined) this.extensions(context.extensions, `${path}.extensions`);
  }

  /** What a statement and a SubStatement share: actor, verb, object, result, context, timestamp. */
  body(value: Json | undefined, path: string, sub: boolean): JsonObject | undefined {
    const own = sub
      ? ['objectType', 'actor', 'verb', 'object', 'result', 'context', 'timestamp', 'attachments']
      : [
          'id',
          'actor',
          'verb',
          'object',
          'result',
          'context',
          'timestamp',
          'stored',
          'authority',
          'version',
          'attachments',
        ];
    const statement = this.object(value, path, own);
    if (!statement) return undefined;
    const at = (key: string) => (path === '' ? key : `${path}.${key}`);
    for (const key of ['actor', 'verb', 'object']) {
      if (statement[key] === undefined) this.fail(at(key), 'is required');
    }
    if (statement.actor !== undefined) this.agentOrGroup(statement.actor, at('actor'));
    if (statement.verb !== undefined) this.verb(statement.verb, at('verb'));
    if (statement.object !== undefined) this.statementObject(statement.object, at('object'), sub);
    if (statement.result !== undefined) this.result(statement.result, at('result'));
    if (statement.context !== undefined) {
      const object = statement.object;
      const type =
        object !== null && typeof object === 'object' && !Array.isArray(object) ? object.objectType : undefined;
      this.context(statement.context, at('context'), type === undefined || type === 'Activity');
    }
    if (statement.timestamp !== undefined) this.dateTime(statement.timestamp, at('timestamp'));
    if (statement.attachments !== undefined) this.fail(at('attachments'), 'this LRS takes no attachments');
    const verb = statement.verb;
    const verbId = verb !== null && typeof verb === 'object' && !Array.isArray(verb) ? verb.id : undefined;
    if (verbId === VOIDED) {
      const object = statement.object;
      const type =
        object !== null && typeof object === 'object' && !Array.isArray(object) ? object.objectType : undefined;
      if (type !== 'StatementRef') this.fail(at('object'), 'a voiding statement is about a StatementRef');
    }
    return statement;
  }
}

/** Every xAPI 1.0.3 rule this statement breaks; none when it is valid. */
export function statementErrors(value: unknown): string[] {
  const check = new Check();
  const statement = check.body(value as Json, '', false);
  if (statement) {
    if (statement.id !== undefined) check.uuid(statement.id, 'id');
    if (statement.stored !== undefined) check.dateTime(statement.stored, 'stored');
    if (statement.authority !== undefined) check.agentOrGroup(statement.authority, 'authority');
    if (
      statement.version !== undefined &&
      check.string(statement.version, 'version') &&
      !/^1\.0(\.\d+)?$/.test(statement.version)
    )
      check.fail('version', 'must be 1.0.x');
  }
  return check.errors;
}

/** Whether a request's X-Experience-API-Version names a 1.0.x version. */
export function supportedVersion(header: string | undefined): boolean {
  return header !== undefined && /^1\.0(\.\d+)?$/.test(header.trim());
}
