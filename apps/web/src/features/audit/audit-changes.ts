/**
 * An audit entry's before and after as lines a person reads ("Due date: 11/15/2026 → 11/30/2026"),
 * never as raw JSON: one line per field the action changed. A module or questionnaire save names
 * each change as the Versions diff does ("Actions › Run › token cost: 2 → 3"), part by part in the
 * editor's order.
 */
import { formatDueDate } from '@airman/contracts/due-date.ts';
import { PATH_SEPARATOR, VERSION_SECTIONS } from '@airman/contracts/version-diff.ts';

/**
 * What the Audit screen calls a field of an entry (docs/audit.md), in the order it shows them
 * (the database keeps an entry's fields in an order of its own); any other is its name in words, after these.
 */
const FIELD_LABELS: Record<string, string> = {
  user_name: 'E-mail',
  first_name: 'First name',
  last_name: 'Last name',
  rank: 'Rank',
  unit: 'Unit',
  role: 'Role',
  active: 'Active',
  pending: 'Pending invite',
  invite: 'Invite',
  via: 'Invited by',
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
  days: 'Days',
  daily_time_tokens: 'Daily time tokens',
  starting_gauges: 'Gauges',
  healthy_range: 'Healthy ranges',
  daily_change: 'Daily change',
  version: 'Version',
  restored_from: 'Restored from version',
  tz: 'Time zone',
  removed: 'Entries removed',
  older_than: 'Older than',
};
const FIELD_ORDER = Object.keys(FIELD_LABELS);

/** Fields holding a module's id: shown as its title where the screen knows it. */
const MODULE_FIELDS = new Set(['module', 'copied_from', 'game_type']);

/** Fields holding an instant (epoch ms; 0 means none). */
const INSTANTS = new Set(['archived_at', 'locked_until', 'older_than', 'active_at', 'at']);

/** A save's key: "Actions › Run › token cost", already in words. */
const isPath = (key: string) => key.includes(PATH_SEPARATOR);

/** A save's part (its key's first step) in the editor's order; unknown parts after the known. */
function sectionRank(key: string): number {
  const i = (VERSION_SECTIONS as readonly string[]).indexOf(key.split(PATH_SEPARATOR)[0] ?? '');
  return i >= 0 ? i : VERSION_SECTIONS.length;
}

export function fieldLabel(key: string): string {
  if (isPath(key)) return key;
  const known = FIELD_LABELS[key];
  if (known) return known;
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface FormatOptions {
  /** An instant as the admin reads it (their time zone). */
  instant(ms: number): string;
  /** A module's title by its id, where known. */
  moduleTitle?(id: string): string | undefined;
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
  if (typeof value === 'string') {
    if (key === 'via') return VIA[value] ?? value;
    if (MODULE_FIELDS.has(key)) return options.moduleTitle?.(value) ?? value;
    return value;
  }
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

/** A save's changes part by part, then known fields in the screen's order, then the others by name. */
function byFieldOrder(a: string, b: string): number {
  if (isPath(a) || isPath(b)) {
    if (!isPath(b)) return -1;
    if (!isPath(a)) return 1;
    return sectionRank(a) - sectionRank(b) || a.localeCompare(b);
  }
  const [i, j] = [FIELD_ORDER.indexOf(a), FIELD_ORDER.indexOf(b)];
  if (i >= 0 && j >= 0) return i - j;
  if (i >= 0 || j >= 0) return i >= 0 ? -1 : 1;
  return a.localeCompare(b);
}

/**
 * The lines "Field: old → new", one per field either side names. A field the action kept as it
 * was (the module of a due date moved) reads "Field: value"; one empty on both sides has no line;
 * one that changed but reads the same in short (a module's actions) reads "Field: changed (…)".
 */
export function changeLines(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  options: FormatOptions = localFormat,
): string[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort(byFieldOrder);
  const lines: string[] = [];
  for (const key of keys) {
    const label = fieldLabel(key);
    const was = before && key in before ? formatValue(key, before[key], options) : NOTHING;
    const is = after && key in after ? formatValue(key, after[key], options) : NOTHING;
    if (was === NOTHING && is === NOTHING) continue;
    if (was !== is) lines.push(`${label}: ${was} → ${is}`);
    else if (JSON.stringify(before?.[key]) === JSON.stringify(after?.[key])) lines.push(`${label}: ${is}`);
    else lines.push(`${label}: changed (${is})`);
  }
  return lines;
}
