import type { Module } from '@airman/contracts/module.ts';
import type { modules } from '#db/schema.ts';

/** A module row as the flat Module of spec §3. */
export function presentModule(row: typeof modules.$inferSelect): Module {
  return {
    id: row.id,
    game_title: row.game_title,
    game_description: row.game_description,
    game_type: row.game_type,
    archived_at: row.archived_at,
    ...row.content,
  };
}
