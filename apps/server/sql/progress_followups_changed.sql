-- The current definition of this function: to change it, change it here and include this file
-- from a new migration (docs/architecture.md, "SQL functions").
CREATE OR REPLACE FUNCTION "progress_followups_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE who record;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."answered_at" > 0 AND OLD."counted" THEN
    SELECT "unit", "rank" INTO who FROM "users" WHERE "id" = OLD."user_id";
    IF FOUND THEN
      PERFORM "progress_followup_change"(OLD."module_id", who."unit", who."rank", OLD."scores", OLD."changes", -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."answered_at" > 0 AND NEW."counted" THEN
    SELECT "unit", "rank" INTO who FROM "users" WHERE "id" = NEW."user_id";
    IF FOUND THEN
      PERFORM "progress_followup_change"(NEW."module_id", who."unit", who."rank", NEW."scores", NEW."changes", 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;
