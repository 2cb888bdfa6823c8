-- The current definition of this function: to change it, change it here and include this file
-- from a new migration (docs/architecture.md, "SQL functions").
CREATE OR REPLACE FUNCTION "progress_assignments_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE old_items "progress_item"[]; new_items "progress_item"[];
BEGIN
  SELECT array_agg(ROW(a."user_id", a."module_id", u."unit", u."rank", a."started_at", a."completed_at", a."due_at", a."game_status",
                       a."run_answers_before", a."run_answers_after")::"progress_item")
    INTO old_items FROM old_rows a JOIN "users" u ON u."id" = a."user_id";
  SELECT array_agg(ROW(a."user_id", a."module_id", u."unit", u."rank", a."started_at", a."completed_at", a."due_at", a."game_status",
                       a."run_answers_before", a."run_answers_after")::"progress_item")
    INTO new_items FROM new_rows a JOIN "users" u ON u."id" = a."user_id";
  PERFORM "progress_change"(old_items, new_items);
  IF EXISTS (SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n."user_id" = o."user_id" AND n."module_id" = o."module_id"
             WHERE o."run_answers_before" IS DISTINCT FROM n."run_answers_before" OR o."run_answers_after" IS DISTINCT FROM n."run_answers_after") THEN
    PERFORM "progress_score_change"(old_items, new_items);
  END IF;
  RETURN NULL;
END $$;
