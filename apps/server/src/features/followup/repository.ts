/** The follow-up questionnaire's rows (migration 0046), for its routes. */
import { and, desc, eq } from 'drizzle-orm';
import type { Questionnaire, QuestionnaireAnswers } from '@airman/contracts/questionnaire.ts';
import type { Db } from '#db/database.ts';
import { assignments, followups, modules, questionnaires } from '#db/schema.ts';
import { HttpError } from '#lib/http-error.ts';

export type FollowupRow = typeof followups.$inferSelect;

export interface Latest {
  row: FollowupRow;
  title: string;
  questionnaire: Questionnaire;
}

/** The caller's latest follow-up of the module, with the module's title and questionnaire; 404 when none. */
export async function latestFollowup(db: Db, userId: string, moduleId: string, lock = false): Promise<Latest> {
  const query = db
    .select({ row: followups, title: modules.game_title, questionnaire: questionnaires.content })
    .from(followups)
    .innerJoin(modules, eq(modules.id, followups.module_id))
    .innerJoin(questionnaires, eq(questionnaires.module_id, followups.module_id))
    .where(and(eq(followups.user_id, userId), eq(followups.module_id, moduleId)))
    .orderBy(desc(followups.completed_at))
    .limit(1);
  const [found] = lock ? await query.for('update', { of: followups }) : await query;
  if (!found) throw new HttpError(404, `No follow-up questionnaire of '${moduleId}' for you`);
  return found;
}

/** The before set of the trainee's assignment of the module, if they answered it. */
export async function beforeAnswers(db: Db, userId: string, moduleId: string): Promise<QuestionnaireAnswers | null> {
  const [found] = await db
    .select({ before: assignments.run_answers_before })
    .from(assignments)
    .where(and(eq(assignments.user_id, userId), eq(assignments.module_id, moduleId)));
  return found?.before ?? null;
}

/**
 * Writes the answers and their scores onto the follow-up row, the one Progress now counts of the
 * trainee's follow-ups of the module (an earlier one no longer is); returns it as it is now.
 */
export async function recordAnswers(
  db: Db,
  row: FollowupRow,
  set: Pick<FollowupRow, 'answered_at' | 'answers' | 'scores' | 'changes'>,
): Promise<FollowupRow> {
  await db
    .update(followups)
    .set({ counted: false })
    .where(
      and(eq(followups.user_id, row.user_id), eq(followups.module_id, row.module_id), eq(followups.counted, true)),
    );
  const [updated] = await db
    .update(followups)
    .set({ ...set, counted: true })
    .where(
      and(
        eq(followups.user_id, row.user_id),
        eq(followups.module_id, row.module_id),
        eq(followups.completed_at, row.completed_at),
      ),
    )
    .returning();
  if (!updated) throw new Error('the follow-up row went away inside its transaction');
  return updated;
}
