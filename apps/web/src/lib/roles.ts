/** What the web app shows each role (docs/security.md, "Roles"): the server decides, this only hides what would be refused. */
import type { Role } from '@airman/contracts/constants.ts';

/** An administrator of any kind: the administration screens. */
export const isAdministrator = (role: Role | undefined): boolean => role === 'admin' || role === 'unit_admin';

/** A full administrator: roles, scopes, deleting users, editing modules. */
export const isFullAdmin = (role: Role | undefined): boolean => role === 'admin';

/** How the role picker names each role. */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrator',
  unit_admin: 'Unit administrator',
  user: 'Trainee',
};

/** The header's line for a unit administrator: "Unit: 655 ISRW (and sub-units)". */
export function scopeLine(units: readonly string[] | undefined): string {
  const list = units ?? [];
  return `${list.length === 1 ? 'Unit' : 'Units'}: ${list.join(', ')} (and sub-units)`;
}
