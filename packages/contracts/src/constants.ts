/** Business constants of spec §9, the one place they are defined. */

/** Users per page of `GET admin/users`. */
export const USER_PAGE_SIZE = 50;
/** Debounce of the users search box, ms. */
export const SEARCH_DEBOUNCE_MS = 1000;
/** Debounce of the user modal's autosave, ms. */
export const AUTOSAVE_DEBOUNCE_MS = 1000;
/** Debounce of list refreshes after a change, ms. */
export const REFRESH_DEBOUNCE_MS = 500;
/** How long a toast stays, ms. */
export const TOAST_DURATION_MS = 3000;
/** Debounce of the invite modal's e-mail validation message, ms. */
export const INVITE_VALIDATION_DEBOUNCE_MS = 1000;
/** Minimum password length. */
export const PASSWORD_MIN_LENGTH = 8;
/**
 * Maximum password length, the same for register, change, reset and sign-in
 * (a longer password could be set but never used to sign in).
 */
export const PASSWORD_MAX_LENGTH = 1024;
/** E-mail limits: whole address, local part, one domain label. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;
export const EMAIL_DOMAIN_LABEL_MAX_LENGTH = 63;
/** A chosen due date is stored as the date plus this many hours. */
export const DUE_DATE_OFFSET_HOURS = 23;
export const DUE_DATE_OFFSET_MS = DUE_DATE_OFFSET_HOURS * 60 * 60 * 1000;
/** Retries of an authenticated call answered 401 (GET, POST, PUT). */
export const TOKEN_RETRY_LIMIT = 3;
/** Sex options; '' is the blank option. */
export const SEX_OPTIONS = ['', 'M', 'F'] as const;
export type Sex = (typeof SEX_OPTIONS)[number];
/**
 * Roles: a full administrator, a unit administrator (the trainees of its units and the units
 * under them only: docs/security.md), a trainee.
 */
export const ROLES = ['admin', 'unit_admin', 'user'] as const;
export type Role = (typeof ROLES)[number];
/** Game canvas height as a fraction of the window height. */
export const GAME_CANVAS_HEIGHT_RATIO = 0.8;
/** Carbon tag colours cycled by module tags. */
export const TAG_COLORS = ['cyan', 'teal', 'blue', 'cool-gray', 'outline'] as const;
export type TagColor = (typeof TAG_COLORS)[number];
/** Client HTTP defaults. */
export const HTTP_TIMEOUT_MS = 10000;
export const HTTP_RETRIES = 2;
/** The unit offered as a suggestion; any other text is allowed. */
export const UNIT_SUGGESTION = '655 ISRW';
/** The base module that carries the questionnaire. */
export const READY_AIRMAN_MODULE_ID = 'ready_airman_training';

/**
 * The least time a move (an action or an event's choice) takes a person: a
 * finished run whose moves came faster than this, from its start, is refused.
 */
export const MIN_MS_PER_MOVE = 50;

/**
 * The dates a request may carry, both ends included (UTC): 1970-01-01 (epoch ms
 * 0, which a due date also uses for "none") to the last millisecond of 9999-12-31,
 * the last day a four-digit ISO 8601 date names.
 */
export const FIRST_DATE_YEAR = 1970;
export const LAST_DATE_YEAR = 9999;
export const LAST_DATE_MS = Date.UTC(LAST_DATE_YEAR, 11, 31, 23, 59, 59, 999);

/*
 * A module's sizes (docs/game-rules.md, "Sizes"): what a trainee can take in
 * on one screen, and what bounds the work of replaying a run.
 */
/** Days of a run. */
export const MODULE_MAX_DAYS = 60;
/** Gauges of a module, and so the entries of any of its gauge tables. */
export const MODULE_MAX_GAUGES = 12;
export const MODULE_MAX_OBJECTIVES = 20;
export const MODULE_MAX_ACTIONS = 30;
export const MODULE_MAX_EVENTS = 100;
export const EVENT_MAX_CHOICES = 6;
/** Different items a module's actions and events give or use. */
export const MODULE_MAX_ITEMS = 30;
/** Names in one list of an action or a choice (items given or used, objectives required, added or completed). */
export const MOVE_MAX_NAMES = 10;
/** Actions a player may take in one day (the day's event's choice and ending the day aside). */
export const DAY_MAX_ACTIONS = 12;
/** A run's commands: on each day its actions, its event's choice and its end. */
export const GAME_LOG_MAX = MODULE_MAX_DAYS * (DAY_MAX_ACTIONS + 2);
/**
 * The most points one objective, or one gauge ending one day in its healthy
 * range, may be worth: a run's most points, (objectives + days × gauges) × this,
 * then fit a 32-bit integer column (asserted in score.test.ts).
 */
export const SCORE_MAX_POINTS = 100_000;
