CREATE TABLE "user_search" (
	"id" text PRIMARY KEY NOT NULL,
	"sort_key" text COLLATE "C" NOT NULL,
	"haystack" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "user_search" ADD CONSTRAINT "user_search_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The same expressions as the users list's sort index and the search of before.
CREATE FUNCTION "user_search_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "user_search" ("id", "sort_key", "haystack")
  VALUES (NEW."id", lower(NEW."last_name") COLLATE "C", lower(NEW."first_name" || ' ' || NEW."last_name" || ' ' || NEW."user_name"))
  ON CONFLICT ("id") DO UPDATE SET "sort_key" = EXCLUDED."sort_key", "haystack" = EXCLUDED."haystack";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_search" AFTER INSERT OR UPDATE OF "first_name", "last_name", "user_name" ON "users" FOR EACH ROW EXECUTE FUNCTION "user_search_row"();
--> statement-breakpoint
INSERT INTO "user_search" ("id", "sort_key", "haystack")
SELECT "id", lower("last_name") COLLATE "C", lower("first_name" || ' ' || "last_name" || ' ' || "user_name") FROM "users";
--> statement-breakpoint
CREATE INDEX "user_search_trgm_idx" ON "user_search" USING gin ("haystack" gin_trgm_ops);
