/**
 * The database schema (PostgreSQL; the same on PGlite). Times are epoch
 * milliseconds in bigint columns, 0 meaning "never", as the API carries them.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  foreignKey,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Module } from '@airman/contracts/module.ts';
import type { Questionnaire, QuestionnaireAnswers } from '@airman/contracts/questionnaire.ts';
import type { GameLog } from '@airman/contracts/game.ts';
import { RANKS } from '@airman/contracts/ranks.ts';

const ms = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * A rank's place in the rank list (Civilian, then E-1 up, then officers), no rank (pending
 * invitees) last: the users list's order by rank (users/filtered-users.ts) and its index.
 */
export const rankOrderSql = (column: string) =>
  `coalesce(array_position(ARRAY[${RANKS.map((r) => `'${r.abbreviation}'`).join(',')}]::text[], ${column}), ${RANKS.length + 1})`;

/**
 * The users list's order by name, as one text: registered users first, by last name, then first
 * name, then e-mail, each lower-cased, joined by chr(1) and compared byte-wise (collate "C", so
 * 'Zulu' < 'émile'); then pending invitees (no name yet), by e-mail. A registered user's key
 * starts with chr(1), an invitee's with chr(2), both below every printable character (text
 * cannot hold NUL); inside a registered key chr(1) between the parts makes 'Ander' come before
 * 'Anderson' whatever their first names. Names are not refused for control characters: one
 * holding chr(1) itself only sorts oddly, the key stays one text and paging stays exact. With
 * the id after it, every keyset page compares one text. users_name_order_idx indexes it on
 * users; the users trigger writes it to user_search.sort_key (migrations 0023 and 0027, which
 * spell it out). Registering changes `pending`, so the trigger moves the user's key.
 */
export const NAME_ORDER_SQL =
  '(CASE WHEN pending THEN chr(2) || lower(user_name) ELSE chr(1) || lower(last_name) || chr(1) || lower(first_name) || chr(1) || lower(user_name) END) COLLATE "C"';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** The e-mail address, lower case. */
    user_name: text('user_name').notNull().unique(),
    /** argon2id; null until the invite is accepted. */
    password_hash: text('password_hash'),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    rank: text('rank').notNull().default(''),
    unit: text('unit').notNull().default(''),
    sex: text('sex').notNull().default(''),
    role: text('role').notNull().default('user'),
    active_at: ms('active_at'),
    pending: boolean('pending').notNull().default(false),
    /** Single-use invite code; null once used. */
    invite_code: text('invite_code').unique(),
    last_invite_at: ms('last_invite_at'),
    /** Bumped to revoke every token issued before (logout, role, e-mail, password, deactivation). */
    token_version: integer('token_version').notNull().default(0),
    created_at: ms('created_at'),
    /** The last successful sign-in (0 = never). Not copied to user_search: a sign-in must not void the kept search matches. */
    last_login_at: ms('last_login_at'),
    /**
     * The user as administrators and the user themself see it (spec §3, the
     * assignments included), as JSON text. Kept by triggers (migration 0007,
     * function user_listing_json) on every change to the user or their
     * assignments, so a page of the users list is one index scan that returns
     * text ready to send. Never written by the application.
     */
    listing: text('listing').notNull().default(''),
    /** An administrator's choice to receive the weekly digest of overdue trainees (Profile). */
    email_digest: boolean('email_digest').notNull().default(true),
  },
  (t) => [
    // Users screen: sorted by name (NAME_ORDER_SQL), keyset paging with id as tie-breaker.
    index('users_name_order_idx').on(sql.raw(NAME_ORDER_SQL), t.id),
    // Users screen sorted by last sign-in, most recent first: the order's own key (features/admin-users/filtered-users.ts).
    index('users_last_login_order_idx').on(sql`(-${t.last_login_at})`, sql`${t.id} collate "C"`),
  ],
);

/**
 * The narrow copy of users, one row per user kept by a trigger on users
 * (migrations 0009, 0010), for the reads that go through many users: search
 * by player name (case-insensitive substring over first name, last name and
 * e-mail) and the module report. A search reads and counts every match, a
 * report every assigned user: on ~150-byte rows that is a tenth of the pages
 * the users rows (with their JSON) take, and it stays in the embedded
 * database's buffers where the users table does not.
 */
export const userSearch = pgTable(
  'user_search',
  {
    id: text('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * NAME_ORDER_SQL (last name, first name, e-mail; collate "C"), written by the trigger: the users
     * list's order, so search and filtered pages use the same cursors as users_name_order_idx.
     */
    sort_key: text('sort_key').notNull(),
    /** lower(first_name || ' ' || last_name || ' ' || user_name). */
    haystack: text('haystack').notNull(),
    // As in users, for the module report.
    user_name: text('user_name').notNull().default(''),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    rank: text('rank').notNull().default(''),
    unit: text('unit').notNull().default(''),
    /** unit_path(unit): the unit's key in the unit tree (migration 0039, lib/unit-tree.ts), collate "C". */
    unit_path: text('unit_path').generatedAlwaysAs(sql`unit_path(unit)`),
    pending: boolean('pending').notNull().default(false),
    // As in users, for the users list's filters.
    role: text('role').notNull().default('user'),
    active_at: ms('active_at'),
  },
  (t) => [
    index('user_search_trgm_idx').using('gin', sql`${t.haystack} gin_trgm_ops`),
    // The report's keyset pages on the embedded database, in the users list's order.
    index('user_search_sort_key_id_idx').on(t.sort_key, t.id),
    // The units with their numbers of users (GET admin/units): one walk of this index.
    index('user_search_unit_rank_idx').on(t.unit, t.rank),
    // A unit sub-tree's (and rank's) users: the progress page's overdue list of a unit.
    index('user_search_unit_path_rank_idx').on(t.unit_path, t.rank),
    // A unit sub-tree's page of the users list by name, and by rank: one range of the index. With the
    // role last, a unit administrator's page and count of its trainees read the index alone (migration 0044).
    index('user_search_unit_path_order_idx').on(t.unit_path, t.sort_key, sql`${t.id} collate "C"`, t.role),
    index('user_search_unit_path_rank_order_idx').on(
      t.unit_path,
      sql.raw(`(${rankOrderSql('"rank"')})`),
      t.sort_key,
      sql`${t.id} collate "C"`,
    ),
    // Users of a role: the users list's count of them reads this index only.
    index('user_search_role_idx').on(t.role),
  ],
);

/**
 * The units a unit administrator (role 'unit_admin') administers, each with every unit under it
 * (migration 0040). Read on each of its requests (plugins/auth.ts), so a change applies at once.
 */
export const adminUnits = pgTable(
  'admin_units',
  {
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unit: text('unit').notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.unit] })],
);

/** A module's rules: every field of Module but its identity and listing fields. */
export type ModuleContent = Omit<Module, 'id' | 'game_title' | 'game_description' | 'game_type' | 'archived_at'>;

export const modules = pgTable('modules', {
  id: text('id').primaryKey(),
  game_title: text('game_title').notNull(),
  game_description: text('game_description').notNull().default(''),
  game_type: text('game_type').notNull().default(''),
  archived_at: ms('archived_at'),
  /**
   * days, daily_time_tokens, starting_gauges, objectives, actions. json, not
   * jsonb: jsonb reorders object keys, and the order of gauges is the author's.
   */
  content: json('content').$type<ModuleContent>().notNull(),
  created_at: ms('created_at'),
  updated_at: ms('updated_at'),
});

export const assignments = pgTable(
  'assignments',
  {
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    module_id: text('module_id')
      .notNull()
      .references(() => modules.id),
    created_at: ms('created_at'),
    started_at: ms('started_at'),
    completed_at: ms('completed_at'),
    revoked_at: ms('revoked_at'),
    due_at: ms('due_at'),
    game_status: integer('game_status').notNull().default(0),
    // The results of the assignment's latest finished (complete or failed) run, as
    // game_runs holds them, written in the transaction that finishes the run: the
    // module report reads them here rather than looking up each user's runs.
    run_final_gauges: jsonb('run_final_gauges').$type<Record<string, number>>(),
    run_objectives_completed: jsonb('run_objectives_completed').$type<string[]>(),
    run_answers_before: jsonb('run_answers_before').$type<QuestionnaireAnswers>(),
    run_answers_after: jsonb('run_answers_after').$type<QuestionnaireAnswers>(),
    /** The kept run's score (null before a run finishes). */
    run_score_points: integer('run_score_points'),
    run_stars: integer('run_stars'),
    /** The module version (module_versions) the kept run was played on; null: none kept, or from before versions. */
    run_module_version: integer('run_module_version'),
    /** Per gauge with a healthy range, the days the kept run ended inside it; null: none kept, or kept before (0048). */
    run_days_in_range: jsonb('run_days_in_range').$type<Record<string, number>>(),
    /**
     * When a recertifying module's completion lapses (completed + N calendar months; 0 = never).
     * Kept when the assignment is renewed (features/record/renewals.ts): renews_at > 0 and at or
     * before now is the assignment due for recertification.
     */
    renews_at: ms('renews_at'),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.module_id] }),
    index('assignments_module_idx').on(t.module_id),
    // The reminder scheduler's scan: assignments with a due date, not completed nor revoked,
    // in the order it pages through them (migration 0018).
    index('assignments_open_due_idx')
      .on(t.due_at, t.user_id, t.module_id)
      .where(sql`${t.due_at} > 0 AND ${t.completed_at} = 0 AND ${t.revoked_at} = 0`),
    // The progress page's overdue list: not completed, due, most overdue first, in this order.
    index('assignments_overdue_idx')
      .on(t.due_at, t.user_id, t.module_id)
      .where(sql`${t.completed_at} = 0 AND ${t.due_at} > 0`),
    // The same by trainee: the overdue list of a rank's trainees looks up each one's (migration 0022).
    index('assignments_overdue_user_idx')
      .on(t.user_id, t.due_at, t.module_id)
      .where(sql`${t.completed_at} = 0 AND ${t.due_at} > 0`),
    // Renewals by when (the scheduler's pass, Progress's lapsed completions) and by trainee (the users list's filter).
    index('assignments_renews_idx')
      .on(t.renews_at, t.user_id, t.module_id)
      .where(sql`${t.renews_at} > 0`),
    index('assignments_renews_user_idx')
      .on(t.user_id, t.renews_at, t.module_id)
      .where(sql`${t.renews_at} > 0`),
    // The follow-up pass: completions of a few days, by when (migration 0047).
    index('assignments_completed_idx')
      .on(t.completed_at)
      .where(sql`${t.completed_at} > 0`),
  ],
);

/**
 * A certificate: one per completion (features/record/certificates.ts). What it shows is copied at
 * issue, so it reads the same after its holder is deleted (user_id null) or its module renamed or
 * copied. The code is random (144 bits, base64url) and kept as it is: it proves the completion the
 * row already tells in clear, and the holder's record shows it (docs/decisions/023).
 */
export const certificates = pgTable(
  'certificates',
  {
    code: text('code').primaryKey(),
    user_id: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    module_id: text('module_id').notNull(),
    /** The run that completed the assignment. */
    run_id: text('run_id'),
    /** The holder's rank and name at completion ("SSgt Jane Doe"). */
    holder_name: text('holder_name').notNull(),
    module_title: text('module_title').notNull(),
    completed_at: bigint('completed_at', { mode: 'number' }).notNull(),
    /** The assignment's due date then (0 = none): the completion was late when after it. */
    due_at: ms('due_at'),
    /** When the completion lapses (0 = never). */
    expires_at: ms('expires_at'),
    issued_at: ms('issued_at'),
  },
  (t) => [index('certificates_user_module_idx').on(t.user_id, t.module_id, t.completed_at)],
);

/** The last administrator's reminder to each trainee (POST admin/reminders/nudge): at most one a day. */
export const nudges = pgTable('nudges', {
  user_id: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  nudged_at: bigint('nudged_at', { mode: 'number' }).notNull(),
  email_id: text('email_id').notNull(),
});

/**
 * The narrow copy of assignments for the users list's module filters, one row
 * per assignment kept by triggers (migration 0020): beside what decides the
 * assignment's status (the columns of progress_status), its user's name order
 * and unit, copied from user_search. A module's page (in a status, of a unit)
 * walks its index in name order and reads only the module's assignments,
 * instead of walking every user and looking up each one's assignment. Never
 * written by the application.
 */
export const assignmentSearch = pgTable(
  'assignment_search',
  {
    user_id: text('user_id').notNull(),
    module_id: text('module_id').notNull(),
    /** user_search.sort_key, collate "C". */
    sort_key: text('sort_key').notNull(),
    unit: text('unit').notNull(),
    /** unit_path(unit): the unit's key in the unit tree (migration 0039, lib/unit-tree.ts), collate "C". */
    unit_path: text('unit_path').generatedAlwaysAs(sql`unit_path(unit)`),
    started: boolean('started').notNull(),
    completed: boolean('completed').notNull(),
    game_status: integer('game_status').notNull(),
    due_at: bigint('due_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.module_id] }),
    foreignKey({ columns: [t.user_id, t.module_id], foreignColumns: [assignments.user_id, assignments.module_id] })
      .onDelete('cascade')
      .onUpdate('cascade'),
    // The page's order within a module, then every column its filters read, so the walk
    // never leaves the index (the key columns after the id do not change the order).
    index('assignment_search_order_idx').on(
      t.module_id,
      t.sort_key,
      sql`${t.user_id} collate "C"`,
      t.unit_path,
      t.started,
      t.completed,
      t.game_status,
      t.due_at,
    ),
  ],
);

export const questionnaires = pgTable('questionnaires', {
  module_id: text('module_id')
    .primaryKey()
    .references(() => modules.id),
  content: jsonb('content').$type<Questionnaire>().notNull(),
  updated_at: ms('updated_at'),
});

export const gameRuns = pgTable(
  'game_runs',
  {
    id: text('id').primaryKey(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    module_id: text('module_id')
      .notNull()
      .references(() => modules.id),
    seed: integer('seed').notNull(),
    /** The module as it was when the run started: the run is replayed against it. */
    module_snapshot: json('module_snapshot').notNull(),
    /** Commands so far (kept after each day, so a closed tab can resume). */
    log: jsonb('log').$type<GameLog>().notNull().default([]),
    /** in_progress, complete, failed, quit. */
    status: text('status').notNull().default('in_progress'),
    final_gauges: jsonb('final_gauges').$type<Record<string, number>>(),
    objectives_completed: jsonb('objectives_completed').$type<string[]>(),
    answers_before: jsonb('answers_before').$type<QuestionnaireAnswers>(),
    answers_after: jsonb('answers_after').$type<QuestionnaireAnswers>(),
    score_points: integer('score_points'),
    /** The module's version (module_versions) the run was played on; null: before versions were kept. */
    module_version: integer('module_version'),
    stars: integer('stars'),
    started_at: ms('started_at'),
    finished_at: ms('finished_at'),
  },
  (t) => [
    index('game_runs_user_module_idx').on(t.user_id, t.module_id, t.started_at),
    // The xAPI export's pages: runs in the order they started (features/reports/xapi-report.ts).
    index('game_runs_started_idx').on(t.started_at, t.id),
  ],
);

/** Single-use, short-lived report download tokens (stored hashed). */
export const reportTokens = pgTable('report_tokens', {
  token_hash: text('token_hash').primaryKey(),
  module_id: text('module_id').notNull(),
  admin_id: text('admin_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expires_at: ms('expires_at'),
  used_at: ms('used_at'),
});

/**
 * The e-mail queue: every message is a row first, sent by a worker after, and
 * deleted only once the SMTP server accepted it. A crash mid-send leaves the
 * row, so the message is sent again (at least once, never lost). A row kept
 * after the message was given up holds no secret.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: text('id').primaryKey(),
    to_address: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text_body: text('text_body').notNull(),
    html_body: text('html_body').notNull(),
    /**
     * The link's token or invite code the message carries, which its subject and bodies hold
     * as SECRET_MARK (mail/outbox.ts): put back only into the message being sent, gone with
     * the row once sent, cleared when the message is given up.
     */
    secret: text('secret'),
    /** When the secret's link stops working: not sent from then on (0: no limit). */
    send_before: ms('send_before'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: ms('next_attempt_at'),
    /** A worker's claim: others skip the row until it expires. */
    locked_until: ms('locked_until'),
    last_error: text('last_error'),
    /**
     * When the mail server refused the message for good (an SMTP 5xx reply, such
     * as 550 for an unknown mailbox); 0 while it is still to be sent. Such a row
     * is kept, with last_error, and never tried again.
     */
    given_up_at: ms('given_up_at'),
    created_at: ms('created_at'),
  },
  (t) => [index('email_outbox_due_idx').on(t.next_attempt_at)],
);

/**
 * xAPI statements on their way to the learning record store (LRS_ENDPOINT), written in the
 * transaction that records what they state; a row is deleted once the LRS accepted it.
 * The id is the statement's own (UUID v5 of the run and the verb), so a run's statement is
 * queued once however often its event is recorded.
 */
export const xapiOutbox = pgTable(
  'xapi_outbox',
  {
    id: text('id').primaryKey(),
    run_id: text('run_id').notNull(),
    /** The statement as JSON text, sent as it is. */
    statement: text('statement').notNull(),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: ms('next_attempt_at'),
    /** A worker's claim: others skip the row until it expires. */
    locked_until: ms('locked_until'),
    last_error: text('last_error'),
    /** When the LRS refused the statement for good (400 invalid, 409 conflicting id); 0 while it is to be sent. */
    given_up_at: ms('given_up_at'),
    created_at: ms('created_at'),
  },
  (t) => [
    index('xapi_outbox_due_idx')
      .on(t.next_attempt_at)
      .where(sql`${t.given_up_at} = 0`),
  ],
);

/** Failed sign-ins, per account and per client address, for throttling (shared by every process). */
export const loginFailures = pgTable(
  'login_failures',
  {
    /** 'account:<e-mail>' or 'ip:<address>'. */
    key: text('key').notNull(),
    at: ms('at'),
  },
  (t) => [index('login_failures_key_at_idx').on(t.key, t.at)],
);

/**
 * The number of users, kept exact by triggers on `users` (migration 0005), so
 * the users list's total costs one row read instead of counting 100,000 rows.
 */
export const userCount = pgTable('user_count', {
  id: integer('id').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/**
 * One row: a number that grows with every committed change to user_search
 * (migration 0011), read in the same statement as the rows it vouches for, so
 * that a server may keep search matches in memory while it stays the same
 * (features/admin-users/search-matches.ts), on PostgreSQL as on the embedded database.
 */
export const userSearchVersion = pgTable('user_search_version', {
  id: integer('id').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/** Password reset links: single use, 30 minutes, stored hashed. */
export const passwordResets = pgTable('password_resets', {
  token_hash: text('token_hash').primaryKey(),
  user_id: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expires_at: ms('expires_at'),
  used_at: ms('used_at'),
});

/**
 * Links that sign in and trust a new device, e-mailed to the owner when a right
 * password came from an address or device the account's lock held back
 * (features/session/device-trust.ts): single use, 15 minutes, stored hashed,
 * and bound to the browser it was asked from by the hash of a cookie it holds.
 */
export const deviceTrusts = pgTable(
  'device_trusts',
  {
    token_hash: text('token_hash').primaryKey(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the browser's trust cookie (auth/device-cookie.ts). */
    browser_hash: text('browser_hash').notNull(),
    created_at: ms('created_at'),
    expires_at: ms('expires_at'),
    used_at: ms('used_at'),
  },
  (t) => [index('device_trusts_user_idx').on(t.user_id, t.created_at)],
);

/**
 * An account's link to its person at the OpenID Connect provider
 * (features/oidc): the provider's stable subject under its issuer. Made on the
 * first provider sign-in that matched the account by a verified e-mail; an
 * administrator may remove it.
 */
export const oidcLinks = pgTable(
  'oidc_links',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linked_at: ms('linked_at'),
  },
  (t) => [
    primaryKey({ columns: [t.issuer, t.subject] }),
    index('oidc_links_user_idx').on(t.user_id),
    // One provider identity per account and issuer (migration 0034).
    uniqueIndex('oidc_links_user_issuer_idx').on(t.user_id, t.issuer),
  ],
);

/**
 * A provider sign-in on its way to the browser that started it (features/oidc/handoff.ts):
 * the callback's one-time code, usable once, briefly, and only with that browser's cookie.
 * Both are stored hashed; the row is never a bearer token.
 */
export const oidcHandoffs = pgTable(
  'oidc_handoffs',
  {
    code_hash: text('code_hash').primaryKey(),
    /** sha256 of the browser's hand-off cookie (flow-cookie.ts). */
    browser_hash: text('browser_hash').notNull(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** session: signs in; password: a first sign-in to an administrator's account, which asks its password. */
    step: text('step').notNull(),
    /** The provider identity the password step links. */
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    created_at: ms('created_at'),
    expires_at: ms('expires_at'),
    used_at: ms('used_at'),
  },
  (t) => [index('oidc_handoffs_expires_idx').on(t.expires_at), index('oidc_handoffs_user_idx').on(t.user_id)],
);

/**
 * Every e-mail queued for a user, kept after the outbox row is gone: the user
 * modal's history (GET admin/users/{id}/emails). Same id as the outbox row.
 */
export const emailLog = pgTable(
  'email_log',
  {
    id: text('id').primaryKey(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** invite, password_reset, device_trust, reminder, past_due, digest. */
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    created_at: ms('created_at'),
    /** When the mail server accepted it; 0 until then. */
    delivered_at: ms('delivered_at'),
    /** When the mail server refused it for good; 0 if it did not. */
    refused_at: ms('refused_at'),
    /** When it was taken out of the queue unsent (its reminder no longer applies); 0 if it was not. */
    cancelled_at: ms('cancelled_at'),
  },
  (t) => [index('email_log_user_idx').on(t.user_id, t.created_at)],
);

/**
 * Trainee reminders queued: one row per assignment and kind ('before:N' days,
 * 'past_due'), for the due date it was queued for. The unique key makes a
 * reminder queued once however many processes plan at once; a due date that
 * changes makes the row stale, so the reminder is queued again for the new date
 * (migration 0016's trigger takes the stale one out of the queue if unsent).
 */
export const reminders = pgTable(
  'reminders',
  {
    user_id: text('user_id').notNull(),
    module_id: text('module_id').notNull(),
    kind: text('kind').notNull(),
    due_at: ms('due_at'),
    /** The outbox row (and email_log row) of the e-mail. */
    email_id: text('email_id').notNull(),
    queued_at: ms('queued_at'),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.module_id, t.kind] }),
    foreignKey({
      columns: [t.user_id, t.module_id],
      foreignColumns: [assignments.user_id, assignments.module_id],
    }).onDelete('cascade'),
  ],
);

/** Weekly digests queued: one per administrator and scheduled time (DIGEST_CRON). */
export const digests = pgTable(
  'digests',
  {
    admin_id: text('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The scheduled time this digest is for (epoch ms). */
    period: bigint('period', { mode: 'number' }).notNull(),
    email_id: text('email_id').notNull(),
    queued_at: ms('queued_at'),
  },
  (t) => [primaryKey({ columns: [t.admin_id, t.period] })],
);

/*
 * Progress at a glance (GET admin/progress, features/progress/progress.ts) reads these
 * three tables, never the assignments themselves: counts kept by triggers on
 * assignments, users and questionnaires (migration 0017) as rows change, by
 * module, the user's unit and rank, and what the figure needs. A page then
 * sums a few thousand rows instead of reading 500,000 assignments.
 */

/**
 * Assignments by what decides their status (spec §4) at any moment: started,
 * completed, game_status and, for one not completed, its due date (0 once completed).
 */
export const progressStatus = pgTable(
  'progress_status',
  {
    module_id: text('module_id').notNull(),
    unit: text('unit').notNull(),
    unit_path: text('unit_path').generatedAlwaysAs(sql`unit_path(unit)`),
    rank: text('rank').notNull(),
    started: boolean('started').notNull(),
    completed: boolean('completed').notNull(),
    game_status: integer('game_status').notNull(),
    due_at: bigint('due_at', { mode: 'number' }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.module_id, t.unit, t.rank, t.started, t.completed, t.game_status, t.due_at] })],
);

/** Completed assignments by the day (UTC, days since 1970-01-01) they were completed on. */
export const progressCompletions = pgTable(
  'progress_completions',
  {
    module_id: text('module_id').notNull(),
    unit: text('unit').notNull(),
    unit_path: text('unit_path').generatedAlwaysAs(sql`unit_path(unit)`),
    rank: text('rank').notNull(),
    day: integer('day').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.module_id, t.unit, t.rank, t.day] }),
    index('progress_completions_day_idx').on(t.day),
  ],
);

/**
 * The same counts without the rank (migration 0021), for the figures that are not of one rank
 * (the page as it opens, a module's, a unit's): a tenth of the rows to sum. Kept by the same
 * triggers, in the same statements.
 */
export const progressStatusByUnit = pgTable(
  'progress_status_by_unit',
  {
    module_id: text('module_id').notNull(),
    unit: text('unit').notNull(),
    unit_path: text('unit_path').generatedAlwaysAs(sql`unit_path(unit)`),
    started: boolean('started').notNull(),
    completed: boolean('completed').notNull(),
    game_status: integer('game_status').notNull(),
    due_at: bigint('due_at', { mode: 'number' }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.module_id, t.unit, t.started, t.completed, t.game_status, t.due_at] })],
);

export const progressCompletionsByUnit = pgTable(
  'progress_completions_by_unit',
  {
    module_id: text('module_id').notNull(),
    unit: text('unit').notNull(),
    unit_path: text('unit_path').generatedAlwaysAs(sql`unit_path(unit)`),
    day: integer('day').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.module_id, t.unit, t.day] }),
    index('progress_completions_by_unit_day_idx').on(t.day),
  ],
);

/**
 * Questionnaire answers kept on assignments, per fitness domain and phase
 * ('before', 'after'): the sum of the trainees' domain scores and how many
 * trainees. Scored with the module's questionnaire as it is now: saving the
 * questionnaire scores every kept answer again.
 */
export const progressAnswers = pgTable(
  'progress_answers',
  {
    module_id: text('module_id').notNull(),
    unit: text('unit').notNull(),
    unit_path: text('unit_path').generatedAlwaysAs(sql`unit_path(unit)`),
    rank: text('rank').notNull(),
    phase: text('phase').notNull(),
    domain: text('domain').notNull(),
    score_sum: numeric('score_sum').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.module_id, t.unit, t.rank, t.phase, t.domain] })],
);

/**
 * The paired changes of the questionnaire (migration 0046): per module, unit, rank and domain,
 * the trainees who answered both the before and the after set, the sum of their changes (after −
 * before), of the changes squared, and how many improved. Kept by the triggers of progressAnswers.
 */
export const progressChanges = pgTable(
  'progress_changes',
  {
    module_id: text('module_id').notNull(),
    unit: text('unit').notNull(),
    unit_path: text('unit_path').generatedAlwaysAs(sql`unit_path(unit)`),
    rank: text('rank').notNull(),
    domain: text('domain').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    change_sum: numeric('change_sum').notNull(),
    change_squares: numeric('change_squares').notNull(),
    improved: bigint('improved', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.module_id, t.unit, t.rank, t.domain] })],
);

/**
 * The counted follow-ups' sums (migration 0046) per module, unit, rank, kind ('score' or 'change')
 * and domain: how many, the sum and the sum of squares. Kept by triggers on followups and users.
 */
export const progressFollowups = pgTable(
  'progress_followups',
  {
    module_id: text('module_id').notNull(),
    unit: text('unit').notNull(),
    unit_path: text('unit_path').generatedAlwaysAs(sql`unit_path(unit)`),
    rank: text('rank').notNull(),
    kind: text('kind').notNull(),
    domain: text('domain').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    total: numeric('total').notNull(),
    squares: numeric('squares').notNull(),
  },
  (t) => [primaryKey({ columns: [t.module_id, t.unit, t.rank, t.kind, t.domain] })],
);

/**
 * The follow-up questionnaire (features/followup): one row per completion it was e-mailed for,
 * written as the e-mail is queued; the answers, and each domain's score and change against the
 * before set (scored with the questionnaire then), once the trainee answers.
 */
export const followups = pgTable(
  'followups',
  {
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    module_id: text('module_id')
      .notNull()
      .references(() => modules.id),
    completed_at: bigint('completed_at', { mode: 'number' }).notNull(),
    sent_at: bigint('sent_at', { mode: 'number' }).notNull(),
    answered_at: bigint('answered_at', { mode: 'number' }).notNull().default(0),
    /** The trainee's latest answered follow-up of the module: the one Progress counts. */
    counted: boolean('counted').notNull().default(false),
    answers: jsonb('answers').$type<Record<string, number>>(),
    scores: jsonb('scores').$type<Record<string, number>>(),
    changes: jsonb('changes').$type<Record<string, number>>(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.module_id, t.completed_at] }),
    index('followups_answered_idx')
      .on(t.module_id)
      .where(sql`answered_at > 0`),
  ],
);

/**
 * Writes sent with an Idempotency-Key (plugins/idempotency.ts): the first answer, kept 24 hours
 * per caller and key and given again to a repeat. `committed_at` is set in the write's own
 * transaction, so a repeat knows whether the change was made even when its answer was lost.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** 'user:<id>', or 'address:<sha-256 of the client address>' for a call without a token. */
    caller: text('caller').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the method, path and body: a repeat must be the same request. */
    fingerprint: text('fingerprint').notNull(),
    /** A random token of the request holding the key: only it lets the key go or records its answer. */
    claimed_by: text('claimed_by').notNull().default(''),
    created_at: ms('created_at'),
    /** While the first request runs (0 once answered): a repeat meanwhile is told so (409). */
    running_until: ms('running_until'),
    committed_at: ms('committed_at'),
    /** The answer's status (0: none yet), content type and body. */
    status: integer('status').notNull().default(0),
    content_type: text('content_type').notNull().default(''),
    body: text('body').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.caller, t.key] }), index('idempotency_keys_created_idx').on(t.created_at)],
);

/**
 * The audit log (features/audit): one row per administrative change, written in the change's own
 * transaction (lib/audit.ts). Append-only: a trigger (migrations 0029, 0033) refuses UPDATE,
 * TRUNCATE and any DELETE but the retention job's (audit_apply_retention, features/audit/retention.ts).
 * Never holds a password, hash, code or token (lib/audit.ts drops such fields).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ms('at'),
    /** The administrator (or user) who acted; null: the server itself (the retention job). */
    actor_id: text('actor_id'),
    /** The actor's e-mail then: the entry still names them after they are deleted. */
    actor_name: text('actor_name').notNull().default(''),
    /** 'user.invite', 'module.edit', … (docs/audit.md lists them). */
    action: text('action').notNull(),
    /** user, module, questionnaire, report, audit. */
    target_kind: text('target_kind').notNull(),
    target_id: text('target_id').notNull().default(''),
    /** The target's name then (an e-mail, a module's title). */
    target_name: text('target_name').notNull().default(''),
    /** The fields the action changed, before and after (null: none, as for a creation's before). */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    /** The request's client address and id ('' for the server's own jobs). */
    address: text('address').notNull().default(''),
    request_id: text('request_id').notNull().default(''),
  },
  (t) => [
    // The list's order is (at, id), newest first; each filter's index ends in it (features/audit/repository.ts).
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_idx').on(t.actor_id, t.at, t.id),
    index('audit_log_actor_name_idx').on(t.actor_name, t.at, t.id),
    index('audit_log_target_idx').on(t.target_kind, t.target_id, t.at, t.id),
    index('audit_log_action_idx').on(t.action, t.at, t.id),
  ],
);

/**
 * Sign-ins and failed sign-ins: the audit's lighter stream, kept AUDIT_SIGNIN_DAYS. Append-only
 * like audit_log (the same trigger).
 */
export const signInLog = pgTable(
  'sign_in_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ms('at'),
    /** The account signed in to, when there is one by that name. */
    user_id: text('user_id'),
    /** The name given, lower case. */
    user_name: text('user_name').notNull(),
    /** signed_in, failed, locked, refused. */
    outcome: text('outcome').notNull(),
    /** password, device_link or provider. */
    method: text('method').notNull().default('password'),
    /** A refused or failed provider sign-in's reason (a sign-in error of the contracts, or password). */
    reason: text('reason').notNull().default(''),
    address: text('address').notNull().default(''),
    request_id: text('request_id').notNull().default(''),
  },
  (t) => [index('sign_in_log_at_idx').on(t.at), index('sign_in_log_user_idx').on(t.user_name, t.id)],
);

/**
 * Every saved version of a module with its questionnaire (features/modules/versions.ts): version 1
 * is the module as created (or as it was when versions began), each save adds the next.
 * Append-only: the audit log's trigger refuses UPDATE, DELETE and TRUNCATE (migration 0033).
 */
export const moduleVersions = pgTable(
  'module_versions',
  {
    module_id: text('module_id')
      .notNull()
      .references(() => modules.id),
    version: integer('version').notNull(),
    /** The module as saved (json: its key order is the author's). */
    module: json('module').$type<Module>().notNull(),
    /** Its questionnaire then, when it has one. */
    questionnaire: jsonb('questionnaire').$type<Questionnaire>(),
    author_id: text('author_id'),
    author_name: text('author_name').notNull().default(''),
    saved_at: ms('saved_at'),
  },
  (t) => [primaryKey({ columns: [t.module_id, t.version] })],
);
