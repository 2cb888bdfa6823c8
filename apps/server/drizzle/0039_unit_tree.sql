-- Units form a tree by their text: "655 ISRW/Det 2" is under "655 ISRW" (docs/decisions/029-unit-tree-and-unit-admins.md).
-- unit_path is a unit's key in that tree: its segments (split at '/') trimmed, lower-cased, joined
-- by '/', with a '/' after the last one ('' for no unit), as unitPath in packages/contracts/src/units.ts.
-- A unit's sub-tree is then one range in "C" order, unit_path(u) <= key < unit_path_end(u), an index range scan whatever its depth.
CREATE FUNCTION unit_path(unit text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN unit ~ '^\s*$' THEN ''
  ELSE lower(regexp_replace(regexp_replace(unit, '^\s+|\s+$', '', 'g'), '\s*/\s*', '/', 'g')) || '/' END $$;
--> statement-breakpoint
-- Just above every key of the sub-tree: the key with its last '/' turned into '0', the next character.
CREATE FUNCTION unit_path_end(unit text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT left(unit_path(unit), -1) || '0' $$;
--> statement-breakpoint
ALTER TABLE "user_search" ADD COLUMN "unit_path" text COLLATE "C" GENERATED ALWAYS AS (unit_path("unit")) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "assignment_search" ADD COLUMN "unit_path" text COLLATE "C" GENERATED ALWAYS AS (unit_path("unit")) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "progress_status" ADD COLUMN "unit_path" text COLLATE "C" GENERATED ALWAYS AS (unit_path("unit")) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "progress_completions" ADD COLUMN "unit_path" text COLLATE "C" GENERATED ALWAYS AS (unit_path("unit")) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "progress_status_by_unit" ADD COLUMN "unit_path" text COLLATE "C" GENERATED ALWAYS AS (unit_path("unit")) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "progress_completions_by_unit" ADD COLUMN "unit_path" text COLLATE "C" GENERATED ALWAYS AS (unit_path("unit")) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "progress_answers" ADD COLUMN "unit_path" text COLLATE "C" GENERATED ALWAYS AS (unit_path("unit")) STORED NOT NULL;
--> statement-breakpoint
-- The unit filter's pages by name and by rank, and a unit's overdue trainees, now by sub-tree.
DROP INDEX "user_search_unit_order_idx";
--> statement-breakpoint
DROP INDEX "user_search_unit_rank_order_idx";
--> statement-breakpoint
CREATE INDEX "user_search_unit_path_order_idx" ON "user_search" USING btree ("unit_path","sort_key","id" collate "C");
--> statement-breakpoint
CREATE INDEX "user_search_unit_path_rank_order_idx" ON "user_search" USING btree ("unit_path",(coalesce(array_position(ARRAY['Civ','AB','Amn','A1C','SrA','SSgt','TSgt','MSgt','SMSgt','CMSgt','CCM','CMSAF','2d Lt','1st Lt','Capt','Maj','Lt Col','Col','Brig Gen','Maj Gen','Lt Gen','Gen','CSAF','GAF']::text[], "rank"), 25)),"sort_key","id" collate "C");
--> statement-breakpoint
CREATE INDEX "user_search_unit_path_rank_idx" ON "user_search" USING btree ("unit_path","rank");
--> statement-breakpoint
-- A module's page of a unit's sub-tree never leaves the index: unit_path in place of unit.
DROP INDEX "assignment_search_order_idx";
--> statement-breakpoint
CREATE INDEX "assignment_search_order_idx" ON "assignment_search" USING btree ("module_id","sort_key","user_id" collate "C","unit_path","started","completed","game_status","due_at");
