/**
 * Request and response schemas of every call of spec §7 (base path /api).
 * The server validates with them, the client types its calls with them.
 */
import { z } from 'zod';
import { ROLES, SEX_OPTIONS } from './constants.ts';
import { moduleSchema } from './module.ts';
import { ASSIGNMENT_STATUSES, USER_SORTS, USER_STATUSES, USERS_FILTER_TEXT_MAX } from './api-values.ts';
import { RECERT_FILTERS } from './progress-values.ts';
import { findRank } from './ranks.ts';
import { assignmentSchema, epochDate, userSchema } from './user.ts';
import { isValidEmail, passwordPolicyProblems } from './validation.ts';

export { ASSIGNMENT_STATUSES, USER_SORTS, USER_STATUSES, USERS_FILTER_TEXT_MAX, type UserSort } from './api-values.ts';

/** Every error response: a message a client can show as it is. */
export const errorResponseSchema = z.object({
  message: z.string(),
  /** Why a session was refused, for a client that acts on it: token_missing, token_expired or token_invalid. */
  code: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A route's answer without content: an empty object. */
export const emptyResponseSchema = z.strictObject({}).describe('Done; nothing to return.');

/** A path parameter naming a record: a user, module or run id, an invite code (the router refuses over 100 characters). */
export const recordIdSchema = z.string().min(1, 'not a valid id').max(100, 'not a valid id');
/** {id}: the record a route acts on. */
export const idParamsSchema = z.object({ id: recordIdSchema });
/** admin/users/{id}/assign/{moduleId} */
export const userModuleParamsSchema = z.object({ id: recordIdSchema, moduleId: recordIdSchema });
/** invite/{inviteCode}, register/{inviteCode} */
export const inviteCodeParamsSchema = z.object({ code: recordIdSchema });

export const emailSchema = z.string().trim().toLowerCase().refine(isValidEmail, 'must be a valid e-mail address');

export const passwordSchema = z.string().superRefine((value, ctx) => {
  for (const problem of passwordPolicyProblems(value)) ctx.addIssue({ code: 'custom', message: problem });
});

export const rankSchema = z.string().refine((r) => findRank(r) !== undefined, 'must be a rank from the list');
const personName = z.string().trim().min(1, 'must not be empty').max(100);
const unitSchema = z.string().trim().max(100);

// POST login
export const loginRequestSchema = z.strictObject({
  user_name: z.string().trim().toLowerCase().min(1).max(254),
  /** Any length: one longer than PASSWORD_MAX_LENGTH is simply wrong (401), like any wrong password. */
  password: z.string().min(1),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export const authResponseSchema = z.object({ auth: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;

// POST register/{inviteCode}
export const registerRequestSchema = z.strictObject({
  rank: rankSchema,
  unit: unitSchema,
  first_name: personName,
  last_name: personName,
  password: passwordSchema,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

// GET invite/{inviteCode}
export const inviteLookupResponseSchema = z.object({ user_name: z.string() });
export type InviteLookupResponse = z.infer<typeof inviteLookupResponseSchema>;

// GET session
export const sessionResponseSchema = userSchema;
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

// GET admin/users?cursor&search&unit&role&status&module&assignment_status&sort, and the report download (csv=1&module&token[&tz])
export const usersQuerySchema = z.object({
  cursor: z.string().max(500).optional(),
  search: z.string().max(254).optional(),
  csv: z.literal('1').optional(),
  /** The report's module; on the list, only users the module is assigned to. */
  module: z.string().max(USERS_FILTER_TEXT_MAX).optional(),
  /** Only users of this unit and of every unit under it (packages/contracts/src/units.ts). */
  unit: z.string().max(USERS_FILTER_TEXT_MAX).optional(),
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  /** With `module`: only users whose assignment of it has this status. */
  assignment_status: z.enum(ASSIGNMENT_STATUSES).optional(),
  /** 'due': only users with an assignment (of `module`, when given) whose completion has lapsed. */
  recert: z.enum(RECERT_FILTERS).optional(),
  sort: z.enum(USER_SORTS).optional(),
  token: z.string().max(500).optional(),
  /** The admin's IANA time zone, which dates the report's file name (checked against the runtime's zones by the server). */
  tz: z.string().max(100).optional(),
});
export type UsersQuery = z.infer<typeof usersQuerySchema>;
export const usersPageSchema = z.object({
  count: z.number().int().min(0),
  users: z.array(userSchema),
  /** Opaque; absent on the last page. */
  cursor: z.string().optional(),
});
export type UsersPage = z.infer<typeof usersPageSchema>;

// GET admin/units
/** The most units GET admin/units answers with, first in its order. */
export const UNITS_LIMIT = 5000;
export const unitCountSchema = z.object({
  /**
   * The unit as stored (its most common spelling), or for a unit no user is in but some are
   * under, its part of their unit's text: the value of the unit filters (packages/contracts/src/units.ts).
   */
  unit: z.string().min(1),
  /** Its own users, registered and pending (0 for a unit that only has sub-units). */
  users: z.number().int().min(0),
  /** Its users and those of every unit under it. */
  total: z.number().int().min(1),
  /** How deep in the unit tree: 0 for a top unit ("655 ISRW"), 1 under it ("655 ISRW/Det 2"), and so on. */
  depth: z.number().int().min(0),
});
export type UnitCount = z.infer<typeof unitCountSchema>;
/**
 * The units of users as a tree, each unit followed by those under it; at one level ordered
 * case-insensitively (then exactly). From the first UNITS_LIMIT distinct unit texts.
 */
export const unitsResponseSchema = z.object({ units: z.array(unitCountSchema) });
export type UnitsResponse = z.infer<typeof unitsResponseSchema>;

// POST admin/users/{id}
/**
 * An assignment's due date. A client may send back the assignment as it read
 * it: the read-only fields are accepted when they equal what is stored, and a
 * change to any of them is refused.
 */
export const ASSIGNMENT_READ_ONLY_FIELDS = [
  'created_at',
  'started_at',
  'completed_at',
  'revoked_at',
  'game_status',
  'score',
] as const;
export const assignmentUpdateSchema = z.strictObject({
  key: z.string().min(1),
  due_at: epochDate,
  created_at: epochDate.optional(),
  started_at: epochDate.optional(),
  completed_at: epochDate.optional(),
  revoked_at: epochDate.optional(),
  game_status: z.number().int().min(0).max(4).optional(),
  score: assignmentSchema.shape.score.optional(),
});
export const userUpdateRequestSchema = z
  .strictObject({
    first_name: personName,
    last_name: personName,
    user_name: emailSchema,
    rank: rankSchema,
    unit: unitSchema,
    role: z.enum(ROLES),
    /**
     * The units a unit administrator administers (with every unit under each), at least one; only
     * for the role unit_admin, and only a full administrator sets it or the role.
     */
    admin_units: z.array(unitSchema.min(1)).min(1).max(100),
    active_at: epochDate,
    /** Due dates of existing assignments. */
    assignments: z.array(assignmentUpdateSchema),
  })
  .partial();
export type UserUpdateRequest = z.infer<typeof userUpdateRequestSchema>;

// POST admin/users/{id}/assign
export const assignRequestSchema = z.strictObject({ module: z.string().min(1).max(100) });
export type AssignRequest = z.infer<typeof assignRequestSchema>;

// PUT admin/invite
export const inviteRequestSchema = z.strictObject({
  emails: z.array(z.string().max(1000)).min(1).max(1000),
  module: z.string().max(100).optional(),
  /** The module's due date for every invitee (epoch ms, as assignments carry it); only with module. */
  due_at: epochDate.optional(),
  /** The invitees' unit; a unit administrator must give one of its units (or a unit under one). */
  unit: unitSchema.optional(),
});
export type InviteRequest = z.infer<typeof inviteRequestSchema>;
export const inviteResponseSchema = z.object({
  /** Addresses that became pending users. */
  invited: z.array(z.string()),
  /** Addresses that already had an account: nothing was created for them. */
  existing: z.array(z.string()),
  /** Addresses whose e-mail was tried and could not be sent (they stay pending; reinvite retries). */
  not_emailed: z.array(z.string()),
  /**
   * Those of not_emailed that the mail server refused for good (an SMTP 5xx reply,
   * such as an unknown mailbox): their e-mail is not retried, and a reinvite to
   * the same address will be refused again.
   */
  refused: z.array(z.string()),
  /**
   * Addresses whose e-mail was not tried yet while the request waited (a long
   * list is sent a batch at a time): queued, it leaves within seconds.
   */
  queued: z.array(z.string()),
});
export type InviteResponse = z.infer<typeof inviteResponseSchema>;

// POST self
export const selfProfileRequestSchema = z.strictObject({
  first_name: personName,
  last_name: personName,
  user_name: emailSchema,
  unit: unitSchema,
  rank: z.union([z.literal(''), rankSchema]),
  sex: z.enum(SEX_OPTIONS),
});
export const selfPasswordRequestSchema = z.strictObject({
  password: passwordSchema,
  /** Any length, as at sign-in: one longer than PASSWORD_MAX_LENGTH is simply not the current password. */
  current_password: z.string().min(1),
});
export const selfRequestSchema = z.union([selfProfileRequestSchema, selfPasswordRequestSchema]);
export type SelfProfileRequest = z.infer<typeof selfProfileRequestSchema>;
export type SelfPasswordRequest = z.infer<typeof selfPasswordRequestSchema>;
/** The updated user; after a password change also `auth`, a fresh token (every older one is revoked). */
export const selfResponseSchema = userSchema.extend({ auth: z.string().optional() });
export type SelfResponse = z.infer<typeof selfResponseSchema>;

// POST password/forgot (beyond the spec): the answer is the same whether or not the address has an account
export const forgotRequestSchema = z.strictObject({ user_name: z.string().trim().toLowerCase().min(1).max(254) });
export const forgotResponseSchema = z.object({ message: z.string() });

// POST password/reset: the token of the e-mailed link and the new password
export const resetRequestSchema = z.strictObject({ token: z.string().min(1).max(200), password: passwordSchema });

// POST login/trust: the token of an e-mailed link that signs in and trusts this device.
export const trustDeviceRequestSchema = z.strictObject({ token: z.string().min(1).max(200) });
export type TrustDeviceRequest = z.infer<typeof trustDeviceRequestSchema>;

// GET modules, GET/POST/PUT modules/{id}
/**
 * A stored module that fails today's checks (saved before a cap was lowered, say): listed with its
 * problem in the editor's words, so that one such module never keeps the list from loading.
 */
export const moduleWithProblemSchema = z.looseObject({
  id: z.string(),
  game_title: z.string(),
  game_description: z.string(),
  game_type: z.string(),
  archived_at: z.number(),
  problem: z.string(),
});
export type ModuleWithProblem = z.infer<typeof moduleWithProblemSchema>;
export const modulesResponseSchema = z.array(z.union([moduleSchema, moduleWithProblemSchema]));

// POST admin/reports/token
export const reportTokenRequestSchema = z.strictObject({ module: z.string().min(1).max(100) });
export const reportTokenResponseSchema = z.object({ token: z.string() });
