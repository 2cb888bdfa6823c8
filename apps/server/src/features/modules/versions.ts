/**
 * Module versions: every save of a module or of its questionnaire keeps the module as saved, with
 * its questionnaire, as the next version (number, author, time). Version 1 is the module as it was
 * when versions began for it; a change made outside these saves (the seed's upgrade of a built-in
 * module at start) becomes a version of its own, by the server, before the next one.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { VersionContent } from '@airman/contracts/version-diff.ts';
import type { Db } from '#db/database.ts';
import { modules, moduleVersions, questionnaires } from '#db/schema.ts';
import { currentActor, type AuditActor } from '#lib/audit.ts';
import { presentModule } from './present-module.ts';

export type VersionRow = typeof moduleVersions.$inferSelect;

type Saved = VersionContent;

/** A versioned save: the change's result, the version it made, and the module before and after it. */
export interface VersionedSave<T> {
  result: T;
  version: number;
  /** The version the module was at (0: none, as for a new module). */
  previous: number;
  /** The module and its questionnaire as read under the row's lock, before the change; undefined: no module yet. */
  before: VersionContent | undefined;
  /** As the change left them, the new version's content. */
  after: VersionContent;
}

/** The module and its questionnaire as they are now; undefined when there is no such module. */
async function currentState(tx: Db, id: string, lock: boolean): Promise<Saved | undefined> {
  const query = tx.select().from(modules).where(eq(modules.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return undefined;
  const [q] = await tx
    .select({ content: questionnaires.content })
    .from(questionnaires)
    .where(eq(questionnaires.module_id, id));
  // Archiving is not a save: a version is the module's content, live.
  return { module: { ...presentModule(row), archived_at: 0 }, questionnaire: q?.content ?? null };
}

/** The module's newest version, if it has any. */
export async function latestVersion(tx: Db, id: string): Promise<VersionRow | undefined> {
  const [v] = await tx
    .select()
    .from(moduleVersions)
    .where(eq(moduleVersions.module_id, id))
    .orderBy(desc(moduleVersions.version))
    .limit(1);
  return v;
}

function sameState(v: VersionRow, s: Saved): boolean {
  // The module's json keeps its key order on both sides; the questionnaire's jsonb orders both alike.
  return (
    JSON.stringify(v.module) === JSON.stringify(s.module) &&
    JSON.stringify(v.questionnaire) === JSON.stringify(s.questionnaire)
  );
}

async function insertVersion(tx: Db, id: string, version: number, state: Saved, author: AuditActor, at: number) {
  const [row] = await tx
    .insert(moduleVersions)
    .values({
      module_id: id,
      version,
      module: state.module,
      questionnaire: state.questionnaire,
      author_id: author.id,
      author_name: author.name,
      saved_at: at,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

const SERVER: AuditActor = { id: null, name: 'server' };

/**
 * The version the module is at now, kept first when the module as it is has none (a module from
 * before versions, or changed at start by the seed). Runs start on it.
 */
export async function currentVersion(tx: Db, id: string): Promise<number | null> {
  const state = await currentState(tx, id, false);
  if (!state) return null;
  const latest = await latestVersion(tx, id);
  if (latest && sameState(latest, state)) return latest.version;
  const next = (latest?.version ?? 0) + 1;
  // Two runs starting at once may both keep it: the second finds it kept.
  await insertVersion(tx, id, next, state, SERVER, Date.now());
  return (await latestVersion(tx, id))?.version ?? next;
}

/**
 * Makes a change to the module (or its questionnaire) and keeps the result as its next version,
 * in the caller's transaction: the module's row is locked first, so two saves number their
 * versions one after the other. Returns the change's result, the version it made and what it read
 * before and after the change, under that lock (what the save's audit entry compares).
 */
export async function saveVersioned<T>(tx: Db, id: string, change: () => Promise<T>): Promise<VersionedSave<T>> {
  const before = await currentState(tx, id, true);
  let latest = await latestVersion(tx, id);
  if (before && !(latest && sameState(latest, before))) {
    const kept = await insertVersion(tx, id, (latest?.version ?? 0) + 1, before, SERVER, Date.now());
    latest = kept ?? latest;
  }
  const previous = latest?.version ?? 0;
  const result = await change();
  const after = await currentState(tx, id, false);
  if (!after) throw new Error(`module ${id} vanished while being saved`);
  await insertVersion(tx, id, previous + 1, after, currentActor(), Date.now());
  return { result, version: previous + 1, previous, before, after };
}

/** Every version of a module, newest first (without their content). */
export async function listVersions(db: Db, id: string) {
  return db
    .select({
      version: moduleVersions.version,
      author_id: moduleVersions.author_id,
      author_name: moduleVersions.author_name,
      saved_at: moduleVersions.saved_at,
    })
    .from(moduleVersions)
    .where(eq(moduleVersions.module_id, id))
    .orderBy(desc(moduleVersions.version));
}

export async function findVersion(db: Db, id: string, version: number): Promise<VersionRow | undefined> {
  const [v] = await db
    .select()
    .from(moduleVersions)
    .where(and(eq(moduleVersions.module_id, id), eq(moduleVersions.version, version)))
    .limit(1);
  return v;
}

/** How many versions a module has kept (0: none yet). */
export async function versionCount(db: Db, id: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(moduleVersions)
    .where(eq(moduleVersions.module_id, id));
  return row?.n ?? 0;
}
