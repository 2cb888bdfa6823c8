-- The current definition of this function: to change it, change it here and include this file
-- from a new migration (docs/architecture.md, "SQL functions").
CREATE OR REPLACE FUNCTION "users_listing_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."listing" := "user_listing_json"(NEW);
  RETURN NEW;
END $$;
