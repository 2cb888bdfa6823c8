-- A user's new unit or rank moves their counts: a row trigger that fires only when one of
-- them changed, instead of a statement trigger with transition tables, which copied every
-- updated users row (each with its JSON) on every update of users, the listing's included
-- (a rebuild of 100,000 listings spilled them to disk).
DROP TRIGGER IF EXISTS "users_progress_update" ON "users";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "progress_users_updated"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_progress_move" ON "users";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "progress_user_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE old_items "progress_item"[]; new_items "progress_item"[];
BEGIN
  SELECT array_agg(ROW(a."user_id", a."module_id", OLD."unit", OLD."rank", a."started_at", a."completed_at", a."due_at", a."game_status",
                       a."run_answers_before", a."run_answers_after")::"progress_item"),
         array_agg(ROW(a."user_id", a."module_id", NEW."unit", NEW."rank", a."started_at", a."completed_at", a."due_at", a."game_status",
                       a."run_answers_before", a."run_answers_after")::"progress_item")
    INTO old_items, new_items
    FROM "assignments" a WHERE a."user_id" = NEW."id";
  PERFORM "progress_count"(old_items, -1);
  PERFORM "progress_score"(old_items, -1);
  PERFORM "progress_count"(new_items, 1);
  PERFORM "progress_score"(new_items, 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_progress_move" AFTER UPDATE OF "unit", "rank" ON "users" FOR EACH ROW
  WHEN (OLD."unit" IS DISTINCT FROM NEW."unit" OR OLD."rank" IS DISTINCT FROM NEW."rank") EXECUTE FUNCTION "progress_user_moved"();
