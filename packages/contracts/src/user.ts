/** The session/user and assignment entities of spec §3. */
import { z } from 'zod';
import { LAST_DATE_MS, ROLES, SEX_OPTIONS } from './constants.ts';

export { displayName } from './user-values.ts';

export const epochMs = z.number().int().min(0);
/**
 * A time a request sets (epoch ms): 0 ("none") or a moment of the years
 * 1970–9999, so that every date the server stores is one it can write as ISO 8601.
 */
export const epochDate = z
  .number()
  .int('must be an integer')
  .min(0, 'must not be before 1970')
  .max(LAST_DATE_MS, 'must not be after 9999-12-31');

export const assignmentSchema = z.object({
  /** The module id. */
  key: z.string(),
  created_at: epochMs,
  started_at: epochMs,
  completed_at: epochMs,
  revoked_at: epochMs,
  /** 0 = no due date. */
  due_at: epochMs,
  /** 0 In Progress, 1 Complete, 2 Failed, 3 Past Due, 4 Quit. */
  game_status: z.number().int().min(0).max(4),
  /** The kept run's score (docs/game-rules.md, "Score and stars"); null until a run finishes. */
  score: z
    .object({
      points: z.number().int(),
      /** 0 for a run not completed, else 1–3. */
      stars: z.number().int().min(0).max(3),
    })
    .nullable(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

export const userSchema = z.object({
  id: z.string(),
  /** The e-mail address. */
  user_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** Rank abbreviation, '' when not given. */
  rank: z.string(),
  unit: z.string(),
  sex: z.enum(SEX_OPTIONS),
  role: z.enum(ROLES),
  /**
   * A unit administrator's units (each with the units under it); [] for other roles. In a single
   * user's JSON (GET and POST admin/users/{id}), not in the list's rows.
   */
  admin_units: z.array(z.string()).optional(),
  /** Ids of the modules assigned to the user. */
  modules: z.array(z.string()),
  /** 0 = inactive, otherwise when the account was activated (epoch ms). */
  active_at: epochMs,
  /** Invite not yet accepted. */
  pending: z.boolean(),
  /** '' once the invite is used. Only administrators see it. */
  invite_code: z.string(),
  last_invite_at: epochMs,
  /** The last successful sign-in (epoch ms, 0 = never). */
  last_login_at: epochMs,
  assignments: z.array(assignmentSchema),
});
export type User = z.infer<typeof userSchema>;

/** GET/DELETE admin/users/{id}/sign-in: an account's sign-in throttling, as an administrator sees it. */
export const signInStatusSchema = z.object({
  /** Failed sign-ins in the last hour, from every address and device. */
  failures: z.number().int(),
  /** Until when (epoch ms) addresses and devices the owner has not signed in from are refused; 0: not locked. */
  locked_until: z.number().int(),
  /**
   * When the owner was last e-mailed a link that signs in and trusts the device a right
   * password came from while the account was locked, in the last hour (epoch ms; 0: none).
   */
  trust_link_sent_at: z.number().int(),
  /** When that link was used (epoch ms; 0: not used). */
  trust_link_used_at: z.number().int(),
});
export type SignInStatus = z.infer<typeof signInStatusSchema>;
