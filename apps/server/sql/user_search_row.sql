-- The current definition of this function: to change it, change it here and include this file
-- from a new migration (docs/architecture.md, "SQL functions").
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
