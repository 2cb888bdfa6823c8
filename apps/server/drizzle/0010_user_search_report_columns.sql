-- user_search becomes the narrow copy of users for every read that goes through
-- many users: search, and now the module report, which reads these columns
-- instead of the users rows (~1.4 KB each with their JSON).
ALTER TABLE "user_search" ADD COLUMN "user_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_search" ADD COLUMN "first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_search" ADD COLUMN "last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_search" ADD COLUMN "rank" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_search" ADD COLUMN "unit" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_search" ADD COLUMN "pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "user_search_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "user_search" ("id", "sort_key", "haystack", "user_name", "first_name", "last_name", "rank", "unit", "pending")
  VALUES (NEW."id", lower(NEW."last_name") COLLATE "C", lower(NEW."first_name" || ' ' || NEW."last_name" || ' ' || NEW."user_name"),
          NEW."user_name", NEW."first_name", NEW."last_name", NEW."rank", NEW."unit", NEW."pending")
  ON CONFLICT ("id") DO UPDATE SET "sort_key" = EXCLUDED."sort_key", "haystack" = EXCLUDED."haystack",
    "user_name" = EXCLUDED."user_name", "first_name" = EXCLUDED."first_name", "last_name" = EXCLUDED."last_name",
    "rank" = EXCLUDED."rank", "unit" = EXCLUDED."unit", "pending" = EXCLUDED."pending";
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "users_search" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_search" AFTER INSERT OR UPDATE OF "first_name", "last_name", "user_name", "rank", "unit", "pending" ON "users" FOR EACH ROW EXECUTE FUNCTION "user_search_row"();
--> statement-breakpoint
UPDATE "user_search" s SET "user_name" = u."user_name", "first_name" = u."first_name", "last_name" = u."last_name",
  "rank" = u."rank", "unit" = u."unit", "pending" = u."pending"
FROM "users" u WHERE u."id" = s."id";
--> statement-breakpoint
CREATE INDEX "user_search_sort_key_id_idx" ON "user_search" USING btree ("sort_key","id");
