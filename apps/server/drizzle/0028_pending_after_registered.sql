-- The users list's order by name puts pending invitees after every registered user, by e-mail
-- (NAME_ORDER_SQL in schema.ts): a registered user's key starts with chr(1), an invitee's with
-- chr(2). Before, invitees (no name yet) had the lowest keys and filled the list's first pages.
-- Still one text, so every keyset cursor, index and statement over (sort_key, id) stays as it is.
CREATE OR REPLACE FUNCTION "user_search_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "user_search" ("id", "sort_key", "haystack", "user_name", "first_name", "last_name", "rank", "unit", "pending", "role", "active_at")
  VALUES (NEW."id", (CASE WHEN NEW."pending" THEN chr(2) || lower(NEW."user_name") ELSE chr(1) || lower(NEW."last_name") || chr(1) || lower(NEW."first_name") || chr(1) || lower(NEW."user_name") END) COLLATE "C",
          lower(NEW."first_name" || ' ' || NEW."last_name" || ' ' || NEW."user_name"),
          NEW."user_name", NEW."first_name", NEW."last_name", NEW."rank", NEW."unit", NEW."pending", NEW."role", NEW."active_at")
  ON CONFLICT ("id") DO UPDATE SET "sort_key" = EXCLUDED."sort_key", "haystack" = EXCLUDED."haystack",
    "user_name" = EXCLUDED."user_name", "first_name" = EXCLUDED."first_name", "last_name" = EXCLUDED."last_name",
    "rank" = EXCLUDED."rank", "unit" = EXCLUDED."unit", "pending" = EXCLUDED."pending", "role" = EXCLUDED."role", "active_at" = EXCLUDED."active_at";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every user's key again, from the columns user_search copies (the trigger keeps them equal to
-- users'). The row trigger of migration 0020 (user_search_assignments) carries each new key to
-- the user's rows of assignment_search.
UPDATE "user_search" SET "sort_key" = (CASE WHEN "pending" THEN chr(2) || lower("user_name") ELSE chr(1) || lower("last_name") || chr(1) || lower("first_name") || chr(1) || lower("user_name") END) COLLATE "C"
WHERE "sort_key" <> (CASE WHEN "pending" THEN chr(2) || lower("user_name") ELSE chr(1) || lower("last_name") || chr(1) || lower("first_name") || chr(1) || lower("user_name") END) COLLATE "C";
--> statement-breakpoint
-- The unfiltered pages walk users in the same order, by this index's expression.
DROP INDEX "users_name_order_idx";--> statement-breakpoint
CREATE INDEX "users_name_order_idx" ON "users" USING btree ((CASE WHEN pending THEN chr(2) || lower(user_name) ELSE chr(1) || lower(last_name) || chr(1) || lower(first_name) || chr(1) || lower(user_name) END) COLLATE "C","id");