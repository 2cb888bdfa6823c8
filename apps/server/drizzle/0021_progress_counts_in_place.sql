CREATE TABLE "progress_completions_by_unit" (
	"module_id" text NOT NULL,
	"unit" text NOT NULL,
	"day" integer NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "progress_completions_by_unit_module_id_unit_day_pk" PRIMARY KEY("module_id","unit","day")
);
--> statement-breakpoint
CREATE TABLE "progress_status_by_unit" (
	"module_id" text NOT NULL,
	"unit" text NOT NULL,
	"started" boolean NOT NULL,
	"completed" boolean NOT NULL,
	"game_status" integer NOT NULL,
	"due_at" bigint NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "progress_status_by_unit_module_id_unit_started_completed_game_status_due_at_pk" PRIMARY KEY("module_id","unit","started","completed","game_status","due_at")
);
--> statement-breakpoint
CREATE INDEX "progress_completions_by_unit_day_idx" ON "progress_completions_by_unit" USING btree ("day");
--> statement-breakpoint
-- The progress counts (migration 0017) written by what a change changes, in place, and summed
-- without the rank too (progress_status_by_unit, progress_completions_by_unit: the figures that
-- are not of one rank read a tenth of the rows).
--
-- An update of assignments took its old rows away from the counts (n - 1) and added its new
-- ones (n + 1) in two statements: every update rewrote two count rows (and two more of the
-- completions for a completed assignment), even when they were one row whose count did not
-- move (a new run of a started or finished module, a run's results, the due date of a
-- completed assignment), and a row written twice in a transaction left both old versions
-- behind. Now the -1 and +1 of each count row are summed first, and only rows whose count
-- moves are written, each once.
ALTER TABLE "progress_status_by_unit" SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE "progress_completions_by_unit" SET (fillfactor = 70);
--> statement-breakpoint
-- What items change in the counts: -1 for each old item, +1 for each new one, with the count
-- row's key (due_at 0 once completed; day, the day completed, null when not completed).
CREATE FUNCTION "progress_item_deltas"(old_items "progress_item"[], new_items "progress_item"[])
  RETURNS TABLE ("module_id" text, "unit" text, "rank" text, "started" boolean, "completed" boolean, "game_status" integer,
                 "due_at" bigint, "day" integer, "d" integer) LANGUAGE sql IMMUTABLE AS $$
  SELECT i."module_id", i."unit", i."rank", i."started_at" > 0, i."completed_at" > 0, i."game_status",
         CASE WHEN i."completed_at" > 0 THEN 0 ELSE i."due_at" END,
         CASE WHEN i."completed_at" > 0 THEN (i."completed_at" / 86400000)::integer END, s."d"
  FROM (VALUES (-1, old_items), (1, new_items)) AS s("d", "items") CROSS JOIN LATERAL unnest(s."items") i
$$;
--> statement-breakpoint
-- Writes the count rows whose count moves, each once, in key order (so that two transactions
-- never wait for each other's rows in a circle).
CREATE FUNCTION "progress_change"(old_items "progress_item"[], new_items "progress_item"[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "progress_status" AS p ("module_id", "unit", "rank", "started", "completed", "game_status", "due_at", "n")
  SELECT "module_id", "unit", "rank", "started", "completed", "game_status", "due_at", sum("d")
  FROM "progress_item_deltas"(old_items, new_items)
  GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum("d") <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT ("module_id", "unit", "rank", "started", "completed", "game_status", "due_at") DO UPDATE SET "n" = p."n" + EXCLUDED."n";
  INSERT INTO "progress_status_by_unit" AS p ("module_id", "unit", "started", "completed", "game_status", "due_at", "n")
  SELECT "module_id", "unit", "started", "completed", "game_status", "due_at", sum("d")
  FROM "progress_item_deltas"(old_items, new_items)
  GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum("d") <> 0 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ("module_id", "unit", "started", "completed", "game_status", "due_at") DO UPDATE SET "n" = p."n" + EXCLUDED."n";
  INSERT INTO "progress_completions" AS p ("module_id", "unit", "rank", "day", "n")
  SELECT "module_id", "unit", "rank", "day", sum("d")
  FROM "progress_item_deltas"(old_items, new_items) WHERE "day" IS NOT NULL
  GROUP BY 1, 2, 3, 4 HAVING sum("d") <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("module_id", "unit", "rank", "day") DO UPDATE SET "n" = p."n" + EXCLUDED."n";
  INSERT INTO "progress_completions_by_unit" AS p ("module_id", "unit", "day", "n")
  SELECT "module_id", "unit", "day", sum("d")
  FROM "progress_item_deltas"(old_items, new_items) WHERE "day" IS NOT NULL
  GROUP BY 1, 2, 3 HAVING sum("d") <> 0 ORDER BY 1, 2, 3
  ON CONFLICT ("module_id", "unit", "day") DO UPDATE SET "n" = p."n" + EXCLUDED."n";
$$;
--> statement-breakpoint
-- New and removed assignments (the insert and delete triggers, a deleted user) the same way.
CREATE OR REPLACE FUNCTION "progress_count"(items "progress_item"[], sign integer) RETURNS void LANGUAGE sql AS $$
  SELECT "progress_change"(CASE WHEN sign < 0 THEN items END, CASE WHEN sign > 0 THEN items END);
$$;
--> statement-breakpoint
-- Each item's score in each domain of its module's questionnaire (the mean of its answers to the
-- domain's items, reverse items mirrored, as a percentage of the scale), as 0017 scored them.
CREATE FUNCTION "progress_item_scores"(items "progress_item"[])
  RETURNS TABLE ("module_id" text, "unit" text, "rank" text, "phase" text, "domain" text, "score" numeric) LANGUAGE sql STABLE AS $$
  SELECT i."module_id", i."unit", i."rank", a."phase", it->>'domain',
         (avg(CASE WHEN (it->>'reverse')::boolean THEN sc."hi" + sc."lo" - (e.value)::numeric ELSE (e.value)::numeric END) - sc."lo")
           / (sc."hi" - sc."lo") * 100
  FROM unnest(items) i
  JOIN "questionnaires" q ON q."module_id" = i."module_id"
  CROSS JOIN LATERAL (SELECT min((s->>'value')::numeric) AS "lo", max((s->>'value')::numeric) AS "hi"
                      FROM jsonb_array_elements(q."content"->'scale') s) sc
  CROSS JOIN LATERAL (VALUES ('before', i."answers_before"), ('after', i."answers_after")) AS a("phase", "answers")
  CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(a."answers") = 'object' THEN a."answers" ELSE '{}'::jsonb END) e
  JOIN LATERAL jsonb_array_elements(q."content"->'items') it ON it->>'id' = e.key
  WHERE jsonb_typeof(e.value) = 'number' AND sc."hi" > sc."lo"
  GROUP BY i."user_id", i."module_id", i."unit", i."rank", a."phase", it->>'domain', sc."lo", sc."hi"
$$;
--> statement-breakpoint
-- The questionnaire sums the same way: a row is written only where its sum or its count moves.
CREATE FUNCTION "progress_score_change"(old_items "progress_item"[], new_items "progress_item"[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "progress_answers" AS p ("module_id", "unit", "rank", "phase", "domain", "score_sum", "n")
  SELECT t."module_id", t."unit", t."rank", t."phase", t."domain", sum(t."d" * t."score"), sum(t."d")
  FROM (SELECT -1 AS "d", o.* FROM "progress_item_scores"(old_items) o
        UNION ALL SELECT 1, n.* FROM "progress_item_scores"(new_items) n) t
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(t."d") <> 0 OR sum(t."d" * t."score") <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("module_id", "unit", "rank", "phase", "domain") DO UPDATE
    SET "score_sum" = p."score_sum" + EXCLUDED."score_sum", "n" = p."n" + EXCLUDED."n";
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "progress_score"(items "progress_item"[], sign integer) RETURNS void LANGUAGE sql AS $$
  SELECT "progress_score_change"(CASE WHEN sign < 0 THEN items END, CASE WHEN sign > 0 THEN items END);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "progress_assignments_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE old_items "progress_item"[]; new_items "progress_item"[];
BEGIN
  SELECT array_agg(ROW(a."user_id", a."module_id", u."unit", u."rank", a."started_at", a."completed_at", a."due_at", a."game_status",
                       a."run_answers_before", a."run_answers_after")::"progress_item")
    INTO old_items FROM old_rows a JOIN "users" u ON u."id" = a."user_id";
  SELECT array_agg(ROW(a."user_id", a."module_id", u."unit", u."rank", a."started_at", a."completed_at", a."due_at", a."game_status",
                       a."run_answers_before", a."run_answers_after")::"progress_item")
    INTO new_items FROM new_rows a JOIN "users" u ON u."id" = a."user_id";
  PERFORM "progress_change"(old_items, new_items);
  IF EXISTS (SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n."user_id" = o."user_id" AND n."module_id" = o."module_id"
             WHERE o."run_answers_before" IS DISTINCT FROM n."run_answers_before" OR o."run_answers_after" IS DISTINCT FROM n."run_answers_after") THEN
    PERFORM "progress_score_change"(old_items, new_items);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "progress_user_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE old_items "progress_item"[]; new_items "progress_item"[];
BEGIN
  SELECT array_agg(ROW(a."user_id", a."module_id", OLD."unit", OLD."rank", a."started_at", a."completed_at", a."due_at", a."game_status",
                       a."run_answers_before", a."run_answers_after")::"progress_item"),
         array_agg(ROW(a."user_id", a."module_id", NEW."unit", NEW."rank", a."started_at", a."completed_at", a."due_at", a."game_status",
                       a."run_answers_before", a."run_answers_after")::"progress_item")
    INTO old_items, new_items
    FROM "assignments" a WHERE a."user_id" = NEW."id";
  PERFORM "progress_change"(old_items, new_items);
  PERFORM "progress_score_change"(old_items, new_items);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Room on each page for a row's next versions, so that a count's update (its key, the whole
-- primary key, does not change) is a heap-only tuple: the index is not touched, and the page's
-- old versions are pruned as it is read, without waiting for a VACUUM (which PGlite runs only
-- every six hours, db/embedded-maintenance.ts). CLUSTER rewrites the tables with that room and
-- without the old versions an installation has gathered.
ALTER TABLE "progress_status" SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE "progress_completions" SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE "progress_answers" SET (fillfactor = 70);
--> statement-breakpoint
CLUSTER "progress_status" USING "progress_status_module_id_unit_rank_started_completed_game_stat";
--> statement-breakpoint
CLUSTER "progress_completions" USING "progress_completions_module_id_unit_rank_day_pk";
--> statement-breakpoint
CLUSTER "progress_answers" USING "progress_answers_module_id_unit_rank_phase_domain_pk";
--> statement-breakpoint
-- The counts without the rank, from those with it.
INSERT INTO "progress_status_by_unit" ("module_id", "unit", "started", "completed", "game_status", "due_at", "n")
SELECT "module_id", "unit", "started", "completed", "game_status", "due_at", sum("n") FROM "progress_status"
GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum("n") <> 0 ORDER BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO "progress_completions_by_unit" ("module_id", "unit", "day", "n")
SELECT "module_id", "unit", "day", sum("n") FROM "progress_completions" GROUP BY 1, 2, 3 HAVING sum("n") <> 0 ORDER BY 1, 2, 3;
