/** Turns user and assignment rows into the User object of spec §3. */
import type { Role, Sex } from '@airman/contracts/constants.ts';
import type { Assignment, User } from '@airman/contracts/user.ts';
import type { assignments, users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type AssignmentRow = typeof assignments.$inferSelect;

export function presentAssignment(row: AssignmentRow): Assignment {
  return {
    key: row.module_id,
    created_at: row.created_at,
    started_at: row.started_at,
    completed_at: row.completed_at,
    revoked_at: row.revoked_at,
    due_at: row.due_at,
    game_status: row.game_status,
  };
}

/**
 * The User of spec §3. The invite code is shown only to administrators (it
 * lets anyone register as the invitee).
 */
export function presentUser(row: UserRow, assignmentRows: AssignmentRow[], opts: { withInviteCode: boolean }): User {
  const list = assignmentRows.map(presentAssignment);
  return {
    id: row.id,
    user_name: row.user_name,
    first_name: row.first_name,
    last_name: row.last_name,
    rank: row.rank,
    unit: row.unit,
    sex: row.sex as Sex,
    role: row.role as Role,
    modules: list.map((a) => a.key),
    active_at: row.active_at,
    pending: row.pending,
    invite_code: opts.withInviteCode ? (row.invite_code ?? '') : '',
    last_invite_at: row.last_invite_at,
    assignments: list,
  };
}
