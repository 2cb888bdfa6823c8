CREATE TABLE "user_search_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
-- Grows by one with every transaction that changes user_search, when it commits.
-- A deferred constraint trigger runs at commit, after the transaction's other
-- locks are taken, so writers wait for this row only while committing (no
-- deadlock with their own row locks); a transaction-local setting makes it one
-- update per transaction, however many rows.
INSERT INTO "user_search_version" ("id", "n") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION "user_search_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_search_version" AFTER INSERT OR UPDATE OR DELETE ON "user_search" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "user_search_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "user_search_version_truncate" AFTER TRUNCATE ON "user_search" FOR EACH STATEMENT EXECUTE FUNCTION "user_search_version_bump"();
