-- The users list's filters and sorting (role and activity in user_search, the last sign-in),
-- and progress counts that follow a user's unit or rank through a row trigger.
ALTER TABLE "user_search" ADD COLUMN "role" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_search" ADD COLUMN "active_at" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_login_at" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The users list's filters read role and activity from user_search, the narrow copy.
CREATE OR REPLACE FUNCTION "user_search_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "user_search" ("id", "sort_key", "haystack", "user_name", "first_name", "last_name", "rank", "unit", "pending", "role", "active_at")
  VALUES (NEW."id", lower(NEW."last_name") COLLATE "C", lower(NEW."first_name" || ' ' || NEW."last_name" || ' ' || NEW."user_name"),
          NEW."user_name", NEW."first_name", NEW."last_name", NEW."rank", NEW."unit", NEW."pending", NEW."role", NEW."active_at")
  ON CONFLICT ("id") DO UPDATE SET "sort_key" = EXCLUDED."sort_key", "haystack" = EXCLUDED."haystack",
    "user_name" = EXCLUDED."user_name", "first_name" = EXCLUDED."first_name", "last_name" = EXCLUDED."last_name",
    "rank" = EXCLUDED."rank", "unit" = EXCLUDED."unit", "pending" = EXCLUDED."pending", "role" = EXCLUDED."role", "active_at" = EXCLUDED."active_at";
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "users_search" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_search" AFTER INSERT OR UPDATE OF "first_name", "last_name", "user_name", "rank", "unit", "pending", "role", "active_at" ON "users" FOR EACH ROW EXECUTE FUNCTION "user_search_row"();
--> statement-breakpoint
UPDATE "user_search" s SET "role" = u."role", "active_at" = u."active_at" FROM "users" u WHERE u."id" = s."id";
--> statement-breakpoint
-- The user's JSON carries the last sign-in (the users list shows it).
CREATE OR REPLACE FUNCTION "user_listing_json"(u "users") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '{"id":' || to_json(u."id")
    || ',"user_name":' || to_json(u."user_name")
    || ',"first_name":' || to_json(u."first_name")
    || ',"last_name":' || to_json(u."last_name")
    || ',"rank":' || to_json(u."rank")
    || ',"unit":' || to_json(u."unit")
    || ',"sex":' || to_json(u."sex")
    || ',"role":' || to_json(u."role")
    || ',"modules":[' || coalesce(string_agg(to_json(a."module_id")::text, ',' ORDER BY a."created_at", a."module_id"), '')
    || '],"active_at":' || u."active_at"
    || ',"pending":' || u."pending"
    || ',"invite_code":' || to_json(coalesce(u."invite_code", ''))
    || ',"last_invite_at":' || u."last_invite_at"
    || ',"last_login_at":' || u."last_login_at"
    || ',"assignments":[' || coalesce(string_agg(
         '{"key":' || to_json(a."module_id")
         || ',"created_at":' || a."created_at"
         || ',"started_at":' || a."started_at"
         || ',"completed_at":' || a."completed_at"
         || ',"revoked_at":' || a."revoked_at"
         || ',"due_at":' || a."due_at"
         || ',"game_status":' || a."game_status" || '}',
         ',' ORDER BY a."created_at", a."module_id"), '')
    || ']}'
  FROM "assignments" a WHERE a."user_id" = u."id"
$$;
--> statement-breakpoint
--> statement-breakpoint
DROP TRIGGER "users_listing" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_listing" BEFORE INSERT OR UPDATE OF "id", "user_name", "first_name", "last_name", "rank", "unit", "sex", "role", "active_at", "pending", "invite_code", "last_invite_at", "last_login_at" ON "users" FOR EACH ROW EXECUTE FUNCTION "users_listing_row"();
--> statement-breakpoint
UPDATE "users" u SET "listing" = "user_listing_json"(u);
--> statement-breakpoint
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
--> statement-breakpoint
CREATE INDEX "user_search_unit_rank_idx" ON "user_search" USING btree ("unit","rank");
--> statement-breakpoint
CREATE INDEX "users_last_login_order_idx" ON "users" USING btree ((-"last_login_at"),"id" collate "C");
