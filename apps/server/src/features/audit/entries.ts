/**
 * The audit log's entries, one builder per kind of change (docs/audit.md). Each builds its entry
 * from the before and after its change read inside its transaction, under the row's lock where
 * one is taken (a module's by `saveVersioned`, a user's by `updateUser`), so an entry never
 * compares against a state another save has since replaced. Handlers call these and write the
 * result with `audit(tx, …)`; none diffs by hand.
 */
import { versionChanges, type VersionContent } from '@airman/contracts/version-diff.ts';
import { withoutSecrets, type AuditEntry, type AuditFields } from '#lib/audit.ts';

/** A versioned save as `saveVersioned` reports it. */
export interface SaveRead {
  before: VersionContent | undefined;
  after: VersionContent;
  previous: number;
  version: number;
}

/** A module's row as archiving reads it: its title and when it was archived (0: live). */
export interface ArchiveRead {
  id: string;
  game_title: string;
  archived_at: number;
}

/** The content without a field named like a secret (the schemas have none: this keeps it so). */
const clean = (content: VersionContent): VersionContent => withoutSecrets(content) as VersionContent;

/** What a save changed in the module and its questionnaire, as the Versions diff says it, and the version. */
function savedChanges(save: SaveRead): { before: AuditFields; after: AuditFields } {
  // A module that was never saved before has nothing to compare: the save is the whole module.
  const changes = save.before ? versionChanges(clean(save.before), clean(save.after)) : { before: {}, after: {} };
  return {
    before: { ...changes.before, version: save.previous },
    after: { ...changes.after, version: save.version },
  };
}

/** A module created: every new module is a copy of a base module (its type), named in `copied_from`. */
export function moduleCreated(id: string, save: SaveRead): AuditEntry {
  const m = save.after.module;
  return {
    action: 'module.create',
    target: { kind: 'module', id, name: m.game_title },
    before: null,
    after: { game_title: m.game_title, copied_from: m.game_type, version: save.version },
  };
}

/** A module saved: each field that changed, keyed like "Actions › Run › token cost", and the version. */
export function moduleSaved(id: string, save: SaveRead): AuditEntry {
  return {
    action: 'module.edit',
    target: { kind: 'module', id, name: save.after.module.game_title },
    ...savedChanges(save),
  };
}

/** A version restored as the next one: what changed (module and questionnaire), and which version it was. */
export function moduleRestored(id: string, save: SaveRead, restoredFrom: number): AuditEntry {
  const changes = savedChanges(save);
  return {
    action: 'module.restore',
    target: { kind: 'module', id, name: save.after.module.game_title },
    before: changes.before,
    after: { ...changes.after, restored_from: restoredFrom },
  };
}

function archiving(action: 'module.archive' | 'module.unarchive', before: ArchiveRead, after: ArchiveRead): AuditEntry {
  return {
    action,
    target: { kind: 'module', id: after.id, name: after.game_title },
    before: { archived_at: before.archived_at },
    after: { archived_at: after.archived_at },
  };
}

/** A module archived: when, from the row as it was locked and as the change left it. */
export function moduleArchived(before: ArchiveRead, after: ArchiveRead): AuditEntry {
  return archiving('module.archive', before, after);
}

/** A module live again: since when it had been archived. */
export function moduleUnarchived(before: ArchiveRead, after: ArchiveRead): AuditEntry {
  return archiving('module.unarchive', before, after);
}

/** The questionnaire saved (a version of its module): each field that changed, and the version. */
export function questionnaireSaved(moduleId: string, save: SaveRead): AuditEntry {
  return { action: 'questionnaire.edit', target: { kind: 'questionnaire', id: moduleId }, ...savedChanges(save) };
}

/** A user's fields an administrator may change, as the row holds them. */
export interface UserRead {
  user_name: string;
  first_name: string;
  last_name: string;
  rank: string;
  unit: string;
  role: string;
  /** 0: inactive. */
  active_at: number;
}

/** The audit's action for each field, as the entry names it (active: whether active_at is set). */
const USER_FIELD_ACTIONS = {
  user_name: 'user.address',
  role: 'user.role',
  active: 'user.active',
  first_name: 'user.profile',
  last_name: 'user.profile',
  rank: 'user.profile',
  unit: 'user.profile',
} as const;

const userFields = (u: UserRead): Record<keyof typeof USER_FIELD_ACTIONS, unknown> => ({
  user_name: u.user_name,
  role: u.role,
  active: u.active_at !== 0,
  first_name: u.first_name,
  last_name: u.last_name,
  rank: u.rank,
  unit: u.unit,
});

/**
 * A user updated by an administrator: one entry per kind of change (address, role, active,
 * profile), each with the fields it changed; none when nothing changed. Named by the address
 * the user had.
 */
export function userUpdated(id: string, before: UserRead, after: UserRead): AuditEntry[] {
  const was = userFields(before);
  const is = userFields(after);
  const byAction = new Map<string, { before: AuditFields; after: AuditFields }>();
  for (const [key, action] of Object.entries(USER_FIELD_ACTIONS) as [keyof typeof USER_FIELD_ACTIONS, string][]) {
    if (was[key] === is[key]) continue;
    const fields = byAction.get(action) ?? { before: {}, after: {} };
    fields.before[key] = was[key];
    fields.after[key] = is[key];
    byAction.set(action, fields);
  }
  return [...byAction].map(([action, fields]) => ({
    action,
    target: { kind: 'user', id, name: before.user_name },
    ...fields,
  }));
}

/** The user an assignment entry is about: their id, and their address then. */
export interface AssigneeRead {
  id: string;
  user_name: string;
}

/** A user deactivated in bulk (checked active under the users' lock): sessions ended, or the invite voided. */
export function userDeactivated(user: AssigneeRead, bulk = false): AuditEntry {
  return {
    action: 'user.active',
    target: { kind: 'user', id: user.id, name: user.user_name },
    before: { active: true },
    after: { active: false, ...(bulk && { bulk }) },
  };
}

/** A module assigned to a user, with its due date (0: none). */
export function moduleAssigned(user: AssigneeRead, moduleId: string, dueAt: number, bulk = false): AuditEntry {
  return {
    action: 'assignment.assign',
    target: { kind: 'user', id: user.id, name: user.user_name },
    before: null,
    after: { module: moduleId, due_at: dueAt, ...(bulk && { bulk }) },
  };
}

/** An assignment removed, with the due date it had. */
export function moduleUnassigned(user: AssigneeRead, moduleId: string, dueAt: number, bulk = false): AuditEntry {
  return {
    action: 'assignment.unassign',
    target: { kind: 'user', id: user.id, name: user.user_name },
    before: { module: moduleId, due_at: dueAt },
    after: { module: null, ...(bulk && { bulk }) },
  };
}

/** A due date set or moved; undefined when it did not change. */
export function dueDateChanged(
  user: AssigneeRead,
  moduleId: string,
  before: number,
  after: number,
  bulk = false,
): AuditEntry | undefined {
  if (before === after) return undefined;
  return {
    action: 'assignment.due_date',
    target: { kind: 'user', id: user.id, name: user.user_name },
    before: { module: moduleId, due_at: before },
    after: { module: moduleId, due_at: after, ...(bulk && { bulk }) },
  };
}
