-- The current definition of this function: to change it, change it here and include this file
-- from a new migration (docs/architecture.md, "SQL functions").
CREATE OR REPLACE FUNCTION "progress_questionnaire_saved"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE items "progress_item"[];
BEGIN
  DELETE FROM "progress_answers" WHERE "module_id" = NEW."module_id";
  DELETE FROM "progress_changes" WHERE "module_id" = NEW."module_id";
  SELECT array_agg(ROW(a."user_id", a."module_id", u."unit", u."rank", a."started_at", a."completed_at", a."due_at", a."game_status",
                       a."run_answers_before", a."run_answers_after")::"progress_item")
    INTO items FROM "assignments" a JOIN "users" u ON u."id" = a."user_id"
    WHERE a."module_id" = NEW."module_id" AND (a."run_answers_before" IS NOT NULL OR a."run_answers_after" IS NOT NULL);
  PERFORM "progress_score"(items, 1);
  RETURN NULL;
END $$;
