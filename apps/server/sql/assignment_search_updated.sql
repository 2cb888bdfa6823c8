-- The current definition of this function: to change it, change it here and include this file
-- from a new migration (docs/architecture.md, "SQL functions").
CREATE OR REPLACE FUNCTION "assignment_search_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "assignment_search" SET "started" = NEW."started_at" > 0, "completed" = NEW."completed_at" > 0,
    "game_status" = NEW."game_status", "due_at" = NEW."due_at"
  WHERE "user_id" = NEW."user_id" AND "module_id" = NEW."module_id";
  RETURN NULL;
END $$;
