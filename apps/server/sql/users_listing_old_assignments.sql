-- The current definition of this function: to change it, change it here and include this file
-- from a new migration (docs/architecture.md, "SQL functions").
CREATE OR REPLACE FUNCTION "users_listing_old_assignments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" u SET "listing" = "user_listing_json"(u) WHERE u."id" IN (SELECT "user_id" FROM old_rows);
  RETURN NULL;
END $$;
