-- The current definition of this function: to change it, change it here and include this file
-- from a new migration (docs/architecture.md, "SQL functions").
CREATE OR REPLACE FUNCTION "user_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "user_count" SET "n" = "n" + (SELECT count(*) FROM new_rows) WHERE "id" = 1;
  RETURN NULL;
END $$;
