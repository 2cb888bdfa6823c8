-- The current definition of this function: to change it, change it here and include this file
-- from a new migration (docs/architecture.md, "SQL functions").
CREATE OR REPLACE FUNCTION "progress_user_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE old_items "progress_item"[]; new_items "progress_item"[];
BEGIN
  SELECT array_agg(ROW(a."user_id", a."module_id", OLD."unit", OLD."rank", a."started_at", a."completed_at", a."due_at", a."game_status",
                       a."run_answers_before", a."run_answers_after")::"progress_item"),
         array_agg(ROW(a."user_id", a."module_id", NEW."unit", NEW."rank", a."started_at", a."completed_at", a."due_at", a."game_status",
                       a."run_answers_before", a."run_answers_after")::"progress_item")
    INTO old_items, new_items
    FROM "assignments" a WHERE a."user_id" = NEW."id";
  PERFORM "progress_change"(old_items, new_items);
  PERFORM "progress_score_change"(old_items, new_items);
  RETURN NULL;
END $$;
