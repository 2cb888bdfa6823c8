-- The current definition of this function: to change it, change it here and include this file
-- from a new migration (docs/architecture.md, "SQL functions").
CREATE OR REPLACE FUNCTION "assignment_search_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "assignment_search" SET "sort_key" = NEW."sort_key", "unit" = NEW."unit" WHERE "user_id" = NEW."id";
  RETURN NULL;
END $$;
