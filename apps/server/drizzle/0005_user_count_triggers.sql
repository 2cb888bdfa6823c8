-- Statement-level triggers with transition tables: one update per statement, however many rows.
INSERT INTO "user_count" ("id", "n") SELECT 1, count(*) FROM "users" ON CONFLICT ("id") DO UPDATE SET "n" = EXCLUDED."n";
--> statement-breakpoint
CREATE FUNCTION "user_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "user_count" SET "n" = "n" + (SELECT count(*) FROM new_rows) WHERE "id" = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "user_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "user_count" SET "n" = "n" - (SELECT count(*) FROM old_rows) WHERE "id" = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_count_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_count_inserted"();
--> statement-breakpoint
CREATE TRIGGER "users_count_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_count_deleted"();
