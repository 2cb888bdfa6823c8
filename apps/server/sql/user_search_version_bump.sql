-- The current definition of this function: to change it, change it here and include this file
-- from a new migration (docs/architecture.md, "SQL functions").
CREATE OR REPLACE FUNCTION "user_search_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'TRUNCATE' THEN
    IF current_setting('airman.user_search_bumped', true) = 'on' THEN
      RETURN NULL;
    END IF;
    PERFORM set_config('airman.user_search_bumped', 'on', true);
  END IF;
  UPDATE "user_search_version" SET "n" = "n" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;
