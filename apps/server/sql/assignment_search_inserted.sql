-- The current definition of this function: to change it, change it here and include this file
-- from a new migration (docs/architecture.md, "SQL functions").
CREATE OR REPLACE FUNCTION "assignment_search_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "assignment_search" ("user_id", "module_id", "sort_key", "unit", "started", "completed", "game_status", "due_at")
  SELECT n."user_id", n."module_id", s."sort_key", s."unit", n."started_at" > 0, n."completed_at" > 0, n."game_status", n."due_at"
    FROM new_rows n JOIN "user_search" s ON s."id" = n."user_id"
  ON CONFLICT ("user_id", "module_id") DO UPDATE SET "sort_key" = EXCLUDED."sort_key", "unit" = EXCLUDED."unit",
    "started" = EXCLUDED."started", "completed" = EXCLUDED."completed", "game_status" = EXCLUDED."game_status", "due_at" = EXCLUDED."due_at";
  RETURN NULL;
END $$;
