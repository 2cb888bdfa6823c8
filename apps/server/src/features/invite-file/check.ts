/**
 * The rows of an invite file, checked one by one against the rules of the
 * invite and of the user modal: each becomes an invitee to create, an address
 * that already has an account, or an invalid row with every reason.
 */
import { dueAtFromDay } from '@airman/contracts/due-date.ts';
import type { InviteFileColumn, InviteFileInvitee, InviteFileReport } from '@airman/contracts/invite-file.ts';
import { RANKS } from '@airman/contracts/ranks.ts';
import { isValidEmail } from '@airman/contracts/validation.ts';
import type { Invitee } from '../invites/invites.ts';
import type { ParsedInviteFile } from './csv-file.ts';

export interface KnownModule {
  id: string;
  title: string;
  archived: boolean;
}

export interface CheckContext {
  modules: KnownModule[];
  /** The file's addresses (lower case) that already have an account. */
  existing: ReadonlySet<string>;
  now: number;
}

export interface CheckedFile {
  report: Omit<InviteFileReport, 'applied'>;
  /** The invitees to create, as users/invites.ts takes them (same order as report.invitees). */
  invitees: Invitee[];
}

/** Longest name or unit, as the user modal allows. */
const TEXT_MAX = 100;
/** A cell a spreadsheet would run as a formula when the data is exported again. */
const FORMULA_START = /^[=+\-@\t\r]/;

const ranks = new Map<string, string>();
for (const r of RANKS) {
  ranks.set(r.abbreviation.toLowerCase(), r.abbreviation);
  ranks.set(r.name.toLowerCase(), r.abbreviation);
}

/** The addresses of the file, lower case, for the look-up of existing accounts. */
export function fileEmails(file: ParsedInviteFile): string[] {
  const at = file.columns.email as number;
  return [...new Set(file.records.map((r) => (r.cells[at] ?? '').trim().toLowerCase()).filter(isValidEmail))];
}

function moduleFinder(modules: KnownModule[]): (cell: string) => KnownModule | string {
  const byId = new Map(modules.map((m) => [m.id, m]));
  const byTitle = new Map<string, KnownModule[]>();
  for (const m of modules) {
    if (m.archived) continue;
    const key = m.title.trim().toLowerCase();
    byTitle.set(key, [...(byTitle.get(key) ?? []), m]);
  }
  return (cell) => {
    const exact = byId.get(cell);
    if (exact) return exact.archived ? `module: '${cell}' is archived and cannot be assigned` : exact;
    const titled = byTitle.get(cell.toLowerCase()) ?? [];
    if (titled.length === 1) return titled[0] as KnownModule;
    if (titled.length > 1)
      return `module: ${titled.length} live modules are titled '${cell}': give the module's id instead`;
    return `module: no live module has the id or title '${cell}'`;
  };
}

/** A due date cell: YYYY-MM-DD, a real date, not passed. */
function dueAtOf(cell: string, now: number): number | string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(cell);
  if (!m) return `due: '${cell}' is not a date written YYYY-MM-DD`;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return `due: ${cell} is not a date of the calendar`;
  const dueAt = dueAtFromDay(year, month, day);
  if (dueAt <= now) return `due: ${cell} has already passed`;
  return dueAt;
}

export function checkInviteFile(file: ParsedInviteFile, context: CheckContext): CheckedFile {
  const findModule = moduleFinder(context.modules);
  const firstLine = new Map<string, number>();
  const report: CheckedFile['report'] = { rows: file.records.length, invitees: [], existing: [], invalid: [] };
  const invitees: Invitee[] = [];
  const cellOf = (cells: string[], column: InviteFileColumn) => {
    const at = file.columns[column];
    return at === undefined ? '' : (cells[at] ?? '').trim();
  };

  for (const { line, cells } of file.records) {
    const problems: string[] = [];
    if (cells.length !== file.width)
      problems.push(`has ${cells.length} cell${cells.length === 1 ? '' : 's'} where the header has ${file.width}`);
    const email = cellOf(cells, 'email').toLowerCase();
    const text = (column: InviteFileColumn): string => {
      const value = cellOf(cells, column);
      if (FORMULA_START.test(value))
        problems.push(
          `${column}: starts with '${value[0] === '\t' ? 'tab' : value[0] === '\r' ? 'carriage return' : value[0]}', which a spreadsheet would run as a formula`,
        );
      else if (value.length > TEXT_MAX) problems.push(`${column}: longer than ${TEXT_MAX} characters`);
      return value;
    };

    if (email === '') problems.push('email: missing');
    else if (FORMULA_START.test(email))
      problems.push(`email: starts with '${email[0]}', which a spreadsheet would run as a formula`);
    else if (!isValidEmail(email)) problems.push(`email: '${email}' is not a valid e-mail address`);
    else {
      const seen = firstLine.get(email);
      if (seen !== undefined) problems.push(`email: already on line ${seen}`);
      else firstLine.set(email, line);
    }
    const first_name = text('first_name');
    const last_name = text('last_name');
    const unit = text('unit');
    const rankCell = cellOf(cells, 'rank');
    const rank = rankCell === '' ? '' : ranks.get(rankCell.toLowerCase());
    if (rank === undefined)
      problems.push(
        `rank: '${rankCell}' is not a rank of the list (an abbreviation such as SrA, or a name such as Senior Airman)`,
      );

    const moduleCell = cellOf(cells, 'module');
    const dueCell = cellOf(cells, 'due');
    let module: KnownModule | undefined;
    if (moduleCell !== '') {
      const found = findModule(moduleCell);
      if (typeof found === 'string') problems.push(found);
      else module = found;
    }
    let dueAt = 0;
    if (dueCell !== '') {
      const due = dueAtOf(dueCell, context.now);
      if (typeof due === 'string') problems.push(due);
      else dueAt = due;
      if (moduleCell === '') problems.push('due: a due date needs a module');
    }

    if (problems.length > 0) {
      report.invalid.push({ line, email, reason: problems.join('; ') });
    } else if (context.existing.has(email)) {
      report.existing.push({ line, email });
    } else {
      const row: InviteFileInvitee = {
        line,
        email,
        first_name,
        last_name,
        rank: rank ?? '',
        unit,
        module: module?.id ?? '',
        module_title: module?.title ?? '',
        due: module && dueAt > 0 ? dueCell : '',
      };
      report.invitees.push(row);
      invitees.push({
        email,
        first_name,
        last_name,
        rank: rank ?? '',
        unit,
        ...(module ? { module: { id: module.id, title: module.title, due_at: dueAt } } : {}),
      });
    }
  }
  return { report, invitees };
}
