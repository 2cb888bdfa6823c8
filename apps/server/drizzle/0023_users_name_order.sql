-- The users list's order by name: last name, then first name, then e-mail, each lower-cased,
-- joined by chr(1) and compared byte-wise (NAME_ORDER_SQL in schema.ts), instead of the last name
-- alone, which left users of one last name, and every pending invitee (no name yet), in id order.
-- Still one text, so every keyset cursor, index and statement over (sort_key, id) stays as it is.
CREATE OR REPLACE FUNCTION "user_search_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "user_search" ("id", "sort_key", "haystack", "user_name", "first_name", "last_name", "rank", "unit", "pending", "role", "active_at")
  VALUES (NEW."id", (lower(NEW."last_name") || chr(1) || lower(NEW."first_name") || chr(1) || lower(NEW."user_name")) COLLATE "C",
          lower(NEW."first_name" || ' ' || NEW."last_name" || ' ' || NEW."user_name"),
          NEW."user_name", NEW."first_name", NEW."last_name", NEW."rank", NEW."unit", NEW."pending", NEW."role", NEW."active_at")
  ON CONFLICT ("id") DO UPDATE SET "sort_key" = EXCLUDED."sort_key", "haystack" = EXCLUDED."haystack",
    "user_name" = EXCLUDED."user_name", "first_name" = EXCLUDED."first_name", "last_name" = EXCLUDED."last_name",
    "rank" = EXCLUDED."rank", "unit" = EXCLUDED."unit", "pending" = EXCLUDED."pending", "role" = EXCLUDED."role", "active_at" = EXCLUDED."active_at";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every user's key again, from the names user_search copies (the trigger keeps them equal to
-- users'). The row trigger of migration 0020 (user_search_assignments) carries each new key to
-- the user's rows of assignment_search.
UPDATE "user_search" SET "sort_key" = (lower("last_name") || chr(1) || lower("first_name") || chr(1) || lower("user_name")) COLLATE "C"
WHERE "sort_key" <> (lower("last_name") || chr(1) || lower("first_name") || chr(1) || lower("user_name")) COLLATE "C";
--> statement-breakpoint
-- The unfiltered pages walk users in the same order, by this index's expression.
DROP INDEX "users_last_name_id_idx";--> statement-breakpoint
CREATE INDEX "users_name_order_idx" ON "users" USING btree ((lower(last_name) || chr(1) || lower(first_name) || chr(1) || lower(user_name)) COLLATE "C","id");
