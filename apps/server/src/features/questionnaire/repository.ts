/** A module's questionnaire, kept as JSON. */
import { eq } from 'drizzle-orm';
import type { Questionnaire } from '@airman/contracts/questionnaire.ts';
import type { Db } from '#db/database.ts';
import { questionnaires } from '#db/schema.ts';

/** The module's questionnaire as stored, or undefined when it has none. */
export async function readQuestionnaire(db: Db, moduleId: string): Promise<Questionnaire | undefined> {
  const [row] = await db.select().from(questionnaires).where(eq(questionnaires.module_id, moduleId)).limit(1);
  return row?.content;
}

export async function saveQuestionnaire(db: Db, moduleId: string, content: Questionnaire, now: number): Promise<void> {
  await db
    .insert(questionnaires)
    .values({ module_id: moduleId, content, updated_at: now })
    .onConflictDoUpdate({ target: questionnaires.module_id, set: { content, updated_at: now } });
}
