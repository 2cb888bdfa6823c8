/** Runs and the assignments they play, as the game routes read and write them. */
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '#db/database.ts';
import { assignments, gameRuns, modules } from '#db/schema.ts';
import type { AssignmentRow } from '#auth/account.ts';
import type { ModuleRow } from '../modules/repository.ts';

export type RunRow = typeof gameRuns.$inferSelect;
type NewRun = typeof gameRuns.$inferInsert;
type AssignmentChange = Partial<typeof assignments.$inferInsert>;
type RunChange = Partial<NewRun>;

/** The user's assignments of live modules, in the order assigned, with what the game shows of each module. */
export async function liveAssignments(db: Db, userId: string) {
  return db
    .select({
      a: assignments,
      m: {
        id: modules.id,
        title: modules.game_title,
        description: modules.game_description,
        archived_at: modules.archived_at,
      },
    })
    .from(assignments)
    .innerJoin(modules, eq(modules.id, assignments.module_id))
    .where(and(eq(assignments.user_id, userId), eq(modules.archived_at, 0)))
    .orderBy(assignments.created_at);
}

/** The user's assignment of a module, with the module; undefined when not assigned. */
export async function assignmentWithModule(
  db: Db,
  userId: string,
  moduleId: string,
): Promise<{ a: AssignmentRow; m: ModuleRow } | undefined> {
  const [row] = await db
    .select({ a: assignments, m: modules })
    .from(assignments)
    .innerJoin(modules, eq(modules.id, assignments.module_id))
    .where(and(eq(assignments.user_id, userId), eq(assignments.module_id, moduleId)))
    .limit(1);
  return row;
}

export async function findAssignment(db: Db, userId: string, moduleId: string): Promise<AssignmentRow | undefined> {
  const [a] = await db
    .select()
    .from(assignments)
    .where(and(eq(assignments.user_id, userId), eq(assignments.module_id, moduleId)))
    .limit(1);
  return a;
}

export async function updateAssignment(
  db: Db,
  userId: string,
  moduleId: string,
  change: AssignmentChange,
): Promise<void> {
  await db
    .update(assignments)
    .set(change)
    .where(and(eq(assignments.user_id, userId), eq(assignments.module_id, moduleId)));
}

/** The user's latest unfinished run of the module, if any. */
export async function openRun(db: Db, userId: string, moduleId: string): Promise<RunRow | undefined> {
  const [open] = await db
    .select()
    .from(gameRuns)
    .where(and(eq(gameRuns.user_id, userId), eq(gameRuns.module_id, moduleId), eq(gameRuns.status, 'in_progress')))
    .orderBy(desc(gameRuns.started_at))
    .limit(1);
  return open;
}

export async function insertRun(db: Db, run: NewRun): Promise<void> {
  await db.insert(gameRuns).values(run);
}

/**
 * The run, locked until the caller's transaction ends (SELECT … FOR UPDATE): a second
 * transition of the same run waits for this one and then reads what it left.
 */
export async function lockRun(tx: Db, runId: string): Promise<RunRow | undefined> {
  const [run] = await tx.select().from(gameRuns).where(eq(gameRuns.id, runId)).limit(1).for('update');
  return run;
}

/**
 * Changes the run only while it is in progress: false when it was over. Every transition
 * (progress, answers, finish, quit) goes through it, so a run ends once, whatever races.
 */
export async function updateOpenRun(db: Db, runId: string, change: RunChange): Promise<boolean> {
  const updated = await db
    .update(gameRuns)
    .set(change)
    .where(and(eq(gameRuns.id, runId), eq(gameRuns.status, 'in_progress')))
    .returning({ id: gameRuns.id });
  return updated.length > 0;
}

/** The user's runs of the module that hold before-answers, in the order they started. */
export async function runsWithBeforeAnswers(db: Db, userId: string, moduleId: string) {
  return db
    .select({ id: gameRuns.id, answers_before: gameRuns.answers_before })
    .from(gameRuns)
    .where(and(eq(gameRuns.user_id, userId), eq(gameRuns.module_id, moduleId), isNotNull(gameRuns.answers_before)))
    .orderBy(asc(gameRuns.started_at));
}
