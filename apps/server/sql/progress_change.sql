-- The current definition of this function: to change it, change it here and include this file
-- from a new migration (docs/architecture.md, "SQL functions").
CREATE OR REPLACE FUNCTION "progress_change"(old_items "progress_item"[], new_items "progress_item"[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "progress_status" AS p ("module_id", "unit", "rank", "started", "completed", "game_status", "due_at", "n")
  SELECT "module_id", "unit", "rank", "started", "completed", "game_status", "due_at", sum("d")
  FROM "progress_item_deltas"(old_items, new_items)
  GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum("d") <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT ("module_id", "unit", "rank", "started", "completed", "game_status", "due_at") DO UPDATE SET "n" = p."n" + EXCLUDED."n";
  INSERT INTO "progress_status_by_unit" AS p ("module_id", "unit", "started", "completed", "game_status", "due_at", "n")
  SELECT "module_id", "unit", "started", "completed", "game_status", "due_at", sum("d")
  FROM "progress_item_deltas"(old_items, new_items)
  GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum("d") <> 0 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ("module_id", "unit", "started", "completed", "game_status", "due_at") DO UPDATE SET "n" = p."n" + EXCLUDED."n";
  INSERT INTO "progress_completions" AS p ("module_id", "unit", "rank", "day", "n")
  SELECT "module_id", "unit", "rank", "day", sum("d")
  FROM "progress_item_deltas"(old_items, new_items) WHERE "day" IS NOT NULL
  GROUP BY 1, 2, 3, 4 HAVING sum("d") <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("module_id", "unit", "rank", "day") DO UPDATE SET "n" = p."n" + EXCLUDED."n";
  INSERT INTO "progress_completions_by_unit" AS p ("module_id", "unit", "day", "n")
  SELECT "module_id", "unit", "day", sum("d")
  FROM "progress_item_deltas"(old_items, new_items) WHERE "day" IS NOT NULL
  GROUP BY 1, 2, 3 HAVING sum("d") <> 0 ORDER BY 1, 2, 3
  ON CONFLICT ("module_id", "unit", "day") DO UPDATE SET "n" = p."n" + EXCLUDED."n";
$$;
