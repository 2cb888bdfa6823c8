-- A user's unit or rank moving their assignments between the progress counts (migration 0017)
-- was a statement trigger with transition tables on every UPDATE of users. Users are updated
-- for many other reasons (sign-ins, the stored assignments list after each assignment change),
-- and capturing their whole old and new rows for each statement made inserting 2,000
-- assignments take 18.7 s instead of 2.4 s on PGlite. A row trigger that fires only when the
-- unit or the rank changed costs nothing otherwise.
DROP TRIGGER "users_progress_update" ON "users";
--> statement-breakpoint
DROP FUNCTION "progress_users_updated"();
--> statement-breakpoint
CREATE FUNCTION "progress_user_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE old_items "progress_item"[]; new_items "progress_item"[];
BEGIN
  SELECT array_agg(ROW(a."user_id", a."module_id", OLD."unit", OLD."rank", a."started_at", a."completed_at", a."due_at", a."game_status",
                       a."run_answers_before", a."run_answers_after")::"progress_item"),
         array_agg(ROW(a."user_id", a."module_id", NEW."unit", NEW."rank", a."started_at", a."completed_at", a."due_at", a."game_status",
                       a."run_answers_before", a."run_answers_after")::"progress_item")
    INTO old_items, new_items
    FROM "assignments" a WHERE a."user_id" = NEW."id";
  IF old_items IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM "progress_count"(old_items, -1);
  PERFORM "progress_score"(old_items, -1);
  PERFORM "progress_count"(new_items, 1);
  PERFORM "progress_score"(new_items, 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_progress_moved" AFTER UPDATE OF "unit", "rank" ON "users" FOR EACH ROW
  WHEN (OLD."unit" IS DISTINCT FROM NEW."unit" OR OLD."rank" IS DISTINCT FROM NEW."rank")
  EXECUTE FUNCTION "progress_user_moved"();
