-- The current definition of this function: to change it, change it here and include this file
-- from a new migration (docs/architecture.md, "SQL functions").
CREATE OR REPLACE FUNCTION "progress_user_deleting"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE items "progress_item"[];
BEGIN
  SELECT array_agg(ROW(a."user_id", a."module_id", OLD."unit", OLD."rank", a."started_at", a."completed_at", a."due_at", a."game_status",
                       a."run_answers_before", a."run_answers_after")::"progress_item")
    INTO items FROM "assignments" a WHERE a."user_id" = OLD."id";
  PERFORM "progress_count"(items, -1);
  PERFORM "progress_score"(items, -1);
  RETURN OLD;
END $$;
