/**
 * An audit entry's before and after as lines a person reads ("Due date: 11/15/2026 → 11/30/2026"),
 * never as raw JSON: one line per field the action changed, in the order the entry gives them.
 */
import { formatDueDate } from '@airman/contracts/due-date.ts';

/** What the Audit screen calls a field of an entry (docs/audit.md); any other is its name in words. */
const FIELD_LABELS: Record<string, string> = {
  user_name: 'E-mail',
  first_name: 'First name',
  last_name: 'Last name',
  rank: 'Rank',
  unit: 'Unit',
  role: 'Role',
  active: 'Active',
  pending: 'Pending invite',
  via: 'Invited by',
  invite: 'Invite',
  module: 'Module',
  due_at: 'Due date',
  bulk: 'In bulk',
  email_digest: 'Weekly digest',
  failures: 'Failed sign-ins',
  locked_until: 'Locked until',
  game_title: 'Title',
  game_description: 'Description',
  game_type: 'Base module',
  copied_from: 'Copied from',
  archived_at: 'Archived',
  daily_time_tokens: 'Daily time tokens',
  starting_gauges: 'Gauges',
  healthy_range: 'Healthy ranges',
  daily_change: 'Daily change',
  version: 'Version',
  restored_from: 'Restored from version',
  tz: 'Time zone',
  removed: 'Entries removed',
  older_than: 'Older than',
  days: 'Days',
};

/** Fields holding an instant (epoch ms; 0 means none). */
const INSTANTS = new Set(['archived_at', 'locked_until', 'older_than', 'active_at', 'at']);

export function fieldLabel(key: string): string {
  const known = FIELD_LABELS[key];
  if (known) return known;
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface FormatOptions {
  /** An instant as the admin reads it (their time zone). */
  instant(ms: number): string;
}

export const localFormat: FormatOptions = {
  instant: (ms) => new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
};

const NOTHING = '–';

/** How an invite came (user.invite's `via`). */
const VIA: Record<string, string> = { list: 'the list', bulk: 'several addresses', file: 'a file' };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** One value in words: dates as dates, lists and tables in short. */
export function formatValue(key: string, value: unknown, options: FormatOptions = localFormat): string {
  if (value === null || value === undefined || value === '') return NOTHING;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') {
    if (key === 'due_at') return value === 0 ? 'none' : formatDueDate(value);
    if (INSTANTS.has(key)) return value === 0 ? 'none' : options.instant(value);
    return String(value);
  }
  if (typeof value === 'string') return key === 'via' ? (VIA[value] ?? value) : value;
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    // A list of rows (a module's actions, say): how many; the versions show what each holds.
    if (value.some((v) => v !== null && typeof v === 'object'))
      return value.length === 1 ? '1 entry' : `${value.length} entries`;
    return value.map((v) => formatValue('', v, options)).join(', ');
  }
  if (isRecord(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return 'none';
    return entries.map(([k, v]) => `${k} ${formatValue(k, v, options)}`).join(', ');
  }
  return String(value);
}

/** The lines "Field: old → new", one per field either side names; an entry with neither has none. */
export function changeLines(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  options: FormatOptions = localFormat,
): string[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.map((key) => {
    const was = before && key in before ? formatValue(key, before[key], options) : NOTHING;
    const is = after && key in after ? formatValue(key, after[key], options) : NOTHING;
    return `${fieldLabel(key)}: ${was} → ${is}`;
  });
}
