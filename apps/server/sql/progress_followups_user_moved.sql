-- The current definition of this function: to change it, change it here and include this file
-- from a new migration (docs/architecture.md, "SQL functions").
CREATE OR REPLACE FUNCTION "progress_followups_user_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "progress_followup_change"(f."module_id", OLD."unit", OLD."rank", f."scores", f."changes", -1),
          "progress_followup_change"(f."module_id", NEW."unit", NEW."rank", f."scores", f."changes", 1)
  FROM "followups" f WHERE f."user_id" = NEW."id" AND f."answered_at" > 0 AND f."counted";
  RETURN NULL;
END $$;
