-- The users list's module filters: a narrow copy of assignments beside their user's name order
-- and unit (assignment_search, schema.ts), kept by triggers, so that a module's page in a status
-- walks one index in name order over the module's assignments only.
CREATE TABLE "assignment_search" (
	"user_id" text NOT NULL,
	"module_id" text NOT NULL,
	"sort_key" text COLLATE "C" NOT NULL,
	"unit" text NOT NULL,
	"started" boolean NOT NULL,
	"completed" boolean NOT NULL,
	"game_status" integer NOT NULL,
	"due_at" bigint NOT NULL,
	CONSTRAINT "assignment_search_user_id_module_id_pk" PRIMARY KEY("user_id","module_id")
);
--> statement-breakpoint
-- A removed assignment (or user) takes its row along.
ALTER TABLE "assignment_search" ADD CONSTRAINT "assignment_search_user_id_module_id_assignments_user_id_module_id_fk" FOREIGN KEY ("user_id","module_id") REFERENCES "public"."assignments"("user_id","module_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
-- New assignments, a statement at a time (assigning a module to many users is one insert).
CREATE OR REPLACE FUNCTION "assignment_search_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "assignment_search" ("user_id", "module_id", "sort_key", "unit", "started", "completed", "game_status", "due_at")
  SELECT n."user_id", n."module_id", s."sort_key", s."unit", n."started_at" > 0, n."completed_at" > 0, n."game_status", n."due_at"
    FROM new_rows n JOIN "user_search" s ON s."id" = n."user_id"
  ON CONFLICT ("user_id", "module_id") DO UPDATE SET "sort_key" = EXCLUDED."sort_key", "unit" = EXCLUDED."unit",
    "started" = EXCLUDED."started", "completed" = EXCLUDED."completed", "game_status" = EXCLUDED."game_status", "due_at" = EXCLUDED."due_at";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "assignments_search_insert" AFTER INSERT ON "assignments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "assignment_search_inserted"();
--> statement-breakpoint
-- A started, finished or rescheduled assignment: a row trigger that fires only when what decides
-- its status changed (a game's moves and the run results kept on the row leave it alone).
CREATE OR REPLACE FUNCTION "assignment_search_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "assignment_search" SET "started" = NEW."started_at" > 0, "completed" = NEW."completed_at" > 0,
    "game_status" = NEW."game_status", "due_at" = NEW."due_at"
  WHERE "user_id" = NEW."user_id" AND "module_id" = NEW."module_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "assignments_search_update" AFTER UPDATE OF "started_at", "completed_at", "game_status", "due_at" ON "assignments" FOR EACH ROW
  WHEN ((OLD."started_at" > 0) IS DISTINCT FROM (NEW."started_at" > 0) OR (OLD."completed_at" > 0) IS DISTINCT FROM (NEW."completed_at" > 0)
        OR OLD."game_status" IS DISTINCT FROM NEW."game_status" OR OLD."due_at" IS DISTINCT FROM NEW."due_at")
  EXECUTE FUNCTION "assignment_search_updated"();
--> statement-breakpoint
-- A renamed user, or one moved to another unit: their assignments follow (user_search holds the
-- name order, from the users trigger of migration 0019).
CREATE OR REPLACE FUNCTION "assignment_search_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "assignment_search" SET "sort_key" = NEW."sort_key", "unit" = NEW."unit" WHERE "user_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "user_search_assignments" AFTER UPDATE OF "sort_key", "unit" ON "user_search" FOR EACH ROW
  WHEN (OLD."sort_key" IS DISTINCT FROM NEW."sort_key" OR OLD."unit" IS DISTINCT FROM NEW."unit")
  EXECUTE FUNCTION "assignment_search_user_changed"();
--> statement-breakpoint
INSERT INTO "assignment_search" ("user_id", "module_id", "sort_key", "unit", "started", "completed", "game_status", "due_at")
SELECT a."user_id", a."module_id", s."sort_key", s."unit", a."started_at" > 0, a."completed_at" > 0, a."game_status", a."due_at"
  FROM "assignments" a JOIN "user_search" s ON s."id" = a."user_id";
--> statement-breakpoint
-- Built after the copy (faster than growing it row by row).
CREATE INDEX "assignment_search_order_idx" ON "assignment_search" USING btree ("module_id","sort_key","user_id" collate "C","unit","started","completed","game_status","due_at");
--> statement-breakpoint
-- A unit's page by name and by rank walks one index in the page's order (rather than the name
-- order with every user of other units skipped, or all the unit's users sorted by rank).
CREATE INDEX "user_search_unit_order_idx" ON "user_search" USING btree ("unit","sort_key","id" collate "C");
--> statement-breakpoint
CREATE INDEX "user_search_unit_rank_order_idx" ON "user_search" USING btree ("unit",(coalesce(array_position(ARRAY['Civ','AB','Amn','A1C','SrA','SSgt','TSgt','MSgt','SMSgt','CMSgt','CCM','CMSAF','2d Lt','1st Lt','Capt','Maj','Lt Col','Col','Brig Gen','Maj Gen','Lt Gen','Gen','CSAF','GAF']::text[], "rank"), 25)),"sort_key","id" collate "C");
--> statement-breakpoint
-- The count of a role's users reads this index only (not every user_search row).
CREATE INDEX "user_search_role_idx" ON "user_search" USING btree ("role");
