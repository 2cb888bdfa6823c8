/** Modules: their rows, as the module routes and the report read them. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/database.ts';
import { modules } from '#db/schema.ts';

export type ModuleRow = typeof modules.$inferSelect;
export type ModuleFields = Pick<ModuleRow, 'game_title' | 'game_description' | 'game_type' | 'content'>;

/**
 * Every module by title, case-insensitively and the same on both databases
 * (their collations differ: under "C", 'Zulu' came before 'alpha').
 */
export async function listModules(db: Db): Promise<ModuleRow[]> {
  return db
    .select()
    .from(modules)
    .orderBy(sql`lower(${modules.game_title}) COLLATE "C"`, sql`${modules.game_title} COLLATE "C"`, asc(modules.id));
}

export async function findModuleRow(db: Db, id: string): Promise<ModuleRow | undefined> {
  const [row] = await db.select().from(modules).where(eq(modules.id, id)).limit(1);
  return row;
}

/** The module's row, locked for the rest of the transaction `tx`. */
export async function lockModuleRow(tx: Db, id: string): Promise<ModuleRow | undefined> {
  const [row] = await tx.select().from(modules).where(eq(modules.id, id)).for('update');
  return row;
}

export async function moduleExists(db: Db, id: string): Promise<boolean> {
  const [m] = await db.select({ id: modules.id }).from(modules).where(eq(modules.id, id)).limit(1);
  return m !== undefined;
}

export async function insertModule(db: Db, id: string, fields: ModuleFields, now: number): Promise<ModuleRow> {
  const [row] = await db
    .insert(modules)
    .values({ id, ...fields, archived_at: 0, created_at: now, updated_at: now })
    .returning();
  return row!;
}

export async function updateModule(db: Db, id: string, fields: ModuleFields, now: number): Promise<ModuleRow> {
  const [row] = await db
    .update(modules)
    .set({ ...fields, updated_at: now })
    .where(eq(modules.id, id))
    .returning();
  return row!;
}

export async function archiveModule(db: Db, id: string, now: number): Promise<ModuleRow> {
  const [row] = await db.update(modules).set({ archived_at: now }).where(eq(modules.id, id)).returning();
  return row!;
}

export async function unarchiveModule(db: Db, id: string): Promise<ModuleRow> {
  const [row] = await db.update(modules).set({ archived_at: 0 }).where(eq(modules.id, id)).returning();
  return row!;
}
