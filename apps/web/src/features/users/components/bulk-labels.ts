/** The bulk actions' words, which the users list shows before any of their modals is loaded. */
import type { BulkAction } from '@airman/contracts/bulk-users.ts';

export const BULK_LABELS: Record<BulkAction, { button: string; heading: (n: string) => string; apply: string }> = {
  assign: { button: 'Assign module', heading: (n) => `Assign a module to ${n}`, apply: 'Assign' },
  due_date: { button: 'Change due date', heading: (n) => `Change the due date for ${n}`, apply: 'Change due date' },
  unassign: { button: 'Unassign module', heading: (n) => `Unassign a module from ${n}`, apply: 'Unassign' },
  reinvite: { button: 'Resend invites', heading: (n) => `Resend invites to ${n}`, apply: 'Resend invites' },
  deactivate: { button: 'Deactivate', heading: (n) => `Deactivate ${n}`, apply: 'Deactivate' },
};

export function usersCount(n: number): string {
  return `${n.toLocaleString()} ${n === 1 ? 'user' : 'users'}`;
}
