/**
 * Module limits and helpers without the module's schema (module.ts re-exports them): the web
 * app's pages that only read modules load no zod.
 */
import type { Module } from './module.ts';

/** A module's "Recertify every N months": null (once) or 1–60. */
export const RECERTIFY_MONTHS_MAX = 60;

/** The most delayed consequences one action or choice may carry. */
export const MAX_LATER = 3;

/** The most resources one event may name. */
export const MAX_RESOURCES = 6;

/** A base module is its own type (spec §4): locked in the editor, never archived. */
export function isBaseModule(m: Pick<Module, 'id' | 'game_type'>): boolean {
  return m.id !== '' && m.id === m.game_type;
}

export function isArchived(m: Pick<Module, 'archived_at'>): boolean {
  return m.archived_at > 0;
}

/**
 * The default game record of spec §3, the empty state of the editor and of the
 * module pickers. Fields the spec does not give have the smallest valid values.
 */
export const DEFAULT_GAME_RECORD: Module = {
  id: '',
  game_title: 'None',
  game_description: '',
  game_type: '',
  archived_at: 0,
  days: 1,
  daily_time_tokens: 1,
  starting_gauges: {},
  objectives: [],
  actions: [],
};

/**
 * The title of a copy (spec §4): '{title} Copy {date}', the date YYYY-MM-DD on
 * the user's own calendar (toISOString's is UTC's: tomorrow, on an evening west of UTC).
 */
export function copyTitle(title: string, date: Date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${title} Copy ${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}
